/**
 * Writes what a bot handled (from the runner's instrumentation) in one batch: the raw events,
 * their hourly roll-up and the day's unique users. The Analytics page reads only the roll-ups and
 * unique users, so it stays fast however many raw events there are.
 */
import { createHash } from "node:crypto";

import { db } from "@/lib/db";

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

  const hourly = new Map<
    string,
    { hour: Date; kind: string; name: string; count: number; errors: number; total: number; timed: number }
  >();
  for (const row of rows) {
    // Messages and guild changes are counted per kind only; commands and errors per name too.
    const name = row.kind === "command" || row.kind === "error" ? row.name : "";
    const hour = hourOf(row.at);
    const key = `${hour.getTime()}|${row.kind}|${name}`;
    const bucket = hourly.get(key) ?? { hour, kind: row.kind, name, count: 0, errors: 0, total: 0, timed: 0 };
    bucket.count += 1;
    if (!row.ok) bucket.errors += 1;
    if (row.durationMs !== null) {
      bucket.total += row.durationMs;
      bucket.timed += 1;
    }
    hourly.set(key, bucket);
  }
  const daily = new Map<
    string,
    { day: Date; kind: string; name: string; count: number; errors: number; total: number; timed: number }
  >();
  for (const bucket of hourly.values()) {
    const day = dayOf(bucket.hour);
    const key = `${day.getTime()}|${bucket.kind}|${bucket.name}`;
    const into = daily.get(key) ?? {
      day,
      kind: bucket.kind,
      name: bucket.name,
      count: 0,
      errors: 0,
      total: 0,
      timed: 0,
    };
    into.count += bucket.count;
    into.errors += bucket.errors;
    into.total += bucket.total;
    into.timed += bucket.timed;
    daily.set(key, into);
  }
  const actors = rows
    .filter((row) => row.actorHash)
    .map((row) => ({
      hash: row.actorHash!,
      day: dayOf(row.at).toISOString().slice(0, 10),
      seen: row.at.toISOString(),
    }));

  const json = (items: object[]) => JSON.stringify(items);
  const hourlyRows = [...hourly.values()].map((bucket) => ({ ...bucket, hour: bucket.hour.toISOString() }));
  const dailyRows = [...daily.values()].map((bucket) => ({ ...bucket, day: bucket.day.toISOString().slice(0, 10) }));
  await db.$transaction([
    db.botAnalyticsEvent.createMany({ data: rows }),
    db.$executeRaw`
      INSERT INTO "BotAnalyticsHourly" ("botId", "userId", hour, kind, name, count, errors, "durationTotalMs", "durationCount")
      SELECT ${botId}, ${userId}, b.hour, b.kind, b.name, b.count, b.errors, b.total, b.timed
      FROM jsonb_to_recordset(${json(hourlyRows)}::jsonb)
        AS b(hour timestamp, kind text, name text, count int, errors int, total bigint, timed int)
      ON CONFLICT ("botId", hour, kind, name) DO UPDATE SET
        count = "BotAnalyticsHourly".count + EXCLUDED.count,
        errors = "BotAnalyticsHourly".errors + EXCLUDED.errors,
        "durationTotalMs" = "BotAnalyticsHourly"."durationTotalMs" + EXCLUDED."durationTotalMs",
        "durationCount" = "BotAnalyticsHourly"."durationCount" + EXCLUDED."durationCount"`,
    db.$executeRaw`
      INSERT INTO "BotAnalyticsDaily" ("botId", "userId", day, kind, name, count, errors, "durationTotalMs", "durationCount")
      SELECT ${botId}, ${userId}, b.day, b.kind, b.name, b.count, b.errors, b.total, b.timed
      FROM jsonb_to_recordset(${json(dailyRows)}::jsonb)
        AS b(day date, kind text, name text, count int, errors int, total bigint, timed int)
      ON CONFLICT ("botId", day, kind, name) DO UPDATE SET
        count = "BotAnalyticsDaily".count + EXCLUDED.count,
        errors = "BotAnalyticsDaily".errors + EXCLUDED.errors,
        "durationTotalMs" = "BotAnalyticsDaily"."durationTotalMs" + EXCLUDED."durationTotalMs",
        "durationCount" = "BotAnalyticsDaily"."durationCount" + EXCLUDED."durationCount"`,
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

/** Raw events older than this are removed (the roll-ups keep the history). */
export const rawEventRetentionDays = 30;

export async function purgeOldAnalyticsEvents(now = new Date()): Promise<number> {
  const { count } = await db.botAnalyticsEvent.deleteMany({
    where: { at: { lt: new Date(now.getTime() - rawEventRetentionDays * 86_400_000) } },
  });
  return count;
}
