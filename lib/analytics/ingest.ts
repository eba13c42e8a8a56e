/**
 * Writes what a bot handled (from the runner's instrumentation) in one batch: the raw events,
 * their hourly roll-up and the day's unique users. The Analytics page reads only the roll-ups and
 * unique users, so it stays fast however many raw events there are.
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
};

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

export async function recordAnalyticsEvents(botId: string, userId: string, events: AnalyticsInput[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events
    .filter((event) => (analyticsKinds as readonly string[]).includes(event.kind) && !Number.isNaN(event.at.getTime()))
    .map((event) => ({
      botId,
      userId,
      at: event.at,
      kind: event.kind,
      name: (event.name ?? "").slice(0, maxName),
      guildId: event.guildId ?? null,
      actorHash: event.actorId ? hashActor(botId, event.actorId) : null,
      durationMs:
        event.durationMs === undefined || event.durationMs === null
          ? null
          : Math.max(0, Math.min(2_147_483_647, Math.round(event.durationMs))),
      ok: event.ok ?? event.kind !== "error",
    }));
  if (rows.length === 0) return;

  const counters = () => ({
    commands: 0,
    commandErrors: 0,
    messages: 0,
    guildJoins: 0,
    guildLeaves: 0,
    errors: 0,
    durationTotalMs: 0,
    durationCount: 0,
  });
  type Counters = ReturnType<typeof counters>;
  const add = (into: Counters, row: (typeof rows)[number]) => {
    if (row.kind === "command") {
      into.commands += 1;
      if (!row.ok) into.commandErrors += 1;
      if (row.durationMs !== null) {
        into.durationTotalMs += row.durationMs;
        into.durationCount += 1;
      }
    } else if (row.kind === "message") into.messages += 1;
    else if (row.kind === "guild_join") into.guildJoins += 1;
    else if (row.kind === "guild_leave") into.guildLeaves += 1;
    else into.errors += 1;
  };
  const hourly = new Map<string, Counters>();
  const daily = new Map<string, Counters>();
  for (const row of rows) {
    const hour = hourOf(row.at).toISOString();
    const day = dayOf(row.at).toISOString().slice(0, 10);
    if (!hourly.has(hour)) hourly.set(hour, counters());
    if (!daily.has(day)) daily.set(day, counters());
    add(hourly.get(hour)!, row);
    add(daily.get(day)!, row);
  }
  const actors = rows
    .filter((row) => row.actorHash)
    .map((row) => ({
      hash: row.actorHash!,
      day: dayOf(row.at).toISOString().slice(0, 10),
      seen: row.at.toISOString(),
    }));

  const json = (items: object[]) => JSON.stringify(items);
  await db.$transaction([
    db.botAnalyticsEvent.createMany({ data: rows }),
    upsertRollup("BotAnalyticsHourly", "hour", botId, userId, hourly),
    upsertRollup("BotAnalyticsDaily", "day", botId, userId, daily),
    // Each user's active days merge into one multirange (adjacent days join into one range).
    db.$executeRaw`
      INSERT INTO "BotAnalyticsActor" ("botId", "userId", "actorHash", active, "lastSeenAt")
      SELECT ${botId}, ${userId}, a.hash, range_agg(daterange(a.day, a.day + 1)), max(a.seen)
      FROM jsonb_to_recordset(${json(actors)}::jsonb) AS a(hash text, day date, seen timestamp)
      GROUP BY a.hash
      ON CONFLICT ("botId", "actorHash") DO UPDATE SET
        active = "BotAnalyticsActor".active + EXCLUDED.active,
        "lastSeenAt" = greatest("BotAnalyticsActor"."lastSeenAt", EXCLUDED."lastSeenAt")`,
  ]);
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

/** Adds a batch's counters to the hourly or daily roll-up (one row per bot and hour or day). */
function upsertRollup(
  table: "BotAnalyticsHourly" | "BotAnalyticsDaily",
  time: "hour" | "day",
  botId: string,
  userId: string,
  buckets: Map<string, Record<(typeof counterColumns)[number], number>>,
) {
  const rows = [...buckets.entries()].map(([at, counters]) => ({ at, ...counters }));
  const quoted = counterColumns.map((column) => `"${column}"`);
  const columns = Prisma.raw(quoted.join(", "));
  const fromJson = Prisma.raw(quoted.map((column) => `b.${column}`).join(", "));
  const types = Prisma.raw(
    `at ${time === "hour" ? "timestamp" : "date"}, ${quoted.map((column) => `${column} ${column === '"durationTotalMs"' ? "bigint" : "int"}`).join(", ")}`,
  );
  const sums = Prisma.raw(quoted.map((column) => `${column} = "${table}".${column} + EXCLUDED.${column}`).join(", "));
  return db.$executeRaw`
    INSERT INTO ${Prisma.raw(`"${table}"`)} ("botId", "userId", ${Prisma.raw(time)}, ${columns})
    SELECT ${botId}, ${userId}, b.at, ${fromJson}
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
