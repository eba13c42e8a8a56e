/** /api/v1/bots — list and create (lib/api/v1/bots.ts). */
import { createBotEndpoint, listBotsEndpoint } from "@/lib/api/v1/bots";
import { apiHandler } from "@/lib/api/v1/endpoint";

export const dynamic = "force-dynamic";

export const GET = apiHandler(listBotsEndpoint);
export const POST = apiHandler(createBotEndpoint);
