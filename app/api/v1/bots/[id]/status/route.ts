/** /api/v1/bots/{id}/status (lib/api/v1/bots.ts). */
import { botStatusEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(botStatusEndpoint);
