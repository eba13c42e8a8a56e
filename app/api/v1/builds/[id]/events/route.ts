/** /api/v1/builds/{id}/events (lib/api/v1/builds.ts). */
import { followBuildEndpoint } from "@/lib/api/v1/builds";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(followBuildEndpoint);
