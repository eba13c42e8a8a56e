/** /api/v1/bots/{id}/start (lib/api/v1/bots.ts). */
import { startBotEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(startBotEndpoint);
