/** /api/v1/auth/login (lib/api/v1/auth.ts). */
import { loginEndpoint } from "@/lib/api/v1/auth";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(loginEndpoint);
