/**
 * Faults, with every part real: the simulator and the runner started by startRuntimeServices as
 * `npm start` starts them (their own processes, the platform's restart policy), PostgreSQL, and a
 * discord.js `!ping` bot in the runner's sandbox. Each fault — SIGKILL of the runner, of the
 * simulator, of the bot's own process, every database connection terminated — is followed by
 * the bot answering again with exactly one gateway session; a killed service is restarted once,
 * after the restart policy's first pause. A simulator killed eight times in a row is restarted
 * each time with a growing pause, never given up on, and the bot answers once it is back.
 * Recovery times are printed for the closing note, not asserted: how long a busy machine takes to
 * start a runner and a bot again is not the platform's doing.
 */
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { describeServiceHealth } from "@/lib/hosting/service-health";
import { simulatorControlKey } from "@/lib/simulator/config";
import { pingBot } from "@/runtime/runner/hostile-support";
import { botDirs } from "@/runtime/runner/paths";
import { worldIds, type TestSimulator } from "@/runtime/runner/simulator-support";
import { createBot, createUser, tempDataDir, waitFor } from "@/runtime/runner/test-support";
import { processTree } from "@/runtime/runner/watchdog";
import { controlCaller } from "@/runtime/simulator/control-call";
import type { SupervisedService } from "@/scripts/lib/restart-policy";
import { startRuntimeServices, type RunningServices, type RuntimeServiceName } from "@/scripts/lib/services";

const secret = randomBytes(32).toString("base64url");
const runnerName = `faults-${Date.now().toString(36)}`;
// The product's first pause (1 s), capped at 4 s so eight kills in a row fit in a test.
const policy = { baseMs: 1_000, capMs: 4_000, stableAfterMs: 60_000 };
const dataDir = tempDataDir();
const recovery: Record<string, number> = {};
const changes: { name: RuntimeServiceName; state: SupervisedService }[] = [];

let services: RunningServices;
let simulator: TestSimulator;
let userId: string;
let botId: string;
let where: Awaited<ReturnType<typeof worldIds>>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sends "!ping <tag>" every 500 ms (through outages: a refused request is tried again) until a
 * "pong <tag>" for one of them appears; the seconds from `since`. `timeoutMs` is a deadline for
 * a bot that never answers again, generous for a busy machine.
 */
async function answersAgain(since: number, timeoutMs = 90_000): Promise<number> {
  const tags = new Set<string>();
  let sentAt = 0;
  for (;;) {
    if (Date.now() - sentAt >= 500) {
      sentAt = Date.now();
      const tag = `${sentAt}-${tags.size}`;
      tags.add(tag);
      await simulator
        .call("POST", `/worlds/${userId}/messages`, {
          channelId: where.general,
          authorId: where.sam,
          content: `!ping ${tag}`,
        })
        .catch(() => undefined);
    }
    const world = await simulator
      .call<{ messages: Record<string, { content: string }[]> }>("GET", `/worlds/${userId}`)
      .catch(() => null);
    const answered = Object.values(world?.messages ?? {})
      .flat()
      .some((message) => message.content.startsWith("pong ") && tags.has(message.content.slice(5)));
    if (answered) return (Date.now() - since) / 1000;
    if (Date.now() - since > timeoutMs) {
      const bot = await db.bot.findUnique({ where: { id: botId }, select: { status: true, statusReason: true } });
      throw new Error(`The bot did not answer within ${timeoutMs / 1000} s (${bot?.status}: ${bot?.statusReason})`);
    }
    await sleep(100);
  }
}

/** Since change `from`, the supervisor restarted `name` once, after the policy's first pause. */
function restartedOnceAtFirstPause(name: RuntimeServiceName, from: number) {
  const pauses = changes
    .slice(from)
    .filter((change) => change.name === name && change.state.state === "restarting")
    .map(({ state }) => state.nextAttemptAt! - state.lastExit!.at);
  expect(pauses).toEqual([policy.baseMs]);
}

