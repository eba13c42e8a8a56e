import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { hashActor, purgeOldAnalyticsEvents, recordAnalytics, recordAnalyticsEvents } from "./ingest";
import { getAnalytics } from "./queries";
import { getBotsSummary } from "./summary";

const stamp = Date.now().toString(36);
const now = new Date("2026-11-22T21:30:00Z");
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);
let alice: string;
let bob: string;
let economy: string;
let moderation: string;
let bobsBot: string;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `alice-an-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `bob-an-${stamp}@example.com` } })).id;
  const bot = (userId: string, name: string) =>
    db.bot.create({ data: { userId, name, language: "javascript" }, select: { id: true } }).then((row) => row.id);
  economy = await bot(alice, "Economy");
  moderation = await bot(alice, "Moderation");
  bobsBot = await bot(bob, "Bob's bot");
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("analytics", () => {
  it("rolls events up by hour, kind and command, across batches, and counts unique users by day", async () => {
    await recordAnalyticsEvents(economy, alice, [
      { at: hoursAgo(1), kind: "command", name: "balance", actorId: "u1", durationMs: 10 },
      { at: hoursAgo(1), kind: "command", name: "balance", actorId: "u2", durationMs: 30 },
      { at: hoursAgo(1), kind: "message", actorId: "u1" },
    ]);
    await recordAnalyticsEvents(economy, alice, [
      { at: hoursAgo(1), kind: "command", name: "balance", actorId: "u1", durationMs: 20, ok: false },
    ]);
    const rows = await db.botAnalyticsHourly.findMany({ where: { botId: economy } });
    const summary = (
      list: {
        commands: number;
        commandErrors: number;
        messages: number;
        durationTotalMs: bigint;
        durationCount: number;
      }[],
    ) =>
      list.map((row) => [
        row.commands,
        row.commandErrors,
        row.messages,
        Number(row.durationTotalMs),
        row.durationCount,
      ]);
    // One row for the hour: 3 commands (1 failed, 60 ms over 3 timed), 1 message.
    expect(summary(rows)).toEqual([[3, 1, 1, 60, 3]]);
    // The daily roll-up holds the same numbers for the day.
    expect(summary(await db.botAnalyticsDaily.findMany({ where: { botId: economy } }))).toEqual([[3, 1, 1, 60, 3]]);
    const actors = await db.$queryRaw<{ actorHash: string; active: string }[]>`
      SELECT "actorHash", active::text AS active FROM "BotAnalyticsActor" WHERE "botId" = ${economy} ORDER BY "actorHash"`;
    // Discord ids are never stored, only the salted hash; each user's active days as a multirange.
    expect(actors.map((actor) => actor.actorHash)).toEqual([hashActor(economy, "u1"), hashActor(economy, "u2")].sort());
    expect(actors[0]!.active).toBe("{[2026-11-22,2026-11-23)}");
    const stored = await db.botAnalyticsEvent.findMany({
      where: { botId: economy },
      select: { actorHash: true, name: true },
    });
    expect(JSON.stringify(stored)).not.toContain('"u1"');
  });

  it("computes cards with their change against the previous period, series, performance and activity", async () => {
    // The previous 24 hours: 2 commands for Moderation.
    await recordAnalyticsEvents(moderation, alice, [
      { at: hoursAgo(30), kind: "command", name: "warn", actorId: "u9", durationMs: 50 },
      { at: hoursAgo(30), kind: "command", name: "warn", actorId: "u9", durationMs: 50 },
      { at: hoursAgo(2), kind: "command", name: "warn", actorId: "u3", durationMs: 40 },
      { at: hoursAgo(2), kind: "guild_join", guildId: "g1" },
    ]);
    await db.botStatusEvent.createMany({
      data: [
        { botId: moderation, status: "running", reason: "Connected", createdAt: hoursAgo(48) },
        { botId: moderation, status: "stopped", reason: "Stopped by you", createdAt: hoursAgo(6) },
      ],
    });

    const data = await getAnalytics(alice, "24h", now);
    const card = (id: string) => data.cards.find((entry) => entry.id === id)!;
    // This 24 h: 3 economy commands + 1 moderation = 4; before: 2 → +100 %.
    expect(card("commands")).toMatchObject({ value: 4, change: 100 });
    // Average response over the period's timed commands: (10 + 30 + 20 + 40) / 4 = 25 ms.
    expect(card("response").value).toBe(25);
    // One failed command out of four.
    expect(card("errors").value).toBe(25);
    // u1, u2 (Economy), u3 and u9 (Moderation, whose day 30 h ago the window touches).
    expect(card("users").value).toBe(4);

    expect(data.commandSeries).toHaveLength(24);
    const total = data.commandSeries.reduce(
      (sum, point) => sum + Number(point[economy]) + Number(point[moderation]),
      0,
    );
    expect(total).toBe(4);
    expect(data.errorSeries.reduce((sum, point) => sum + point.errors, 0)).toBe(1);

    const perf = Object.fromEntries(data.bots.map((bot) => [bot.name, bot]));
    expect(perf.Economy).toMatchObject({ commands: 3, users: 2, popularity: 75 });
    expect(perf.Moderation).toMatchObject({ commands: 1, popularity: 25 });
    // The window began at 22:00 yesterday; it is 21:30 now: 23.5 h so far. Running until 15:30
    // (6 h ago): 17.5 h, 74.5 %.
    expect(perf.Moderation!.uptime).toBeCloseTo(74.5, 1);

    expect(data.activity.map((item) => item.event)).toEqual(
      expect.arrayContaining(["Added to a server", "/warn answered in 40 ms", "/balance failed", "Stopped"]),
    );
  });

  it("My Bots' summary: commands of the last 30 days, average uptime of the bots that ran in the last 7 days", async () => {
    // Economy 3 + Moderation 3; Moderation, first started 48 h ago, ran until 6 h ago: 42 of 48 hours.
    // Economy never ran, so it does not count.
    expect(await getBotsSummary(alice, now)).toEqual({ commands30d: 6, averageUptime7d: 87.5 });
  });

  it("never shows another user's bots or numbers", async () => {
    await recordAnalyticsEvents(bobsBot, bob, [{ at: hoursAgo(1), kind: "command", name: "secret", actorId: "b1" }]);
    const aliceView = await getAnalytics(alice, "7d", now);
    expect(aliceView.bots.map((bot) => bot.botId)).not.toContain(bobsBot);
    expect(JSON.stringify(aliceView)).not.toContain("secret");
    const bobView = await getAnalytics(bob, "7d", now);
    expect(bobView.cards.find((entry) => entry.id === "commands")!.value).toBe(1);
    expect(bobView.bots.map((bot) => bot.name)).toEqual(["Bob's bot"]);
  });

  it("several bots' events in one write; messages are counted (with their authors as users), not stored one by one", async () => {
    const [first, second] = await Promise.all(
      ["Counter A", "Counter B"].map((name) =>
        db.bot.create({ data: { userId: bob, name, language: "javascript" }, select: { id: true } }),
      ),
    );
    await recordAnalytics([
      {
        botId: first!.id,
        userId: bob,
        events: [
          { at: hoursAgo(3), kind: "message", actorId: "m1", count: 40 },
          { at: hoursAgo(3), kind: "message", actorId: "m2" },
          { at: hoursAgo(3), kind: "command", name: "ping", actorId: "m1", durationMs: 8 },
        ],
      },
      { botId: second!.id, userId: bob, events: [{ at: hoursAgo(3), kind: "message", actorId: "m1", count: 5 }] },
    ]);
    const hourly = await db.botAnalyticsHourly.findMany({
      where: { botId: { in: [first!.id, second!.id] } },
      select: { botId: true, messages: true, commands: true },
    });
    expect(hourly.find((row) => row.botId === first!.id)).toMatchObject({ messages: 41, commands: 1 });
    expect(hourly.find((row) => row.botId === second!.id)).toMatchObject({ messages: 5, commands: 0 });
    expect(await db.botAnalyticsActor.count({ where: { botId: first!.id } })).toBe(2);
    expect(await db.botAnalyticsActor.count({ where: { botId: second!.id } })).toBe(1);
    // Only the command is kept as a raw event.
    expect(
      await db.botAnalyticsEvent.groupBy({
        by: ["kind"],
        where: { botId: { in: [first!.id, second!.id] } },
        _count: true,
      }),
    ).toEqual([{ kind: "command", _count: 1 }]);
    await db.bot.deleteMany({ where: { id: { in: [first!.id, second!.id] } } });
  });

  it("an account without bots gets zeros, not an error; old raw events are purged but roll-ups stay", async () => {
    const lonely = (await db.user.create({ data: { email: `lonely-${stamp}@example.com` } })).id;
    try {
      const data = await getAnalytics(lonely, "30d", now);
      expect(data.cards.every((entry) => entry.value === 0)).toBe(true);
      expect(data.commandSeries).toHaveLength(30);
    } finally {
      await db.user.delete({ where: { id: lonely } });
    }
    await recordAnalyticsEvents(bobsBot, bob, [{ at: hoursAgo(24 * 40), kind: "command", name: "old" }]);
    expect(await purgeOldAnalyticsEvents(now)).toBeGreaterThanOrEqual(1);
    expect(await db.botAnalyticsEvent.count({ where: { botId: bobsBot, name: "old" } })).toBe(0);
    const old = new Date(hoursAgo(24 * 40).getTime() - (hoursAgo(24 * 40).getTime() % 3_600_000));
    expect(
      await db.botAnalyticsHourly.findUnique({ where: { botId_hour: { botId: bobsBot, hour: old } } }),
    ).toMatchObject({
      commands: 1,
    });
  });
});
