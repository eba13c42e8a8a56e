/**
 * Everything the Analytics page shows for one user and period, read from the hourly roll-ups,
 * the daily unique users, the bots' status changes and the latest raw events. Every query is
 * scoped to the user's own (non-archived) bots.
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

import { percentChange, periodWindow, uptimeShare, type AnalyticsPeriod } from "./periods";

export type MetricCard = {
  id: "commands" | "users" | "response" | "errors";
  title: string;
  value: number;
  /** Percent against the previous period; null when there was nothing before. */
  change: number | null;
  /** Whether up is good for this metric (errors and response time: down is good). */
  higherIsBetter: boolean;
};

export type BotPerformance = {
  botId: string;
  name: string;
  status: string;
  commands: number;
  users: number;
  /** 0–100, share of the period the bot was running. */
  uptime: number;
  /** 0–100, the bot's share of all commands in the period. */
  popularity: number;
};

export type ActivityItem = {
  id: string;
  at: string;
  event: string;
  botId: string;
  botName: string;
  type: "info" | "warning" | "success" | "error";
};

export type AnalyticsData = {
  period: AnalyticsPeriod;
  start: string;
  end: string;
  bucketMs: number;
  cards: MetricCard[];
  /** One point per bucket: `at` plus each bot's command count under its id. */
  commandSeries: Record<string, number | string>[];
  /** One point per bucket: errors and average response time (ms, null without timed commands). */
  errorSeries: { at: string; errors: number; responseMs: number | null }[];
  bots: BotPerformance[];
  activity: ActivityItem[];
};

type TotalsRow = {
  current: boolean;
  commands: bigint | null;
  errors: bigint | null;
  duration: bigint | null;
  timed: bigint | null;
};

type SeriesRow = {
  bucket: Date;
  botId: string;
  commands: bigint | null;
  errors: bigint | null;
  duration: bigint | null;
  timed: bigint | null;
};

const n = (value: bigint | number | null | undefined) => Number(value ?? 0);