async function gatewaySessions(): Promise<number> {
  return (await simulator.call<{ sessions: number }>("GET", `/bots/${botId}/sessions`)).sessions;
}

/** Exactly one session now, and still one a moment later (no second copy about to appear or linger). */
async function expectOneSession() {
  await waitFor(gatewaySessions, (count) => count === 1, { timeoutMs: 5_000, intervalMs: 100 });
  await sleep(1_000);
  expect(await gatewaySessions()).toBe(1);
}

async function newPid(name: RuntimeServiceName, other?: number): Promise<number> {
  return (await waitFor(
    async () => services.pid(name),
    (pid) => pid !== undefined && pid !== other,
    { timeoutMs: 30_000, intervalMs: 20 },
  ))!;
}

/** The bot's own processes: what the runner spawned for it (its pid file) and below, not the sandbox's bubblewrap. */
function botProcesses(): number[] {
  const root = Number(readFileSync(join(botDirs(dataDir.dir, botId).root, "pid"), "utf8"));
  const comm = (pid: number) => {
    try {
      return readFileSync(`/proc/${pid}/comm`, "utf8").trim();
    } catch {
      return "";
    }
  };
  const own = processTree(root).filter((pid) => comm(pid) !== "bwrap" && comm(pid) !== "");
  return own.length ? own : [root];
}

beforeAll(async () => {
  const port = await freePort();
  userId = await createUser("faults");
  botId = await createBot(userId, [{ path: "index.js", content: pingBot }], { name: "Faults ping" });
  services = startRuntimeServices(
    {
      PATH: process.env.PATH,
      NODE_ENV: "test",
      DATABASE_URL: env.DATABASE_URL,
      DATABASE_POOL_SIZE: "2",
      AUTH_SECRET: secret,
      BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
      RUNNER_NAME: runnerName,
      RUNNER_DATA_DIR: dataDir.dir,
      RUNNER_POLL_INTERVAL_MS: "500",
      SIMULATOR_PORT: String(port),
    },
    { policy, onChange: (name, state) => changes.push({ name, state }) },
  );
  const url = `http://127.0.0.1:${port}`;
  simulator = { url, call: controlCaller(url, simulatorControlKey(secret)), close: async () => {} };
  await waitFor(
    () =>
      fetch(`${url}/control/health`).then(
        (response) => response.ok,
        () => false,
      ),
    Boolean,
    { timeoutMs: 30_000, intervalMs: 100 },
  );
  where = await worldIds(simulator, userId);
  const seconds = await answersAgain(Date.now(), 90_000);
  console.log(`[faults] first answer after start: ${seconds.toFixed(1)} s`);
}, 120_000);

afterAll(async () => {
  await services?.stop();
  await db.bot.deleteMany({ where: { id: botId } });
  await db.runnerHost.deleteMany({ where: { name: runnerName } });
  await db.runtimeServiceHealth.deleteMany({});
  dataDir.remove();
  console.log(
    `[faults] recovery (s): ${Object.entries(recovery)
      .map(([fault, seconds]) => `${fault} ${seconds.toFixed(1)}`)
      .join(" · ")}`,
  );
}, 60_000);

