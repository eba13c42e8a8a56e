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
  /** Bots that may run at the same time (desired running); null = as many as the user keeps. */
  maxRunningBots: number | null;
  /** Saved versions kept per bot: each save beyond this drops the oldest (at most 1 MB each). */
  keptVersions: number;
  /** Keys for the REST API and deploys from CI (Tools → API Keys marks them Pro Only). */
  apiKeys: boolean;
}

export const planLimits: Record<PlanId, PlanLimits> = {
  // Until plans can be bought, the trial is Core: unlimited bots, Core's memory per bot, API keys
  // and Core's version history. Its one cap is fair use of the shared machines by a free account:
  // three bots running at once.
  trial: {
    name: `${freeTrial.days}-day free trial`,
    maxBots: null,
    botMemoryMb: 512,
    maxRunningBots: 3,
    keptVersions: 100,
    apiKeys: true,
  },
  starter: { name: "Starter", maxBots: 10, botMemoryMb: 256, maxRunningBots: null, keptVersions: 50, apiKeys: false },
  core: { name: "Core", maxBots: null, botMemoryMb: 512, maxRunningBots: null, keptVersions: 100, apiKeys: true },
  teams: { name: "Teams", maxBots: null, botMemoryMb: 512, maxRunningBots: null, keptVersions: 100, apiKeys: true },
  enterprise: {
    name: "Enterprise",
    maxBots: null,
    botMemoryMb: 1024,
    maxRunningBots: null,
    keptVersions: 200,
    apiKeys: true,
  },
};

export function limitsFor(plan: string): PlanLimits {
  return (planIds as readonly string[]).includes(plan) ? planLimits[plan as PlanId] : planLimits.trial;
}

/**
 * A plan limit reached (bots kept, bots running at once): one refusal type, shown to the user as
 * its message and answered as `plan_limit` by actions and the API.
 */
export class PlanLimitError extends Error {
  readonly code = "plan_limit";
}
