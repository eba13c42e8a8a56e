/** /api/v1/auth/refresh (lib/api/v1/auth.ts). */
import { refreshEndpoint } from "@/lib/api/v1/auth";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(refreshEndpoint);
