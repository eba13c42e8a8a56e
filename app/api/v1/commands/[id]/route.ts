/** /api/v1/commands/{id} — one command of a bot's blueprint (lib/api/v1/commands.ts). */
import { deleteCommandEndpoint, updateCommandEndpoint } from "@/lib/api/v1/commands";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const PUT = apiHandler(updateCommandEndpoint);
export const DELETE = apiHandler(deleteCommandEndpoint);
