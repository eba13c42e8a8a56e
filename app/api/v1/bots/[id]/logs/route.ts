/** /api/v1/bots/{id}/logs (lib/api/v1/deploy.ts). */
import { botLogsEndpoint } from "@/lib/api/v1/deploy";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(botLogsEndpoint);
