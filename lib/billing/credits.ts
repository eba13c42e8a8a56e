/**
 * AI credits (issue 20): what a plan includes for the AI builder's model, and what builds spent.
 * The trial's $5 are once for the trial; Core and Teams include theirs every calendar month (UTC).
 * Builds with the offline engine cost nothing. A build with a model can never spend more than is
 * left: its token budget is cut to what the remaining credits buy (lib/ai-builder/build).
 */
import { db } from "@/lib/db";
import { formatCents, freeTrial } from "@/lib/site/pricing";

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

/** Fewer tokens than this left in the credits: a build with the model is refused before it starts. */
export const minimumBuildTokens = 20_000;

/**
 * Tokens the remaining credits buy at the dearer of the model's two prices (so the build can never
 * spend more than is left); Infinity when there is no cap or the prices are not configured.
 */
export function affordableTokens(
  remainingCents: number | null,
  prices: { inputPerMTok: number | null; outputPerMTok: number | null },
): number {
  const dearest = Math.max(prices.inputPerMTok ?? 0, prices.outputPerMTok ?? 0);
  if (remainingCents === null || dearest <= 0) return Infinity;
  return Math.floor(((remainingCents / 100) * 1_000_000) / dearest);
}

/** Why a build with the model cannot start: the credits of the period are (nearly) used up. */
export function creditsUsedUp(credits: CreditStatus): string {
  return `Your AI credits for ${credits.periodLabel} are used up (${formatCents(credits.spentCents)} of ${formatCents(credits.includedCents ?? 0)} spent), so no build with the AI model can start. See Billing & Plan for your plan's credits.`;
}
