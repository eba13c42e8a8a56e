/** /api/v1/bots/{id} — get, update, delete (lib/api/v1/bots.ts). */
import { deleteBotEndpoint, getBotEndpoint, updateBotEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(getBotEndpoint);
export const PUT = apiHandler(updateBotEndpoint);
export const DELETE = apiHandler(deleteBotEndpoint);
