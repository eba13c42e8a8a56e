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
}

export const planLimits: Record<PlanId, PlanLimits> = {
  trial: { name: `${freeTrial.days}-day free trial`, maxBots: 10 },
  starter: { name: "Starter", maxBots: 10 },
  core: { name: "Core", maxBots: null },
  teams: { name: "Teams", maxBots: null },
  enterprise: { name: "Enterprise", maxBots: null },
};

export function limitsFor(plan: string): PlanLimits {
  return (planIds as readonly string[]).includes(plan) ? planLimits[plan as PlanId] : planLimits.trial;
}
