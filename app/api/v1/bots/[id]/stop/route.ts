/** /api/v1/bots/{id}/stop (lib/api/v1/bots.ts). */
import { stopBotEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const POST = apiHandler(stopBotEndpoint);
