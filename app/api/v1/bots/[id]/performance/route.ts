/** /api/v1/bots/{id}/performance (lib/api/v1/analytics.ts). */
import { botPerformanceEndpoint } from "@/lib/api/v1/analytics";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(botPerformanceEndpoint);
