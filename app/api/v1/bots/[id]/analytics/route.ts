/** /api/v1/bots/{id}/analytics (lib/api/v1/analytics.ts). */
import { botAnalyticsEndpoint } from "@/lib/api/v1/analytics";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(botAnalyticsEndpoint);
