/**
 * Writes what bots handled (from the runner's instrumentation) in one transaction for any number
 * of bots: the raw events, their hourly and daily roll-ups and the day's unique users. The
 * Analytics page reads only the roll-ups, unique users and the recent non-message events, so it
 * stays fast however many events there are. Messages are only counted: a busy server sends
 * hundreds a second, and a raw row for each was the largest write load and never read.
 */
import { createHash } from "node:crypto";

import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

export const analyticsKinds = ["command", "message", "guild_join", "guild_leave", "error"] as const;
export type AnalyticsKind = (typeof analyticsKinds)[number];

export type AnalyticsInput = {
  at: Date;
  kind: AnalyticsKind;
  /** The command ("balance", "cc add"), or the error's short text. */
  name?: string;
  guildId?: string | null;
  /** The Discord user who triggered it; hashed here, never stored. */
  actorId?: string | null;
  durationMs?: number | null;
  ok?: boolean;
  /** Messages only: how many this event stands for (the bot counts them per author). */
  count?: number;
};

export type AnalyticsBatch = { botId: string; userId: string; events: AnalyticsInput[] };

/** Unique users are counted per bot without keeping Discord ids: a per-bot salted hash. */
export function hashActor(botId: string, actorId: string): string {
  return createHash("sha256").update(`${botId}:${actorId}`).digest("base64url").slice(0, 22);
}

function hourOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 3_600_000) * 3_600_000);
}

function dayOf(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 86_400_000) * 86_400_000);
}

const maxName = 100;
const maxInt = 2_147_483_647;

/** Text PostgreSQL accepts: no NUL characters and no lone surrogates (either fails the whole write). */
export function storableText(text: string, max: number): string {
  return text
    .replace(/\u0000/g, "")
    .toWellFormed()
    .slice(0, max)
    .toWellFormed();
}

const counterColumns = [
  "commands",
  "commandErrors",
  "messages",
  "guildJoins",
  "guildLeaves",
  "errors",
  "durationTotalMs",
  "durationCount",
] as const;

export function recordAnalyticsEvents(botId: string, userId: string, events: AnalyticsInput[]): Promise<void> {
  return recordAnalytics([{ botId, userId, events }]);
}

type Counters = Record<(typeof counterColumns)[number], number>;
const counters = (): Counters => ({
  commands: 0,
  commandErrors: 0,
  messages: 0,
  guildJoins: 0,
  guildLeaves: 0,
  errors: 0,
  durationTotalMs: 0,
  durationCount: 0,
});