describe("the platform after a fault", () => {
  it("the runner killed with SIGKILL: restarted once, and the bot answers again with one session", async () => {
    const pid = services.pid("runner")!;
    const from = changes.length;
    process.kill(pid, "SIGKILL");
    const since = Date.now();
    void newPid("runner", pid).then(() => console.log(`[faults] runner relaunched after ${Date.now() - since} ms`));
    recovery.runner = await answersAgain(since);
    expect(services.pid("runner")).not.toBe(pid);
    restartedOnceAtFirstPause("runner", from);
    await expectOneSession();
  }, 120_000);

  it("the simulator killed with SIGKILL: restarted once, the bot reconnects and answers with one session", async () => {
    const pid = services.pid("simulator")!;
    const from = changes.length;
    process.kill(pid, "SIGKILL");
    const since = Date.now();
    recovery.simulator = await answersAgain(since);
    restartedOnceAtFirstPause("simulator", from);
    await expectOneSession();
  }, 120_000);

  it("the bot's own process killed with SIGKILL: the runner starts it again, answering with one session", async () => {
    const killed = botProcesses();
    const from = changes.length;
    for (const pid of killed) process.kill(pid, "SIGKILL");
    const since = Date.now();
    recovery.botProcess = await answersAgain(since);
    expect(botProcesses().some((pid) => killed.includes(pid))).toBe(false);
    // The runner restarted the bot itself: no platform service went down for it.
    expect(changes.slice(from).filter((change) => change.state.state === "restarting")).toEqual([]);
    await expectOneSession();
  }, 120_000);

  it("every database connection terminated: the bot still answers with one session", async () => {
    const [row] = await db.$queryRaw<{ terminated: bigint }[]>`
      SELECT count(pg_terminate_backend(pid)) AS terminated FROM pg_stat_activity
      WHERE datname = current_database() AND pid <> pg_backend_pid()`;
    expect(Number(row?.terminated)).toBeGreaterThan(0);
    const since = Date.now();
    recovery.databaseConnections = await answersAgain(since);
    await expectOneSession();
    // The services reconnect too: the runner still writes its heartbeat.
    await waitFor(
      () => db.runnerHost.findUnique({ where: { name: runnerName } }),
      (host) => host !== null && host.heartbeatAt.getTime() > since,
      { timeoutMs: 30_000, intervalMs: 500 },
    );
  }, 180_000);

  it("a simulator killed 8 times in a row is restarted each time with a growing pause, and the bot answers after", async () => {
    const from = changes.length;
    let pid = services.pid("simulator") ?? (await newPid("simulator"));
    for (let kill = 0; kill < 8; kill += 1) {
      process.kill(pid, "SIGKILL");
      // The old supervisor gave up (and shut the platform down) at the sixth exit in a minute: no new pid.
      if (kill < 7) pid = await newPid("simulator", pid);
    }
    await waitFor(
      async () => changes.slice(from).filter(({ state }) => state.state === "restarting").length,
      (count) => count === 8,
      { timeoutMs: 5_000, intervalMs: 20 },
    );
    const since = Date.now();
    const pauses = changes
      .slice(from)
      .filter(({ name, state }) => name === "simulator" && state.state === "restarting")
      .map(({ state }) => state.nextAttemptAt! - state.lastExit!.at);
    expect(pauses).toHaveLength(8);
    for (let i = 1; i < pauses.length; i += 1) expect(pauses[i]).toBeGreaterThanOrEqual(pauses[i - 1]!);
    expect(pauses.at(-1)).toBe(policy.capMs);
    expect(pauses.every((pause) => pause >= policy.baseMs && pause <= policy.capMs)).toBe(true);

    // While it waits, Hosting and /status read it as degraded, with the exit's signal.
    const rows = await waitFor(
      () => db.runtimeServiceHealth.findMany(),
      (found) => found.some((row) => row.service === "simulator" && row.state === "restarting"),
      { timeoutMs: 5_000, intervalMs: 50 },
    );
    const [, simulatorHealth] = describeServiceHealth(rows);
    expect(simulatorHealth).toMatchObject({ level: "degraded", lastExit: "stopped by signal SIGKILL" });
    expect(simulatorHealth!.summary).toMatch(/^Restarting after an unexpected exit/);

    recovery.simulatorKilled8Times = await answersAgain(since, policy.capMs + 90_000);
    expect(services.state("simulator")).toMatchObject({ state: "up" });
    expect(services.state("simulator").restarts).toBeGreaterThanOrEqual(9);
    await expectOneSession();
    const [, back] = describeServiceHealth(await db.runtimeServiceHealth.findMany());
    expect(back).toMatchObject({ level: "degraded", restarts: services.state("simulator").restarts });
    expect(back!.summary).toMatch(/^Back after an unexpected exit/);
  }, 240_000);
});
