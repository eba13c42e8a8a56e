/** /api/v1/bots/{id}/commands — the blueprint's commands (lib/api/v1/commands.ts). */
import { createCommandEndpoint, listCommandsEndpoint } from "@/lib/api/v1/commands";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(listCommandsEndpoint);
export const POST = apiHandler(createCommandEndpoint);
