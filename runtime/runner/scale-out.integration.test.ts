/**
 * Several runners sharing one fleet through BotLease: they split it, a killed runner's bots
 * come back on another within the lease time, a draining runner hands its bots over at once,
 * and no bot ever has two gateway sessions. Real simulator, real discord.js bots. "Within the
 * lease" and "at once" are counted in the claiming runner's reconcile rounds, which a busy
 * machine can only make fewer; the seconds are printed.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { loadTemplateFiles } from "@/lib/bots/templates";
import { db } from "@/lib/db";

import { LeaseTable } from "./leases";
import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import { claimRoundsUntilHeld, createBot, createUser, tempDataDir, testRunner, waitFor } from "./test-support";

const pingBot = `
const { Client, Events, GatewayIntentBits } = require("discord.js");
const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
});
client.on(Events.MessageCreate, (message) => {
  if (!message.author.bot && message.content === "!ping") void message.reply("pong");
});
client.login(process.env.DISCORD_TOKEN);
`;

let userId: string;
let simulator: TestSimulator;
let events: Awaited<ReturnType<typeof openEventText>>;
let ids: Awaited<ReturnType<typeof worldIds>>;
const dirs = [tempDataDir(), tempDataDir(), tempDataDir()];
const runners = new Map<string, Runner>();
const botIds: string[] = [];
let economyId = "";
let maxSessions = 0;
let sampling: NodeJS.Timeout | null = null;
/** Every runner's lease claims, one a reconcile round. */
const claims = vi.spyOn(LeaseTable.prototype, "claim");
const leaseMs = 3000;
const pollMs = 200;

function start(name: string, dir: string) {
  return testRunner({
    name,
    dataDir: dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    leaseTtlMs: leaseMs,
    heartbeatMs: 1000,
    pollIntervalMs: pollMs,
    timing: { readyTimeoutMs: 30_000 },
  }).then((runner) => (runners.set(name, runner), runner));
}

async function sessions(botId: string): Promise<number> {
  return (await simulator.call<{ sessions: number }>("GET", `/bots/${botId}/sessions`)).sessions;
}

/** Every bot running and leased by one of `names` (live lease); those in `moved` restarted since `since`. */
async function waitForFleetOn(names: string[], since: Date, timeoutMs: number, moved: string[] = botIds) {
  return waitFor(
    async () => {
      const rows = await db.bot.findMany({
        where: { id: { in: botIds } },
        select: {
          id: true,
          status: true,
          statusChangedAt: true,
          lease: { select: { runnerName: true, expiresAt: true } },
        },
      });
      return rows.filter(
        (row) =>
          row.status === "running" &&
          (!moved.includes(row.id) || row.statusChangedAt! >= since) &&
          row.lease &&
          names.includes(row.lease.runnerName) &&
          row.lease.expiresAt > new Date(),
      ).length;
    },
    (count) => count === botIds.length,
    { timeoutMs, intervalMs: 100 },
  ).catch(async (error: unknown) => {
    const rows = await db.bot.findMany({
      where: { id: { in: botIds } },
      select: { id: true, status: true, statusReason: true, statusChangedAt: true, lease: true },
    });
    const hosts = await db.runnerHost.findMany({ select: { name: true, draining: true, heartbeatAt: true } });
    throw new Error(`${(error as Error).message}\n${JSON.stringify({ rows, hosts, since }, null, 1)}`);
  });
}

