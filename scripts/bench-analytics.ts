/**
 * `npm run bench:analytics`: how fast the Analytics page's data loads for a big account.
 *
 * Seeds a throwaway database on TEST_DATABASE_URL's server (default: the local PostgreSQL) with
 * one user, 100 bots and 90 days of events (10.4 million by default, BENCH_EVENTS_PER_BOT per bot),
 * rolls them up the way lib/analytics/ingest.ts does, then times getAnalytics() — everything the
 * page reads — for each period. Prints numbers; never fails for being slow. Target: p95 ≤ 200 ms.
 */
import { performance } from "node:perf_hooks";

import pg from "pg";

import { percentile } from "./lib/stats";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.TEST_DATABASE_URL = serverUrl;
const botsCount = Number(process.env.BENCH_BOTS ?? 100);
const eventsPerBot = Number(process.env.BENCH_EVENTS_PER_BOT ?? 104_000);
const runs = Number(process.env.BENCH_RUNS ?? 30);

async function main() {
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_analytics");
  // lib/env was parsed when the throwaway-database helper loaded; point the app's client here.
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  env.DATABASE_POOL_SIZE = 5;
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    const started = performance.now();
    const userId = "bench-user";
    await client.query(`INSERT INTO "User" (id, email, "updatedAt") VALUES ($1, 'bench@example.test', now())`, [
      userId,
    ]);
    await client.query(
      `INSERT INTO "Bot" (id, "userId", name, language, status, "desiredState", "updatedAt")
       SELECT 'bench-bot-' || g, $1, 'Bench bot ' || g, 'javascript', 'running', 'running', now()
       FROM generate_series(1, $2::int) g`,
      [userId, botsCount],
    );
    console.log(`Seeding ${botsCount} bots × ${eventsPerBot.toLocaleString("en-US")} events over 90 days…`);
    for (let bot = 1; bot <= botsCount; bot += 1) {
      await client.query(
        `INSERT INTO "BotAnalyticsEvent" ("botId", "userId", at, kind, name, "guildId", "actorHash", "durationMs", ok)
         SELECT $1, $2, now() - random() * interval '90 days', k.kind,
                CASE WHEN k.kind = 'command' THEN (ARRAY['ping','balance','daily','warn','play','queue'])[1 + floor(random() * 6)::int]
                     WHEN k.kind = 'error' THEN 'DiscordAPIError' ELSE '' END,
                'guild-' || floor(random() * 5)::int,
                CASE WHEN k.kind IN ('command', 'message') THEN 'actor-' || floor(random() * 400)::int END,
                CASE WHEN k.kind = 'command' THEN 5 + floor(random() * 120)::int END,
                NOT (k.kind = 'error' OR (k.kind = 'command' AND random() < 0.02))
         FROM generate_series(1, $3::int) g,
              LATERAL (SELECT CASE WHEN r < 0.6 THEN 'command' WHEN r < 0.97 THEN 'message' WHEN r < 0.98 THEN 'guild_join'
                                   WHEN r < 0.985 THEN 'guild_leave' ELSE 'error' END AS kind
                       FROM (SELECT random() + g * 0 AS r) x) k`,
        [`bench-bot-${bot}`, userId, eventsPerBot],
      );
      if (bot % 10 === 0)
        process.stdout.write(`  ${bot} bots seeded (${Math.round((performance.now() - started) / 1000)} s)\n`);
    }
    const counters = `count(*) FILTER (WHERE kind = 'command'), count(*) FILTER (WHERE kind = 'command' AND NOT ok),
              count(*) FILTER (WHERE kind = 'message'), count(*) FILTER (WHERE kind = 'guild_join'),
              count(*) FILTER (WHERE kind = 'guild_leave'), count(*) FILTER (WHERE kind = 'error'),
              coalesce(sum("durationMs"), 0), count("durationMs")`;
    const columns = `commands, "commandErrors", messages, "guildJoins", "guildLeaves", errors, "durationTotalMs", "durationCount"`;
    await client.query(
      `INSERT INTO "BotAnalyticsHourly" ("botId", "userId", hour, ${columns})
       SELECT "botId", "userId", date_trunc('hour', at), ${counters} FROM "BotAnalyticsEvent" GROUP BY 1, 2, 3`,
    );
    await client.query(
      `INSERT INTO "BotAnalyticsDaily" ("botId", "userId", day, ${columns})
       SELECT "botId", "userId", at::date, ${counters} FROM "BotAnalyticsEvent" GROUP BY 1, 2, 3`,
    );
    await client.query(
      `INSERT INTO "BotAnalyticsActor" ("botId", "userId", "actorHash", active, "lastSeenAt")
       SELECT "botId", "userId", "actorHash", range_agg(daterange(at::date, at::date + 1)), max(at)
       FROM "BotAnalyticsEvent" WHERE "actorHash" IS NOT NULL GROUP BY 1, 2, 3`,
    );
    await client.query(
      `INSERT INTO "BotStatusEvent" ("botId", status, reason, "createdAt")
       SELECT b.id, CASE WHEN g % 2 = 0 THEN 'running' ELSE 'restarting' END, 'bench', now() - (g || ' days')::interval
       FROM "Bot" b, generate_series(1, 90) g`,
    );
    await client.query("ANALYZE");
    const counts = await client.query<{ events: string; hourly: string; actors: string }>(
      `SELECT (SELECT count(*) FROM "BotAnalyticsEvent") AS events, (SELECT count(*) FROM "BotAnalyticsHourly") AS hourly,
              (SELECT count(*) FROM "BotAnalyticsActor") AS actors`,
    );
    const row = counts.rows[0]!;
    console.log(
      `Seeded in ${Math.round((performance.now() - started) / 1000)} s: ${Number(row.events).toLocaleString("en-US")} events, ` +
        `${Number(row.hourly).toLocaleString("en-US")} hourly roll-up rows, ${Number(row.actors).toLocaleString("en-US")} (bot, user) activity rows`,
    );

    const { getAnalytics } = await import("../lib/analytics/queries");
    const { db } = await import("../lib/db");
    console.log(`\ngetAnalytics() for ${botsCount} bots, ${runs} runs after 3 warm-ups:`);
    console.log("period   p50      p95      max");
    for (const period of ["24h", "7d", "30d", "90d"] as const) {
      for (let i = 0; i < 3; i += 1) await getAnalytics(userId, period);
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const t0 = performance.now();
        await getAnalytics(userId, period);
        times.push(performance.now() - t0);
      }
      console.log(
        `${period.padEnd(8)} ${percentile(times, 50).toFixed(1).padStart(6)} ms ${percentile(times, 95).toFixed(1).padStart(6)} ms ${Math.max(
          ...times,
        )
          .toFixed(1)
          .padStart(6)} ms`,
      );
    }
    console.log("Target: p95 ≤ 200 ms for every period.");
    await db.$disconnect();
  } finally {
    await client.end();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
