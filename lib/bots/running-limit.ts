/**
 * How many bots an account may run at once (PlanLimits.maxRunningBots, capped on the trial).
 * One rule for the web app's Start and the runner: among the account's bots that should run,
 * the ones started first keep running; any beyond the plan's count do not run.
 */
import { limitsFor, PlanLimitError, type PlanLimits } from "@/lib/billing/plans";
import { plansOf } from "@/lib/billing/user-plans";
import { liveBotsOf, userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

export class RunningBotLimitError extends PlanLimitError {
  constructor(limits: Pick<PlanLimits, "name" | "maxRunningBots">) {
    super(runningLimitMessage(limits));
  }
}

export function runningLimitMessage({ name, maxRunningBots }: Pick<PlanLimits, "name" | "maxRunningBots">): string {
  return `Your plan (${name}) runs up to ${maxRunningBots} bots at a time. Stop a running bot to start another (paid plans, which run more, are not on sale yet).`;
}

/** The user's bots that count as running against the plan (desired running, not archived). */
export function runningBotsOf(userId: string): Prisma.BotWhereInput {
  return { ...userBots(userId), desiredState: "running" };
}

const runningQuotaLock = 0x7275; // "ru": one running-count check at a time per user

/**
 * Inside Start's transaction: refuses with RunningBotLimitError when the user's other bots that
 * should run already fill the plan. Holds a per-user lock so two Starts at the limit cannot both pass.
 */
export async function assertRoomToRun(tx: Prisma.TransactionClient, userId: string, botId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${runningQuotaLock}::int4, hashtext(${userId}))`;
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  const limits = limitsFor(user.plan);
  if (limits.maxRunningBots === null) return;
  const others = await tx.bot.count({
    where: { ...runningBotsOf(userId), id: { not: botId } },
  });
  if (others >= limits.maxRunningBots) throw new RunningBotLimitError(limits);
}

/**
 * For the runner: of these users' bots that should run, the ones beyond their plan's count
 * (started last first), each with the message the user sees. Empty for plans without a cap.
 */
export async function botsOverRunningLimit(userIds: string[]): Promise<Map<string, string>> {
  const over = new Map<string, string>();
  if (userIds.length === 0) return over;
  // Plans through their narrow view: the runner may not read "User" (scripts/db/roles.ts).
  const plans = await plansOf(userIds);
  const capped = new Map(
    [...plans]
      .map(([userId, plan]) => [userId, limitsFor(plan)] as const)
      .filter(([, limits]) => limits.maxRunningBots !== null),
  );
  if (capped.size === 0) return over;
  const bots = await db.bot.findMany({
    where: { ...liveBotsOf([...capped.keys()]), desiredState: "running" },
    select: { id: true, userId: true },
    orderBy: [{ lastActiveAt: { sort: "asc", nulls: "last" } }, { id: "asc" }],
  });
  const seen = new Map<string, number>();
  for (const bot of bots) {
    const limits = capped.get(bot.userId)!;
    const rank = (seen.get(bot.userId) ?? 0) + 1;
    seen.set(bot.userId, rank);
    if (rank > limits.maxRunningBots!) over.set(bot.id, runningLimitMessage(limits));
  }
  return over;
}
