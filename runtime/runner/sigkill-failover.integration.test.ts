/**
 * The failover promise with a real process: a runner started as `npm run runner` does
 * (runtime/runner/main.ts, production lease times) is killed with SIGKILL; another runner claims
 * its bots as soon as their leases run out (counted in its own reconcile rounds, not in seconds)
 * and brings them back, and no bot ever has two gateway sessions. The seconds are printed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { simulatorControlKey } from "@/lib/simulator/config";
import { startSimulator } from "@/runtime/simulator/server";

import { LeaseTable } from "./leases";
import type { Runner } from "./runner";
import { claimRoundsUntilHeld, createBot, createUser, tempDataDir, testRunner, waitFor } from "./test-support";

const pingBot = `
const { Client, Events, GatewayIntentBits } = require("discord.js");
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages] });
client.on(Events.MessageCreate, (message) => {
  if (!message.author.bot && message.content === "!ping") void message.reply("pong");
});
client.login(process.env.DISCORD_TOKEN);
`;

/** The lease the killed runner holds its bots with: runner.ts's default, which main.ts keeps. */
const productionLeaseMs = 15_000;
const survivorPollMs = 500;

const secret = randomBytes(32).toString("base64url");
const controlKey = simulatorControlKey(secret);
const dirs = [tempDataDir(), tempDataDir()];
let simulator: Awaited<ReturnType<typeof startSimulator>>;
let child: ChildProcess | undefined;
let survivor: Runner | undefined;
const botIds: string[] = [];

async function sessions(botId: string): Promise<number> {
  const response = await fetch(`${simulator.url}/control/bots/${botId}/sessions`, {
    headers: { authorization: `Bearer ${controlKey}` },
  });
  return ((await response.json()) as { sessions: number }).sessions;
}

function placement() {
  return db.bot.findMany({
    where: { id: { in: botIds } },
    select: { id: true, status: true, statusChangedAt: true, lease: { select: { runnerName: true, expiresAt: true } } },
  });
}

beforeAll(async () => {
  simulator = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  const userId = await createUser("sigkill");
  for (let i = 0; i < 3; i += 1) {
    botIds.push(await createBot(userId, [{ path: "index.js", content: pingBot }], { name: `Killed ${i}` }));
  }
});

afterAll(async () => {
  child?.kill("SIGKILL");
  await survivor?.stop();
  await db.bot.deleteMany({ where: { id: { in: botIds } } });
  await db.runnerHost.deleteMany({ where: { name: { in: ["sigkill-a", "sigkill-b"] } } });
  await simulator?.close();
  for (const dir of dirs) dir.remove();
});

describe("a runner killed with SIGKILL", () => {
  it("has its bots claimed by another runner within the lease and brought back, never two copies at once", async () => {
    // `node --import tsx`, not the tsx CLI: the CLI runs the script in a child process, which a
    // SIGKILL of the CLI would leave running.
    child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "main.ts")], {
      env: {
        PATH: process.env.PATH,
        NODE_ENV: "test",
        DATABASE_URL: env.DATABASE_URL,
        DATABASE_POOL_SIZE: "2",
        AUTH_SECRET: secret,
        BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
        RUNNER_NAME: "sigkill-a",
        RUNNER_DATA_DIR: dirs[0]!.dir,
        SIMULATOR_URL: simulator.url,
        RUNNER_POLL_INTERVAL_MS: "500",
      },
      cwd: join(import.meta.dirname, "..", ".."),
      stdio: "ignore",
    });
    await waitFor(
      placement,
      (rows) => rows.every((row) => row.status === "running" && row.lease?.runnerName === "sigkill-a"),
      { timeoutMs: 45_000, intervalMs: 200 },
    );

    let maxSessions = 0;
    const sampling = setInterval(() => {
      for (const botId of botIds) void sessions(botId).then((count) => (maxSessions = Math.max(maxSessions, count)));
    }, 100);
    const claims = vi.spyOn(LeaseTable.prototype, "claim");
    try {
      child.kill("SIGKILL");
      const killedAt = new Date();
      survivor = await testRunner({
        name: "sigkill-b",
        dataDir: dirs[1]!.dir,
        simulatorUrl: simulator.url,
        controlKey,
        pollIntervalMs: survivorPollMs,
        timing: { readyTimeoutMs: 30_000 },
      });
      await waitFor(
        placement,
        (rows) =>
          rows.every(
            (row) =>
              row.status === "running" && row.lease?.runnerName === "sigkill-b" && row.statusChangedAt! >= killedAt,
          ),
        // A deadline for a busy machine: starting the bots again takes what the machine can give.
        { timeoutMs: 90_000, intervalMs: 200 },
      );
      const seconds = (Date.now() - killedAt.getTime()) / 1000;
      const rounds = claimRoundsUntilHeld(claims, "sigkill-b", botIds);
      console.log(`SIGKILL failover of ${botIds.length} bots: ${seconds.toFixed(1)} s, claimed in round ${rounds}`);
      // Claimed in the survivor's first round after the leases ran out: a lease is at most
      // productionLeaseMs / survivorPollMs of its rounds (fewer when the machine is slow), plus
      // its first round, the one when its sandbox check passes, and the one that claims them.
      expect(rounds).not.toBeNull();
      expect(rounds!).toBeLessThanOrEqual(Math.ceil(productionLeaseMs / survivorPollMs) + 3);
      for (const botId of botIds) expect(await sessions(botId)).toBe(1);
    } finally {
      clearInterval(sampling);
      claims.mockRestore();
    }
    expect(maxSessions).toBeLessThanOrEqual(1);
  }, 180_000);
});
