/** /api/v1/auth/logout (lib/api/v1/auth.ts). */
import { logoutEndpoint } from "@/lib/api/v1/auth";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(logoutEndpoint);
