/** /api/v1/bots/{id}/logs/events (lib/api/v1/deploy.ts). */
import { followBotLogsEndpoint } from "@/lib/api/v1/deploy";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(followBotLogsEndpoint);
