/**
 * What Billing & Plan shows: the user's plan, the trial's remaining days and credits, and usage
 * against the plan's limits (lib/billing/plans.ts, the same limits the server enforces).
 */
import { limitsFor, planIds, type PlanId } from "@/lib/billing/plans";
import { runningBotsOf } from "@/lib/bots/running-limit";
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import { freeTrial } from "@/lib/site/pricing";

const dayMs = 24 * 60 * 60 * 1000;

export interface TrialStatus {
  days: number;
  endsAt: Date;
  /** Whole days left, rounded up; 0 once it has ended. */
  daysLeft: number;
  creditsCents: number;
}

/** The free trial counts from the account's creation. */
export function trialStatus(createdAt: Date, now: Date): TrialStatus {
  const endsAt = new Date(createdAt.getTime() + freeTrial.days * dayMs);
  const daysLeft = Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / dayMs));
  return { days: freeTrial.days, endsAt, daysLeft, creditsCents: freeTrial.creditsCents };
}

export async function getPlanStatus(userId: string, now = new Date()) {
  const [user, bots, running] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true, createdAt: true } }),
    // Archived bots do not count against the limit (as in createBot).
    db.bot.count({ where: userBots(userId) }),
    // As Start counts them (lib/bots/running-limit.ts).
    db.bot.count({ where: runningBotsOf(userId) }),
  ]);
  const planId: PlanId = (planIds as readonly string[]).includes(user.plan) ? (user.plan as PlanId) : "trial";
  const limits = limitsFor(planId);
  return {
    planId,
    planName: limits.name,
    trial: planId === "trial" ? trialStatus(user.createdAt, now) : null,
    bots: { used: bots, max: limits.maxBots },
    running: { used: running, max: limits.maxRunningBots },
  };
}
export type PlanStatus = Awaited<ReturnType<typeof getPlanStatus>>;
