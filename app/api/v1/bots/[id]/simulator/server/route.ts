/** /api/v1/bots/{id}/simulator/server (lib/api/v1/simulator.ts). */
import { apiHandler } from "@/lib/api/v1/endpoint";
import { setTestServerEndpoint } from "@/lib/api/v1/simulator";

export const dynamic = "force-dynamic";

export const PUT = apiHandler(setTestServerEndpoint);