export async function getAnalytics(
  userId: string,
  period: AnalyticsPeriod,
  now: Date = new Date(),
): Promise<AnalyticsData> {
  const window = periodWindow(period, now);
  const bots = await db.bot.findMany({
    where: userBots(userId),
    select: { id: true, name: true, status: true },
    orderBy: { createdAt: "asc" },
  });
  const ids = bots.map((bot) => bot.id);
  const empty = ids.length === 0;
  const botList = empty ? Prisma.sql`NULL` : Prisma.join(ids);
  const startDay = new Date(Math.floor(window.start.getTime() / 86_400_000) * 86_400_000);
  const previousStartDay = new Date(Math.floor(window.previousStart.getTime() / 86_400_000) * 86_400_000);
  // Unique users are kept per day: a window counts every day it touches. (The parameters are
  // compared as dates, so the end is the day after the window's last day.)
  const endDay = new Date(Math.ceil(window.end.getTime() / 86_400_000) * 86_400_000);
  const bucketSeconds = window.bucketMs / 1000;
  // Day-sized buckets read the daily roll-up (30 d, 90 d); shorter ones the hourly one.
  const daily = window.bucketMs >= 86_400_000;
  const rollup = daily ? Prisma.sql`"BotAnalyticsDaily"` : Prisma.sql`"BotAnalyticsHourly"`;
  const time = daily ? Prisma.sql`day` : Prisma.sql`hour`;
  const currentRange = Prisma.sql`daterange(${startDay}::date, ${endDay}::date)`;
  const previousRange = Prisma.sql`daterange(${previousStartDay}::date, ${startDay}::date)`;

  const [totals, unique, series, perBotUsers, statusChanges, statusBefore, events] = empty
    ? [[], [], [], [], [], [], []]
    : await Promise.all([
        db.$queryRaw<TotalsRow[]>`
          SELECT ${time} >= ${daily ? startDay : window.start} AS current,
                 sum(commands) AS commands,
                 sum("commandErrors" + errors) AS errors,
                 sum("durationTotalMs") AS duration,
                 sum("durationCount") AS timed
          FROM ${rollup}
          WHERE "userId" = ${userId} AND "botId" IN (${botList})
            AND ${time} >= ${daily ? previousStartDay : window.previousStart} AND ${time} < ${daily ? endDay : window.end}
          GROUP BY 1`,
        // One overlap test per (bot, user) row: their active days against each window's days.
        db.$queryRaw<{ current: bigint; previous: bigint }[]>`
          SELECT count(*) FILTER (WHERE active && ${currentRange}) AS current,
                 count(*) FILTER (WHERE active && ${previousRange}) AS previous
          FROM "BotAnalyticsActor"
          WHERE "userId" = ${userId} AND "botId" IN (${botList}) AND "lastSeenAt" >= ${previousStartDay}`,
        db.$queryRaw<SeriesRow[]>`
          SELECT to_timestamp(floor(extract(epoch FROM ${time}::timestamp) / ${bucketSeconds}) * ${bucketSeconds}) AT TIME ZONE 'UTC' AS bucket,
                 "botId",
                 sum(commands) AS commands,
                 sum("commandErrors" + errors) AS errors,
                 sum("durationTotalMs") AS duration,
                 sum("durationCount") AS timed
          FROM ${rollup}
          WHERE "userId" = ${userId} AND "botId" IN (${botList})
            AND ${time} >= ${daily ? startDay : window.start} AND ${time} < ${daily ? endDay : window.end}
          GROUP BY 1, 2`,
        db.$queryRaw<{ botId: string; users: bigint }[]>`
          SELECT "botId", count(*) AS users FROM "BotAnalyticsActor"
          WHERE "userId" = ${userId} AND "botId" IN (${botList}) AND "lastSeenAt" >= ${startDay} AND active && ${currentRange}
          GROUP BY 1`,
        db.botStatusEvent.findMany({
          where: { botId: { in: ids }, createdAt: { gte: window.start, lt: window.end } },
          select: { id: true, botId: true, status: true, reason: true, createdAt: true },
          orderBy: { id: "asc" },
        }),
        db.$queryRaw<{ botId: string; status: string }[]>`
          SELECT DISTINCT ON ("botId") "botId", status FROM "BotStatusEvent"
          WHERE "botId" IN (${botList}) AND "createdAt" < ${window.start}
          ORDER BY "botId", id DESC`,
        db.botAnalyticsEvent.findMany({
          where: { userId, botId: { in: ids }, kind: { not: "message" }, at: { gte: window.start } },
          select: { id: true, botId: true, at: true, kind: true, name: true, ok: true, durationMs: true },
          orderBy: { id: "desc" },
          take: 20,
        }),
      ]);

  const current = totals.find((row) => row.current);
  const previous = totals.find((row) => !row.current);
  const average = (row?: TotalsRow) => (n(row?.timed) > 0 ? n(row?.duration) / n(row?.timed) : 0);
  // Failed commands and errors the bot reported, per command handled.
  const errorRate = (row?: TotalsRow) =>
    n(row?.errors) > 0 ? (n(row?.errors) / Math.max(1, n(row?.commands))) * 100 : 0;
  const users = n(unique[0]?.current);
  const usersBefore = n(unique[0]?.previous);
  const cards: MetricCard[] = [
    {
      id: "commands",
      title: "Total Commands",
      value: n(current?.commands),
      change: percentChange(n(current?.commands), n(previous?.commands)),
      higherIsBetter: true,
    },
    {
      id: "users",
      title: "Unique Users",
      value: users,
      change: percentChange(users, usersBefore),
      higherIsBetter: true,
    },
    {
      id: "response",
      title: "Avg Response Time",
      value: Math.round(average(current)),
      change: percentChange(average(current), average(previous)),
      higherIsBetter: false,
    },
    {
      id: "errors",
      title: "Error Rate",
      value: Math.round(errorRate(current) * 10) / 10,
      change: percentChange(errorRate(current), errorRate(previous)),
      higherIsBetter: false,
    },
  ];

  const byBucket = new Map<
    number,
    { commands: Record<string, number>; errors: number; duration: number; timed: number }
  >();
  for (const bucket of window.buckets)
    byBucket.set(bucket.getTime(), { commands: {}, errors: 0, duration: 0, timed: 0 });
  const commandsPerBot = new Map<string, number>();
  for (const row of series) {
    const point = byBucket.get(new Date(row.bucket).getTime());
    if (!point) continue;
    point.commands[row.botId] = (point.commands[row.botId] ?? 0) + n(row.commands);
    point.errors += n(row.errors);
    point.duration += n(row.duration);
    point.timed += n(row.timed);
    commandsPerBot.set(row.botId, (commandsPerBot.get(row.botId) ?? 0) + n(row.commands));
  }
  const commandSeries = [...byBucket.entries()].map(([at, point]) => {
    const entry: Record<string, number | string> = { at: new Date(at).toISOString() };
    for (const id of ids) entry[id] = point.commands[id] ?? 0;
    return entry;
  });
  const errorSeries = [...byBucket.entries()].map(([at, point]) => ({
    at: new Date(at).toISOString(),
    errors: point.errors,
    responseMs: point.timed > 0 ? Math.round(point.duration / point.timed) : null,
  }));

  const totalCommands = [...commandsPerBot.values()].reduce((sum, value) => sum + value, 0);
  const usersPerBot = new Map(perBotUsers.map((row) => [row.botId, n(row.users)]));
  const startStatus = new Map(statusBefore.map((row) => [row.botId, row.status]));
  const performance: BotPerformance[] = bots.map((bot) => {
    const changes = statusChanges
      .filter((change) => change.botId === bot.id)
      .map((change) => ({ at: change.createdAt, status: change.status }));
    const commands = commandsPerBot.get(bot.id) ?? 0;
    return {
      botId: bot.id,
      name: bot.name,
      status: bot.status,
      commands,
      users: usersPerBot.get(bot.id) ?? 0,
      uptime:
        Math.round(uptimeShare(changes, startStatus.get(bot.id) ?? null, window.start, window.end, now) * 1000) / 10,
      popularity: totalCommands > 0 ? Math.round((commands / totalCommands) * 1000) / 10 : 0,
    };
  });
  performance.sort((a, b) => b.commands - a.commands || b.uptime - a.uptime);

  const names = new Map(bots.map((bot) => [bot.id, bot.name]));
  const activity: ActivityItem[] = [
    ...events.map((event) => ({
      id: `e${event.id}`,
      at: event.at.toISOString(),
      botId: event.botId,
      botName: names.get(event.botId) ?? "Bot",
      ...describeEvent(event),
    })),
    ...statusChanges.slice(-20).map((change) => ({
      id: `s${change.id}`,
      at: change.createdAt.toISOString(),
      botId: change.botId,
      botName: names.get(change.botId) ?? "Bot",
      ...describeStatus(change.status, change.reason),
    })),
  ]
    .sort((a, b) => (a.at < b.at ? 1 : -1))
    .slice(0, 20);

  return {
    period,
    start: window.start.toISOString(),
    end: window.end.toISOString(),
    bucketMs: window.bucketMs,
    cards,
    commandSeries,
    errorSeries,
    bots: performance,
    activity,
  };
}

function describeEvent(event: { kind: string; name: string; ok: boolean; durationMs: number | null }): {
  event: string;
  type: ActivityItem["type"];
} {
  switch (event.kind) {
    case "command":
      return event.ok
        ? {
            event: `/${event.name} answered${event.durationMs !== null ? ` in ${event.durationMs} ms` : ""}`,
            type: "success",
          }
        : { event: `/${event.name} failed`, type: "error" };
    case "guild_join":
      return { event: "Added to a server", type: "info" };
    case "guild_leave":
      return { event: "Removed from a server", type: "warning" };
    default:
      return { event: event.name ? `Error: ${event.name}` : "Error", type: "error" };
  }
}

function describeStatus(status: string, reason: string): { event: string; type: ActivityItem["type"] } {
  if (status === "running") return { event: "Went online", type: "success" };
  if (status === "crashed") return { event: `Crashed: ${reason}`, type: "error" };
  if (status === "restarting") return { event: `Restarting: ${reason}`, type: "warning" };
  if (status === "stopped") return { event: "Stopped", type: "info" };
  return { event: `${status[0]?.toUpperCase() ?? ""}${status.slice(1)}`, type: "info" };
}
