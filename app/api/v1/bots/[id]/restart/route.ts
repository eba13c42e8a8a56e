/** /api/v1/bots/{id}/restart (lib/api/v1/bots.ts). */
import { restartBotEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(restartBotEndpoint);
