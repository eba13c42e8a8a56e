/**
 * `npm run bench:runtime`: what the bot runner costs and how fast it answers.
 *
 * On a throwaway database (TEST_DATABASE_URL's server, default the local PostgreSQL) it runs the
 * simulator and a runner each in its own process, as `npm start` does (scripts/lib/bench-simulator.ts,
 * runtime/runner/main.ts), and this process only generates load. For each N in BENCH_BOTS (default
 * 10,50,100) it runs N copies of a small discord.js bot (one per user, so each has its own simulated
 * server) and measures: spawn → ready for all N started together, idle RSS per bot (process tree),
 * and message → reply while each bot gets BENCH_RATE messages/s (default 10) for BENCH_SECONDS
 * (default 10), timed from the control API call to the reply on the world's event stream, with the
 * CPU each part used (runner, simulator, bots, PostgreSQL, this load generator). Before that, one bot
 * alone is restarted BENCH_SINGLE_RUNS times (default 10) for its spawn → ready. Prints a table
 * beside the targets; never fails for being slow.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { Agent, request, type IncomingMessage } from "node:http";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { createInterface } from "node:readline";

import { percentile } from "./lib/stats";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.TEST_DATABASE_URL = serverUrl;
// The runner and the simulator derive the control key from it; the bench gives all three the same.
process.env.AUTH_SECRET ??= randomBytes(32).toString("base64url");
const sizes = (process.env.BENCH_BOTS ?? "10,50,100")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const rate = Number(process.env.BENCH_RATE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const singleRuns = Number(process.env.BENCH_SINGLE_RUNS ?? 10);
/** Lower rates tried with the most bots, to find what they sustain (BENCH_SWEEP, per bot). */
const sweep = (process.env.BENCH_SWEEP ?? "1,2,4")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);

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

/** USER_HZ, the unit of /proc/<pid>/stat's utime and stime. */
const clockTicks = 100;

/** Every process's name, parent and CPU ticks, in one pass over /proc. */
function processTable(): Map<number, { name: string; ppid: number; ticks: number }> {
  const table = new Map<number, { name: string; ppid: number; ticks: number }>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const close = stat.lastIndexOf(")");
      const fields = stat.slice(close + 2).split(" ");
      table.set(Number(entry), {
        name: stat.slice(stat.indexOf("(") + 1, close),
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // Exited meanwhile.
    }
  }
  return table;
}

type CpuSnapshot = Map<number, { part: string; seconds: number }>;
const cpuParts = ["load generator", "simulator", "runner", "bots", "postgres"] as const;

/** CPU seconds used so far by this process, the simulator, the runner, its bots and PostgreSQL, per pid. */
function cpuByPart(pids: { simulator: number; runner: number }): CpuSnapshot {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const [pid, entry] of table) children.set(entry.ppid, [...(children.get(entry.ppid) ?? []), pid]);
  const snapshot: CpuSnapshot = new Map();
  const add = (pid: number, part: string) => snapshot.set(pid, { part, seconds: table.get(pid)!.ticks / clockTicks });
  add(process.pid, "load generator");
  if (table.has(pids.simulator)) add(pids.simulator, "simulator");
  if (table.has(pids.runner)) add(pids.runner, "runner");
  const queue = [...(children.get(pids.runner) ?? [])];
  while (queue.length) {
    const pid = queue.pop()!;
    add(pid, "bots");
    queue.push(...(children.get(pid) ?? []));
  }
  for (const [pid, entry] of table) if (entry.name === "postgres") add(pid, "postgres");
  return snapshot;
}

/** CPU seconds each part used between two snapshots (processes that came or went count from 0 or up to their last reading). */
function cpuUsed(before: CpuSnapshot, after: CpuSnapshot): Record<(typeof cpuParts)[number], number> {
  const used = Object.fromEntries(cpuParts.map((part) => [part, 0])) as Record<(typeof cpuParts)[number], number>;
  for (const [pid, entry] of after) {
    used[entry.part as (typeof cpuParts)[number]] += entry.seconds - (before.get(pid)?.seconds ?? 0);
  }
  return used;
}

