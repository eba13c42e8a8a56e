/** /api/v1/bots/{id}/versions (lib/api/v1/deploy.ts). */
import { listVersionsEndpoint } from "@/lib/api/v1/deploy";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(listVersionsEndpoint);
