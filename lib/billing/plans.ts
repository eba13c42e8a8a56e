/**
 * What each plan allows, enforced on the server. The prices and marketing copy live in
 * lib/site/pricing.ts; this is the part the product checks. A new account is on the trial.
 */
import { freeTrial } from "@/lib/site/pricing";

export const planIds = ["trial", "starter", "core", "teams", "enterprise"] as const;
export type PlanId = (typeof planIds)[number];

export interface PlanLimits {
  name: string;
  /** Bots a user can keep (archived bots do not count); null = unlimited. */
  maxBots: number | null;
  /** Memory a running bot may use (resident, its whole process tree); the runner stops it above. */
  botMemoryMb: number;
}

export const planLimits: Record<PlanId, PlanLimits> = {
  trial: { name: `${freeTrial.days}-day free trial`, maxBots: 10, botMemoryMb: 256 },
  starter: { name: "Starter", maxBots: 10, botMemoryMb: 256 },
  core: { name: "Core", maxBots: null, botMemoryMb: 512 },
  teams: { name: "Teams", maxBots: null, botMemoryMb: 512 },
  enterprise: { name: "Enterprise", maxBots: null, botMemoryMb: 1024 },
};

export function limitsFor(plan: string): PlanLimits {
  return (planIds as readonly string[]).includes(plan) ? planLimits[plan as PlanId] : planLimits.trial;
}