async function slash(name: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const from = events.count;
    try {
      await simulator.call("POST", `/worlds/${userId}/interactions`, {
        botId: economyId,
        channelId: ids.general,
        authorId: ids.owner,
        name,
      });
      return from;
    } catch (error) {
      if (!/: 404 /.test((error as Error).message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

beforeAll(async () => {
  userId = await createUser("runner-scale");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
});

afterAll(async () => {
  if (sampling) clearInterval(sampling);
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  for (const runner of runners.values()) await runner.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  await db.runnerHost.deleteMany({ where: { name: { in: ["scale-a", "scale-b", "scale-c"] } } });
  for (const dir of dirs) dir.remove();
  claims.mockRestore();
});

describe("runners sharing the fleet", () => {
  it("two runners split six bots, each bot on exactly one", async () => {
    const [a, b] = await Promise.all([start("scale-a", dirs[0]!.dir), start("scale-b", dirs[1]!.dir)]);
    for (let index = 0; index < 5; index += 1) {
      botIds.push(await createBot(userId, [{ path: "index.js", content: pingBot }], { name: `ping-${index}` }));
    }
    economyId = await createBot(userId, await loadTemplateFiles("economy-bot"), { name: "economy" });
    botIds.push(economyId);
    sampling = setInterval(() => {
      for (const botId of botIds) {
        void sessions(botId).then(
          (count) => (maxSessions = Math.max(maxSessions, count)),
          () => {},
        );
      }
    }, 100);
    await waitForFleetOn(["scale-a", "scale-b"], new Date(0), 40_000);
    const heldA = a!.heldBots();
    const heldB = b!.heldBots();
    expect(heldA.length).toBeGreaterThan(0);
    expect(heldB.length).toBeGreaterThan(0);
    expect(heldA.filter((id) => heldB.includes(id))).toEqual([]);
    expect([...heldA, ...heldB].sort()).toEqual([...botIds].sort());
    for (const botId of botIds) expect(await sessions(botId)).toBe(1);

    await events.waitFor(/claimed your daily/, await slash("daily"));
    const hosts = await db.runnerHost.findMany({ where: { name: { in: ["scale-a", "scale-b"] } } });
    expect(hosts.map((host) => host.name).sort()).toEqual(["scale-a", "scale-b"]);
    expect(hosts.every((host) => host.memoryTotalBytes > 0n && !host.draining)).toBe(true);
  }, 60_000);

  it("a killed runner's bots come back on the other within the lease time, balance intact", async () => {
    const [a, b] = [runners.get("scale-a"), runners.get("scale-b")];
    const killedAt = new Date();
    const killedCall = claims.mock.calls.length;
    const moved = a!.heldBots();
    await a!.kill();
    await waitForFleetOn(["scale-b"], killedAt, 90_000, moved);
    const seconds = (Date.now() - killedAt.getTime()) / 1000;
    const rounds = claimRoundsUntilHeld(claims, "scale-b", moved, { since: killedCall });
    console.log(`failover of ${moved.length} bots: ${seconds.toFixed(1)} s, claimed in round ${rounds} (lease 3 s)`);
    // Claimed as soon as the dead runner's leases ran out: at most a lease's worth of rounds
    // (leaseMs / pollMs), a round that began just before they did, and the one that claims.
    expect(rounds).not.toBeNull();
    expect(rounds!).toBeLessThanOrEqual(Math.ceil(leaseMs / pollMs) + 2);
    expect(b!.heldBots().sort()).toEqual([...botIds].sort());
    const generations = await db.botLease.findMany({ where: { botId: { in: moved } } });
    expect(generations.every((lease) => lease.generation >= 2 && lease.runnerName === "scale-b")).toBe(true);
    // The economy bot's balance is in the built-in database, not in the process that died.
    await events.waitFor(/You have \*\*100\*\* coins/, await slash("balance"));
  }, 120_000);

  it("a draining runner hands its bots over at once", async () => {
    const b = runners.get("scale-b")!;
    const c = await start("scale-c", dirs[2]!.dir);
    const drainedAt = new Date();
    const drainCall = claims.mock.calls.length;
    await b.stop();
    const stoppedCall = claims.mock.calls.length;
    expect((await db.runnerHost.findUniqueOrThrow({ where: { name: "scale-b" } })).draining).toBe(true);
    // Restarting the whole fleet on the other runner takes a few seconds a bot on a busy 2-core
    // CI machine; what matters is that the handover starts at once, not after the lease expires.
    await waitForFleetOn(["scale-c"], drainedAt, 90_000);
    const seconds = (Date.now() - drainedAt.getTime()) / 1000;
    const rounds = claimRoundsUntilHeld(claims, "scale-c", botIds, { since: drainCall, from: stoppedCall });
    console.log(
      `drain handover of ${botIds.length} bots: ${seconds.toFixed(1)} s; all held by the other runner ${rounds} round(s) after the drain`,
    );
    // Each bot is handed back as it stops, so once the drain is over the other runner holds them
    // all within two of its rounds (the one under way may have looked just before the last one
    // came back), not after the ${leaseMs / pollMs} a lease would last.
    expect(rounds).not.toBeNull();
    expect(rounds!).toBeLessThanOrEqual(2);
    expect(c.heldBots()).toHaveLength(botIds.length);
  }, 120_000);

  it("a bot stopped by its owner is handed back, so it counts against no runner's share", async () => {
    const c = runners.get("scale-c")!;
    const botId = botIds[0]!;
    await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
    await waitFor(
      () => db.botLease.findUniqueOrThrow({ where: { botId } }),
      (lease) => lease.expiresAt <= new Date() && !c.heldBots().includes(botId),
      { timeoutMs: 10_000 },
    );
    expect((await db.bot.findUniqueOrThrow({ where: { id: botId } })).status).toBe("stopped");
  });

  it("no bot ever had two gateway sessions", () => {
    expect(maxSessions).toBe(1);
  });
});
