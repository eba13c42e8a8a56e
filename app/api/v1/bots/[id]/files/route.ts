/** /api/v1/bots/{id}/files (lib/api/v1/deploy.ts). */
import { deployBotEndpoint } from "@/lib/api/v1/deploy";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const PUT = apiHandler(deployBotEndpoint);
