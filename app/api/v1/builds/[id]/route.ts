/** /api/v1/builds/{id} (lib/api/v1/builds.ts). */
import { confirmBuildPlanEndpoint, getBuildEndpoint } from "@/lib/api/v1/builds";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(getBuildEndpoint);
export const POST = apiHandler(confirmBuildPlanEndpoint);
