/**
 * My Bots' summary cards: commands handled in the last 30 days and the bots' average uptime over
 * the last 7 days (from the runner's status changes).
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";

import { uptimeShare } from "./periods";

const day = 86_400_000;

export async function getBotsSummary(userId: string, now: Date = new Date()) {
  const bots = await db.bot.findMany({ where: userBots(userId), select: { id: true } });
  const ids = bots.map((bot) => bot.id);
  if (ids.length === 0) return { commands30d: 0, averageUptime7d: null as number | null };
  const weekAgo = new Date(now.getTime() - 7 * day);
  const [commands, changes, before] = await Promise.all([
    db.botAnalyticsDaily.aggregate({
      where: { userId, botId: { in: ids }, day: { gte: new Date(now.getTime() - 30 * day) } },
      _sum: { commands: true },
    }),
    db.botStatusEvent.findMany({
      where: { botId: { in: ids }, createdAt: { gte: weekAgo } },
      select: { botId: true, status: true, createdAt: true },
      orderBy: { id: "asc" },
    }),
    db.botStatusEvent.findMany({
      where: { botId: { in: ids }, createdAt: { lt: weekAgo } },
      distinct: ["botId"],
      orderBy: [{ botId: "asc" }, { id: "desc" }],
      select: { botId: true, status: true },
    }),
  ]);
  const startStatus = new Map(before.map((row) => [row.botId, row.status]));
  // Bots that never ran do not pull the average down: uptime is about the bots that were hosted.
  const hosted = ids.filter((id) => startStatus.has(id) || changes.some((change) => change.botId === id));
  const shares = hosted.map((id) =>
    uptimeShare(
      changes
        .filter((change) => change.botId === id)
        .map((change) => ({ at: change.createdAt, status: change.status })),
      startStatus.get(id) ?? null,
      weekAgo,
      now,
      now,
    ),
  );
  return {
    commands30d: commands._sum.commands ?? 0,
    averageUptime7d: shares.length
      ? Math.round((shares.reduce((sum, share) => sum + share, 0) / shares.length) * 1000) / 10
      : null,
  };
}
