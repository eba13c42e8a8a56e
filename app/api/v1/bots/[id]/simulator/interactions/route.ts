/** /api/v1/bots/{id}/simulator/interactions (lib/api/v1/simulator.ts). */
import { apiHandler } from "@/lib/api/v1/endpoint";
import { simulateInteractionEndpoint } from "@/lib/api/v1/simulator";

export const dynamic = "force-dynamic";

export const POST = apiHandler(simulateInteractionEndpoint);
