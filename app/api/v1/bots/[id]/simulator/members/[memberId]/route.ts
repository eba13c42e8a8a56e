/** /api/v1/bots/{id}/simulator/members/{memberId} (lib/api/v1/simulator.ts). */
import { apiHandler } from "@/lib/api/v1/endpoint";
import { simulateMemberLeaveEndpoint } from "@/lib/api/v1/simulator";

export const dynamic = "force-dynamic";

export const DELETE = apiHandler(simulateMemberLeaveEndpoint);
