import { MessageFlags } from "discord.js";
import { describe, expect, it } from "vitest";

import {
  fakeInteraction,
  fakeMember,
  loadModule,
  memoryDb,
  type CommandModule,
  type Db,
  type FakeUser,
} from "./test-support";

interface EconomyModule {
  DAILY_REWARD: number;
  DAILY_COOLDOWN_MS: number;
  balanceKey(guildId: string, userId: string): string;
  balancePrefix(guildId: string): string;
  dailyStatus(lastClaimAt: number | null, now: number): { ready: boolean; remainingMs: number; nextAt?: number };
  formatDuration(ms: number): string;
  checkPayment(input: {
    fromId: string;
    toId: string;
    toIsBot: boolean;
    amount: number;
    balance: number;
  }): { ok: true } | { ok: false; reason: string };
  rankBalances(
    entries: { key: string; value: unknown }[],
    prefix: string,
    limit?: number,
  ): { userId: string; balance: number }[];
}

const economy = loadModule<EconomyModule>("economy-bot", "lib/economy.js");
const command = (name: string) => loadModule<CommandModule>("economy-bot", `commands/${name}.js`);
const HOUR = 3_600_000;

describe("economy rules", () => {
  it("lets a member claim the daily reward if they never did, or 24 hours after the last claim", () => {
    expect(economy.DAILY_COOLDOWN_MS).toBe(24 * HOUR);
    expect(economy.dailyStatus(null, 1_000).ready).toBe(true);
    expect(economy.dailyStatus(0, 24 * HOUR).ready).toBe(true);
  });

  it("tells how long is left before the next daily reward", () => {
    expect(economy.dailyStatus(0, 20 * HOUR)).toEqual({ ready: false, remainingMs: 4 * HOUR, nextAt: 24 * HOUR });
    expect(economy.formatDuration(4 * HOUR + 5 * 60_000)).toBe("4h 5m");
    expect(economy.formatDuration(125_000)).toBe("2m 5s");
    expect(economy.formatDuration(1)).toBe("1s");
  });

  const payment = { fromId: "a", toId: "b", toIsBot: false, amount: 10, balance: 50 };

  it("allows a payment of a positive whole amount the payer has", () => {
    expect(economy.checkPayment(payment)).toEqual({ ok: true });
    expect(economy.checkPayment({ ...payment, amount: 50 })).toEqual({ ok: true });
  });

  it("refuses paying yourself, paying bots, non-positive or fractional amounts, and insufficient funds", () => {
    expect(economy.checkPayment({ ...payment, toId: "a" })).toEqual({ ok: false, reason: "You cannot pay yourself." });
    expect(economy.checkPayment({ ...payment, toIsBot: true }).ok).toBe(false);
    for (const amount of [0, -5, 2.5, Number.NaN]) expect(economy.checkPayment({ ...payment, amount }).ok).toBe(false);
    expect(economy.checkPayment({ ...payment, amount: 51 })).toEqual({
      ok: false,
      reason: "You only have 50 coins, not enough to pay 51.",
    });
  });

  it("ranks the richest members first and leaves out empty balances", () => {
    const prefix = economy.balancePrefix("g");
    const entries = [
      { key: `${prefix}a`, value: 5 },
      { key: `${prefix}b`, value: 50 },
      { key: `${prefix}c`, value: 0 },
      { key: `${prefix}d`, value: 20 },
    ];
    expect(economy.rankBalances(entries, prefix)).toEqual([
      { userId: "b", balance: 50 },
      { userId: "d", balance: 20 },
      { userId: "a", balance: 5 },
    ]);
    expect(economy.rankBalances(entries, prefix, 1)).toHaveLength(1);
  });
});

describe("economy commands", () => {
  const alice = fakeMember("alice");
  const bob = fakeMember("bob");

  async function run(name: string, db: Db, options: Record<string, string | number | FakeUser> = {}, member = alice) {
    const fake = fakeInteraction({ member, options });
    await command(name).execute(fake.interaction, { db });
    return fake;
  }

  it("/daily pays the reward once, then says how long to wait", async () => {
    const db = memoryDb();
    const first = await run("daily", db);
    expect(first.lastText()).toContain(`Your balance is now **${economy.DAILY_REWARD}** coins`);

    const second = await run("daily", db);
    expect(second.lastText()).toMatch(/Come back in \*\*(23h 59m|24h 0m)\*\*/);
    expect(second.replies[0]).toMatchObject({ flags: MessageFlags.Ephemeral });
    expect(await db.get(economy.balanceKey("guild-1", "alice"))).toBe(economy.DAILY_REWARD);
  });

  it("/daily works again once 24 hours have passed", async () => {
    const db = memoryDb();
    await db.set(`economy:guild-1:daily:alice`, Date.now() - 24 * HOUR - 1);
    await db.set(economy.balanceKey("guild-1", "alice"), 5);
    expect((await run("daily", db)).lastText()).toContain(`**${5 + economy.DAILY_REWARD}**`);
  });

  it("/balance shows your balance, or another member's", async () => {
    const db = memoryDb();
    await db.set(economy.balanceKey("guild-1", "bob"), 42);
    expect((await run("balance", db)).lastText()).toBe("You have **0** coins.");
    expect((await run("balance", db, { user: bob.user })).lastText()).toBe("<@bob> has **42** coins.");
  });

  it("/pay moves coins from the payer to the recipient", async () => {
    const db = memoryDb();
    await db.set(economy.balanceKey("guild-1", "alice"), 100);
    const fake = await run("pay", db, { user: bob.user, amount: 30 });
    expect(fake.lastText()).toContain("paid <@bob> **30** coins");
    expect(await db.get(economy.balanceKey("guild-1", "alice"))).toBe(70);
    expect(await db.get(economy.balanceKey("guild-1", "bob"))).toBe(30);
  });

  it("/pay refuses more than you have, and paying yourself, without moving coins", async () => {
    const db = memoryDb();
    await db.set(economy.balanceKey("guild-1", "alice"), 10);
    expect((await run("pay", db, { user: bob.user, amount: 11 })).lastText()).toContain("not enough to pay 11");
    expect((await run("pay", db, { user: alice.user, amount: 1 })).lastText()).toBe("You cannot pay yourself.");
    expect(await db.get(economy.balanceKey("guild-1", "alice"))).toBe(10);
    expect(await db.get(economy.balanceKey("guild-1", "bob"))).toBeNull();
  });

  it("/leaderboard lists the top 10 of the server, richest first", async () => {
    const db = memoryDb();
    for (let i = 1; i <= 12; i += 1) await db.set(economy.balanceKey("guild-1", `u${i}`), i * 10);
    await db.set(economy.balanceKey("other-guild", "rich"), 1_000_000);
    const text = (await run("leaderboard", db)).lastText();
    const lines = text.split("\n").slice(1);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe("1. <@u12>: **120** coins");
    expect(lines[9]).toBe("10. <@u3>: **30** coins");
    expect(text).not.toContain("rich");
  });

  it("/leaderboard invites people to start when nobody has coins", async () => {
    expect((await run("leaderboard", memoryDb())).lastText()).toContain("Use /daily to get started");
  });
});
