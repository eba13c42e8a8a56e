/** /api/v1/bots/{id}/simulator (lib/api/v1/simulator.ts). */
import { apiHandler } from "@/lib/api/v1/endpoint";
import { getSimulatorEndpoint } from "@/lib/api/v1/simulator";

export const dynamic = "force-dynamic";

export const GET = apiHandler(getSimulatorEndpoint);