export async function recordAnalytics(batches: AnalyticsBatch[]): Promise<void> {
  const rows = batches.flatMap(({ botId, userId, events }) =>
    events
      .filter(
        (event) => (analyticsKinds as readonly string[]).includes(event.kind) && !Number.isNaN(event.at.getTime()),
      )
      .map((event) => ({
        botId,
        userId,
        at: event.at,
        kind: event.kind,
        name: storableText(event.name ?? "", maxName),
        guildId: event.guildId ? storableText(event.guildId, 32) : null,
        actorHash: event.actorId ? hashActor(botId, event.actorId) : null,
        durationMs:
          event.durationMs === undefined || event.durationMs === null
            ? null
            : Math.max(0, Math.min(2_147_483_647, Math.round(event.durationMs))),
        ok: event.ok ?? event.kind !== "error",
        count: event.kind === "message" ? Math.max(1, Math.min(1_000_000, Math.floor(event.count ?? 1))) : 1,
      })),
  );
  if (rows.length === 0) return;

  const add = (into: Counters, row: (typeof rows)[number]) => {
    if (row.kind === "command") {
      // Whatever a bot reports, a bucket's counters stay within PostgreSQL's int (also in SQL below).
      into.commands = Math.min(maxInt, into.commands + 1);
      if (!row.ok) into.commandErrors += 1;
      if (row.durationMs !== null) {
        into.durationTotalMs += row.durationMs;
        into.durationCount += 1;
      }
    } else if (row.kind === "message") into.messages = Math.min(maxInt, into.messages + row.count);
    else if (row.kind === "guild_join") into.guildJoins += 1;
    else if (row.kind === "guild_leave") into.guildLeaves += 1;
    else into.errors += 1;
  };
  // One roll-up row per bot and hour (or day): a statement may not upsert the same row twice.
  const hourly = new Map<string, RollupRow>();
  const daily = new Map<string, RollupRow>();
  const bucket = (map: Map<string, RollupRow>, row: (typeof rows)[number], at: string) => {
    const key = `${row.botId}|${at}`;
    let entry = map.get(key);
    if (!entry) map.set(key, (entry = { botId: row.botId, userId: row.userId, at, ...counters() }));
    add(entry, row);
  };
  for (const row of rows) {
    bucket(hourly, row, hourOf(row.at).toISOString());
    bucket(daily, row, dayOf(row.at).toISOString().slice(0, 10));
  }
  const actors = rows
    .filter((row) => row.actorHash)
    .map((row) => ({
      botId: row.botId,
      userId: row.userId,
      hash: row.actorHash!,
      day: dayOf(row.at).toISOString().slice(0, 10),
      seen: row.at.toISOString(),
    }));
  const raw = rows.filter((row) => row.kind !== "message").map(({ count: _count, ...row }) => row);

  const json = (items: object[]) => JSON.stringify(items);
  await db.$transaction([
    ...(raw.length ? [db.botAnalyticsEvent.createMany({ data: raw })] : []),
    upsertRollup("BotAnalyticsHourly", "hour", [...hourly.values()]),
    upsertRollup("BotAnalyticsDaily", "day", [...daily.values()]),
    // Each user's active days merge into one multirange (adjacent days join into one range).
    db.$executeRaw`
      INSERT INTO "BotAnalyticsActor" ("botId", "userId", "actorHash", active, "lastSeenAt")
      SELECT a."botId", a."userId", a.hash, range_agg(daterange(a.day, a.day + 1)), max(a.seen)
      FROM jsonb_to_recordset(${json(actors)}::jsonb) AS a("botId" text, "userId" text, hash text, day date, seen timestamp)
      GROUP BY a."botId", a."userId", a.hash
      ON CONFLICT ("botId", "actorHash") DO UPDATE SET
        active = "BotAnalyticsActor".active + EXCLUDED.active,
        "lastSeenAt" = greatest("BotAnalyticsActor"."lastSeenAt", EXCLUDED."lastSeenAt")`,
  ]);
}

type RollupRow = { botId: string; userId: string; at: string } & Counters;

/** Adds a batch's counters to the hourly or daily roll-up (one row per bot and hour or day). */
function upsertRollup(table: "BotAnalyticsHourly" | "BotAnalyticsDaily", time: "hour" | "day", rows: RollupRow[]) {
  const quoted = counterColumns.map((column) => `"${column}"`);
  const columns = Prisma.raw(quoted.join(", "));
  const types = Prisma.raw(
    `"botId" text, "userId" text, at ${time === "hour" ? "timestamp" : "date"}, ${quoted.map((column) => `${column} numeric`).join(", ")}`,
  );
  // Counters saturate at their column's maximum instead of failing the write (and with it every
  // other bot's analytics written in the same transaction).
  const ceiling = (column: string) => (column === '"durationTotalMs"' ? "9223372036854775807" : String(maxInt));
  const fromJson = Prisma.raw(quoted.map((column) => `LEAST(GREATEST(b.${column}, 0), ${ceiling(column)})`).join(", "));
  const sums = Prisma.raw(
    quoted
      .map(
        (column) =>
          `${column} = LEAST("${table}".${column}::numeric + EXCLUDED.${column}::numeric, ${ceiling(column)})`,
      )
      .join(", "),
  );
  return db.$executeRaw`
    INSERT INTO ${Prisma.raw(`"${table}"`)} ("botId", "userId", ${Prisma.raw(time)}, ${columns})
    SELECT b."botId", b."userId", b.at, ${fromJson}
    FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS b(${types})
    ON CONFLICT ("botId", ${Prisma.raw(time)}) DO UPDATE SET ${sums}`;
}

/** Raw events older than this are removed (the roll-ups keep the history). */
export const rawEventRetentionDays = 30;

export async function purgeOldAnalyticsEvents(now = new Date()): Promise<number> {
  const { count } = await db.botAnalyticsEvent.deleteMany({
    where: { at: { lt: new Date(now.getTime() - rawEventRetentionDays * 86_400_000) } },
  });
  return count;
}
