/**
 * A bot's log as the runner stored it (BotLogLine: the last 10,000 lines, tokens already
 * redacted). Every read is scoped to the bot's owner.
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import type { BotPlaces } from "@/lib/simulator/places";

import { crashCause, type CrashCause } from "./crash-cause";
import { missingPlaces } from "./missing-places";
import { assertOwnedBot, BotNotFoundError } from "./service";

export type LogLine = { id: string; stream: string; line: string; at: string };

function toLine(row: { id: bigint; stream: string; line: string; at: Date }): LogLine {
  return { id: row.id.toString(), stream: row.stream, line: row.line, at: row.at.toISOString() };
}

const columns = { id: true, stream: true, line: true, at: true } as const;

/** The newest `limit` lines (oldest first), or the ones before `beforeId` for "Load older". */
export async function listLogLines(
  userId: string,
  botId: string,
  options: { beforeId?: string; limit?: number } = {},
): Promise<LogLine[]> {
  await assertOwnedBot(userId, botId);
  return newestLogLines(botId, options);
}

/**
 * The newest `limit` lines of any bot, a proof's scratch bot included (oldest first). Ownership is
 * checked by the caller.
 */
export async function newestLogLines(
  botId: string,
  options: { beforeId?: string; limit?: number } = {},
): Promise<LogLine[]> {
  const rows = await db.botLogLine.findMany({
    where: { botId, ...(options.beforeId ? { id: { lt: BigInt(options.beforeId) } } : {}) },
    orderBy: { id: "desc" },
    take: Math.min(options.limit ?? 500, 2_000),
    select: columns,
  });
  return rows.reverse().map(toLine);
}

/** The channels and roles its blueprint names that the bot did not find since it last started. */
export async function getMissingPlaces(userId: string, botId: string): Promise<BotPlaces> {
  await assertOwnedBot(userId, botId);
  const start = await db.botLogLine.findFirst({
    where: { botId, stream: "system", line: { startsWith: "Starting " } },
    orderBy: { id: "desc" },
    select: { id: true },
  });
  const rows = await db.botLogLine.findMany({
    where: { botId, ...(start ? { id: { gt: start.id } } : {}), line: { contains: " failed: there is no " } },
    orderBy: { id: "desc" },
    take: 200,
    select: columns,
  });
  return missingPlaces(rows.reverse().map(toLine));
}

/** Lines after `afterId` (oldest first), for the live tail. Ownership is checked by the caller once. */
export async function logLinesAfter(botId: string, afterId: string | null, limit = 500): Promise<LogLine[]> {
  const rows = await db.botLogLine.findMany({
    where: { botId, ...(afterId ? { id: { gt: BigInt(afterId) } } : {}) },
    orderBy: { id: "asc" },
    take: limit,
    select: columns,
  });
  return rows.map(toLine);
}

/** The whole stored log as plain text, one line per entry: time, stream, text. */
export async function logText(userId: string, botId: string): Promise<string> {
  await assertOwnedBot(userId, botId);
  const rows = await db.botLogLine.findMany({ where: { botId }, orderBy: { id: "asc" }, select: columns });
  return (
    rows.map((row) => `${row.at.toISOString()} [${row.stream}] ${row.line}`).join("\n") + (rows.length ? "\n" : "")
  );
}

/**
 * Why the bot crashed (null unless it is crashed or restarting after a crash), read from its
 * status and its newest 200 log lines.
 */
export async function getCrashCause(userId: string, botId: string): Promise<CrashCause | null> {
  const bot = await db.bot.findFirst({ where: userBots(userId, botId), select: { status: true, statusReason: true } });
  if (!bot) throw new BotNotFoundError();
  if (bot.status !== "crashed" && bot.status !== "restarting") return null;
  return crashCause(bot, await newestLogLines(botId, { limit: 200 }));
}