/** Starts `node --import tsx <entry>` with the given environment; its stdout and stderr go to ours. */
function startService(entry: string, env: NodeJS.ProcessEnv, name: string): ChildProcess {
  const profile = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", entry], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child.on("exit", (code, signal) => {
    if (!stopping) console.error(`[bench] the ${name} exited early (${signal ?? `exit ${code}`})`);
  });
  return child;
}
let stopping = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_runtime");
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  env.DATABASE_POOL_SIZE = 5;
  const { db } = await import("../lib/db");
  const { simulatorControlKey } = await import("../lib/simulator/config");
  const { treeRssBytes } = await import("../runtime/runner/metrics");
  const controlKey = simulatorControlKey();

  const dataDir = mkdtempSync(join(tmpdir(), "cipher-bench-runtime-"));
  const services = {
    DATABASE_URL: database.url,
    BENCH_CONTROL_KEY: controlKey,
    BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
    NODE_ENV: "production" as const,
  };
  const simulatorProcess = startService("scripts/lib/bench-simulator.ts", services, "simulator");
  const simulatorUrl = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: simulatorProcess.stdout! });
    lines.once("line", (line) => resolve((JSON.parse(line) as { url: string }).url));
    simulatorProcess.once("exit", () => reject(new Error("the simulator did not start")));
  });
  const runnerProcess = startService(
    "runtime/runner/main.ts",
    {
      ...services,
      SIMULATOR_URL: simulatorUrl,
      RUNNER_NAME: "bench",
      RUNNER_DATA_DIR: dataDir,
      // Desired-state changes arrive by LISTEN/NOTIFY; the poll is only the fallback.
      RUNNER_POLL_INTERVAL_MS: "5000",
    },
    "runner",
  );
  if (process.env.BENCH_RUNNER_LOG) runnerProcess.stdout!.pipe(createWriteStream(process.env.BENCH_RUNNER_LOG));
  else runnerProcess.stdout!.resume();
  const pids = { simulator: simulatorProcess.pid!, runner: runnerProcess.pid! };

  // One keep-alive connection pool for the control API: a new connection per message would time
  // the load generator's TCP handshakes rather than the runtime.
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const target = new URL(simulatorUrl);
  function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          method,
          path: `/control${path}`,
          headers: {
            authorization: `Bearer ${controlKey}`,
            ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          },
          timeout: 10_000,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString();
            if ((response.statusCode ?? 500) >= 300)
              reject(new Error(`${method} ${path}: ${response.statusCode} ${text}`));
            else resolve((text ? JSON.parse(text) : undefined) as T);
          });
        },
      );
      outgoing.on("timeout", () => outgoing.destroy(new Error("timed out")));
      outgoing.on("error", reject);
      outgoing.end(payload);
    });
  }

  /** Reply waiters by the id of the message they answer. */
  const waiting = new Map<string, (at: number) => void>();
  /** Replies that arrived before their send's HTTP response did. */
  const early = new Map<string, number>();
  const streams: IncomingMessage[] = [];
  const answeredId = /"message_reference":\{[^}]*"message_id":"(\d+)"/;
  function watchWorld(userId: string): void {
    const incoming = request({
      host: target.hostname,
      port: target.port,
      path: `/control/worlds/${userId}/events`,
      headers: { authorization: `Bearer ${controlKey}` },
    });
    incoming.on("response", (response) => {
      streams.push(response);
      response.setEncoding("utf8");
      let buffer = "";
      response.on("data", (chunk: string) => {
        buffer += chunk;
        let index: number;
        while ((index = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 1);
          if (!line.startsWith("data: ") || !line.includes('"message_create"')) continue;
          const answered = answeredId.exec(line)?.[1];
          if (!answered) continue;
          const at = performance.now();
          const waiter = waiting.get(answered);
          if (waiter) waiter(at);
          else early.set(answered, at);
        }
      });
      response.on("error", () => {});
    });
    incoming.on("error", () => {});
    incoming.end();
  }

  interface BenchBot {
    botId: string;
    userId: string;
    channelId: string;
    authorId: string;
  }
  async function createBots(count: number, label: string): Promise<BenchBot[]> {
    const bots: BenchBot[] = [];
    for (let index = 0; index < count; index += 1) {
      const user = await db.user.create({ data: { email: `${label}-${index}-${Date.now()}@bench.test` } });
      const bot = await db.bot.create({
        data: {
          userId: user.id,
          name: `${label}-${index}`,
          language: "javascript",
          desiredState: "stopped",
          files: { create: [{ path: "index.js", content: pingBot }] },
        },
      });
      const world = await call<{
        guilds: { channels: { id: string; name: string }[]; members: { user: { id: string; username: string } }[] }[];
      }>("GET", `/worlds/${user.id}`);
      const guild = world.guilds[0]!;
      bots.push({
        botId: bot.id,
        userId: user.id,
        channelId: guild.channels.find((channel) => channel.name === "general")!.id,
        authorId: guild.members.find((member) => member.user.username === "You")!.user.id,
      });
      watchWorld(user.id);
    }
    return bots;
  }

  const connectedIn = (reason: string | null) => Number(/in ([\d.]+) s/.exec(reason ?? "")?.[1] ?? Number.NaN) * 1000;
  async function waitRunning(botIds: string[], since: Date, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await db.bot.findMany({
        where: { id: { in: botIds } },
        select: { status: true, statusReason: true, statusChangedAt: true },
      });
      const ready = rows.filter((row) => row.status === "running" && row.statusChangedAt! >= since);
      const crashed = rows.find((row) => row.status === "crashed");
      if (crashed) throw new Error(`a bot crashed: ${crashed.statusReason}`);
      if (ready.length === botIds.length) return ready.map((row) => connectedIn(row.statusReason));
      if (Date.now() > deadline) throw new Error(`only ${ready.length}/${botIds.length} bots running`);
      await sleep(50);
    }
  }

  async function waitStopped(ids: string[]) {
    for (let tries = 0; tries < 600; tries += 1) {
      const left = await db.bot.count({ where: { id: { in: ids }, status: { not: "stopped" } } });
      if (!left) return;
      await sleep(100);
    }
  }

  const hostBusy = () =>
    cpus().reduce(
      (sum, cpu) => {
        const total = cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
        return { idle: sum.idle + cpu.times.idle, total: sum.total + total };
      },
      { idle: 0, total: 0 },
    );

  /** Each bot gets `perBot` "!ping" messages a second for `seconds`: reply latencies and CPU. */
  async function replyLoad(bots: BenchBot[], perBot: number) {
    const latencies: number[] = [];
    let missed = 0;
    const cpuBefore = cpuByPart(pids);
    const hostBefore = hostBusy();
    const loadStart = performance.now();
    await Promise.all(
      bots.map(async (bot, index) => {
        const sends: Promise<void>[] = [];
        for (let n = 0; n < perBot * seconds; n += 1) {
          // Spread the bots' sends over the interval.
          const due = loadStart + (index / bots.length) * (1000 / perBot) + n * (1000 / perBot);
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          sends.push(
            (async () => {
              const sent = performance.now();
              let resolveReply: (at: number) => void = () => {};
              const reply = new Promise<number>((resolve) => (resolveReply = resolve));
              // A saturated simulator may not even accept the message: that counts as missed.
              const message = await call<{ id: string }>("POST", `/worlds/${bot.userId}/messages`, {
                channelId: bot.channelId,
                authorId: bot.authorId,
                content: "!ping",
              }).catch(() => null);
              if (!message) {
                missed += 1;
                return;
              }
              waiting.set(message.id, resolveReply);
              const already = early.get(message.id);
              if (already !== undefined) {
                early.delete(message.id);
                resolveReply(already);
              }
              let timer: NodeJS.Timeout | undefined;
              const at = await Promise.race([
                reply,
                new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), 5000))),
              ]);
              clearTimeout(timer);
              waiting.delete(message.id);
              if (at === null) missed += 1;
              else latencies.push(at - sent);
            })(),
          );
        }
        await Promise.all(sends);
      }),
    );
    const loadSeconds = (performance.now() - loadStart) / 1000;
    if (process.env.BENCH_CPU_PROF) {
      // CLOCK_MONOTONIC, as the profiles' sample times: to read the load window out of them.
      const end = process.hrtime.bigint() / 1000n;
      console.log(`load window (monotonic µs): ${end - BigInt(Math.round(loadSeconds * 1e6))} ${end}`);
    }
    const cpuAfter = cpuByPart(pids);
    const hostAfter = hostBusy();
    const hostPercent = (1 - (hostAfter.idle - hostBefore.idle) / (hostAfter.total - hostBefore.total)) * 100;
    const usedByPart = cpuUsed(cpuBefore, cpuAfter);
    const cpu = Object.fromEntries(
      cpuParts.map((part) => {
        const used = usedByPart[part];
        return [
          part,
          `${((used / loadSeconds) * 100).toFixed(0)} % (${latencies.length ? ((used / latencies.length) * 1000).toFixed(2) : "–"} ms/msg)`,
        ];
      }),
    );
    return { latencies, missed, loadSeconds, hostPercent, cpu };
  }

  // One bot alone, restarted: spawn → ready.
  const [single] = await createBots(1, "single");
  const singleTimes: number[] = [];
  for (let run = 0; run < singleRuns; run += 1) {
    const since = new Date();
    if (run === 0) await db.bot.update({ where: { id: single!.botId }, data: { desiredState: "running" } });
    else await db.bot.update({ where: { id: single!.botId }, data: { restartNonce: { increment: 1 } } });
    singleTimes.push(...(await waitRunning([single!.botId], since, 60_000)));
  }
  await db.bot.update({ where: { id: single!.botId }, data: { desiredState: "stopped" } });
  await waitStopped([single!.botId]);
  console.log(
    `single bot spawn → ready over ${singleRuns} starts: p50 ${percentile(singleTimes, 50).toFixed(0)} ms, p95 ${percentile(singleTimes, 95).toFixed(0)} ms`,
  );

  const results: Record<string, string | number>[] = [];
  const sweepRows: Record<string, string | number>[] = [];
  const cpuTables: Record<string, Record<string, string>> = {};
  for (const count of sizes) {
    console.log(`\n— ${count} bots —`);
    const bots = await createBots(count, `n${count}`);
    const ids = bots.map((bot) => bot.botId);
    const since = new Date();
    const startWall = performance.now();
    await db.bot.updateMany({ where: { id: { in: ids } }, data: { desiredState: "running" } });
    const readyTimes = await waitRunning(ids, since, 300_000);
    const allReadySeconds = (performance.now() - startWall) / 1000;
    console.log(`all ${count} running after ${allReadySeconds.toFixed(1)} s`);

    const idleBefore = cpuByPart(pids);
    await sleep(5000);
    const idle = cpuUsed(idleBefore, cpuByPart(pids));
    console.log(
      `idle, 5 s: ${cpuParts.map((part) => `${part} ${((idle[part] / 5) * 100).toFixed(0)} %`).join(", ")} of one core`,
    );
    const rss = ids.map((id) => {
      try {
        return treeRssBytes(Number(readFileSync(join(dataDir, "bots", id, "pid"), "utf8")));
      } catch {
        return 0;
      }
    });
    const rssMb = rss.reduce((sum, value) => sum + value, 0) / rss.length / 1_048_576;

    if (count === Math.max(...sizes)) {
      // What this many bots sustain: lower rates, each with its own latency.
      for (const lower of sweep.filter((value) => value < rate)) {
        const swept = await replyLoad(bots, lower);
        await sleep(2000);
        sweepRows.push({
          bots: count,
          "messages/s per bot": lower,
          "messages/s": Math.round((swept.latencies.length + swept.missed) / swept.loadSeconds),
          "reply p50 (ms)": percentile(swept.latencies, 50).toFixed(1),
          "reply p99 (ms)": percentile(swept.latencies, 99).toFixed(1),
          "replies/missed": `${swept.latencies.length}/${swept.missed}`,
          "host CPU %": swept.hostPercent.toFixed(0),
        });
        cpuTables[`${count} bots at ${lower}/s`] = swept.cpu;
        console.table([sweepRows.at(-1)]);
      }
    }

    const run = await replyLoad(bots, rate);
    const { latencies, missed, loadSeconds, hostPercent } = run;
    const replies = latencies.length;
    cpuTables[`${count} bots at ${rate}/s`] = run.cpu;
    results.push({
      bots: count,
      "all ready (s)": allReadySeconds.toFixed(1),
      "spawn→ready p50 (ms)": percentile(readyTimes, 50).toFixed(0),
      "spawn→ready p95 (ms)": percentile(readyTimes, 95).toFixed(0),
      "idle RSS/bot (MB)": rssMb.toFixed(1),
      "messages/s": Math.round((replies + missed) / loadSeconds),
      "reply p50 (ms)": percentile(latencies, 50).toFixed(1),
      "reply p99 (ms)": percentile(latencies, 99).toFixed(1),
      "replies/missed": `${replies}/${missed}`,
      "host CPU %": hostPercent.toFixed(0),
    });
    console.table([results.at(-1)]);
    console.table({ [`${count} bots at ${rate}/s`]: run.cpu });

    await db.bot.updateMany({ where: { id: { in: ids } }, data: { desiredState: "stopped" } });
    await waitStopped(ids);
  }

  console.log(`\nRuntime benchmark (${cpus().length} CPUs, ${rate} messages/s per bot for ${seconds} s)`);
  console.log(
    `single bot spawn → ready: p50 ${percentile(singleTimes, 50).toFixed(0)} ms, p95 ${percentile(singleTimes, 95).toFixed(0)} ms (target p95 ≤ 600 ms)`,
  );
  console.table(results);
  if (sweepRows.length) {
    console.log(`With ${Math.max(...sizes)} bots at lower rates:`);
    console.table(sweepRows);
  }
  console.log("CPU while under load, % of one core (and CPU ms per message answered):");
  console.table(cpuTables);
  console.log(
    "Targets: 100 concurrent bots; single-bot spawn→ready p95 ≤ 600 ms; reply p99 ≤ 20 ms with 100 bots; idle RSS ≤ 90 MB/bot.",
  );

  stopping = true;
  for (const stream of streams) stream.destroy();
  agent.destroy();
  const exited = (child: ChildProcess) => new Promise((resolve) => child.once("exit", resolve));
  runnerProcess.kill("SIGTERM");
  await exited(runnerProcess);
  simulatorProcess.kill("SIGTERM");
  await exited(simulatorProcess);
  await db.$disconnect();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
