/**
 * AI credits (issue 20): what a plan includes for the AI builder's model, and what builds spent.
 * The trial's $5 are once for the trial; Core and Teams include theirs every calendar month (UTC).
 * Builds with the offline engine cost nothing. A build with a model can never spend more than is
 * left: its token budget is cut to what the remaining credits buy (lib/ai-builder/build).
 */
import { db } from "@/lib/db";
import { freeTrial } from "@/lib/site/pricing";

import { planIds, type PlanId } from "./plans";

/** Cents of model use a plan includes per period; null = no cap (enterprise: by contract). */
export const planCreditCents: Record<PlanId, number | null> = {
  trial: freeTrial.creditsCents,
  starter: 0,
  core: 2500,
  teams: 4000,
  enterprise: null,
};

export interface CreditStatus {
  /** What the period includes; null = no cap. */
  includedCents: number | null;
  spentCents: number;
  /** null = no cap. */
  remainingCents: number | null;
  periodStart: Date;
  /** "this month" or "the trial". */
  periodLabel: string;
}

function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export async function creditStatus(userId: string, now = new Date()): Promise<CreditStatus> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true, createdAt: true } });
  const plan: PlanId = (planIds as readonly string[]).includes(user.plan) ? (user.plan as PlanId) : "trial";
  const trial = plan === "trial";
  const periodStart = trial ? user.createdAt : monthStart(now);
  const spent = await db.botBuild.aggregate({
    where: { userId, createdAt: { gte: periodStart } },
    _sum: { costCents: true },
  });
  const spentCents = spent._sum.costCents ?? 0;
  const includedCents = planCreditCents[plan];
  return {
    includedCents,
    spentCents,
    remainingCents: includedCents === null ? null : Math.max(0, includedCents - spentCents),
    periodStart,
    periodLabel: trial ? "the trial" : "this month",
  };
}

/** The builds that spent credits in the period, newest first (Billing & Plan's breakdown). */
export function creditSpending(userId: string, since: Date, take = 20) {
  return db.botBuild.findMany({
    where: { userId, createdAt: { gte: since }, costCents: { gt: 0 } },
    orderBy: { createdAt: "desc" },
    take,
    select: {
      id: true,
      description: true,
      engine: true,
      inputTokens: true,
      outputTokens: true,
      costCents: true,
      createdAt: true,
    },
  });
}
