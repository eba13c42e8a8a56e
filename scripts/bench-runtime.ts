/**
 * `npm run bench:runtime`: what the bot runner costs and how fast it answers.
 *
 * On a throwaway database (TEST_DATABASE_URL's server, default the local PostgreSQL) it starts the
 * simulator and a runner in this process, then for each N in BENCH_BOTS (default 10,50,100) runs N
 * copies of a small discord.js bot (one per user, so each has its own simulated server) and
 * measures: spawn → ready for all N started together, idle RSS per bot (process tree), and
 * message → reply while each bot gets BENCH_RATE messages/s (default 10) for BENCH_SECONDS
 * (default 10), timed from the control API call to the reply on the world's event stream.
 * Before that, one bot alone is restarted BENCH_SINGLE_RUNS times (default 10) for its spawn →
 * ready. Prints a table beside the targets; never fails for being slow.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

import { controlCaller } from "../runtime/simulator/control-call";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
process.env.TEST_DATABASE_URL = serverUrl;
const sizes = (process.env.BENCH_BOTS ?? "10,50,100")
  .split(",")
  .map(Number)
  .filter((n) => n > 0);
const rate = Number(process.env.BENCH_RATE ?? 10);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const singleRuns = Number(process.env.BENCH_SINGLE_RUNS ?? 10);
const controlKey = "bench-runtime-control-key";

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

function percentile(values: number[], p: number): number {
  if (!values.length) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_runtime");
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  env.DATABASE_POOL_SIZE = 10;
  const { db } = await import("../lib/db");
  const { startSimulator } = await import("../runtime/simulator/server");
  const { startRunner } = await import("../runtime/runner/runner");
  const { treeRssBytes } = await import("../runtime/runner/metrics");

  const dataDir = mkdtempSync(join(tmpdir(), "cipher-bench-runtime-"));
  const simulator = await startSimulator({
    port: 0,
    host: "127.0.0.1",
    controlKey,
    persist: false,
    rateLimitFactor: 1000,
  });
  const headers = { authorization: `Bearer ${controlKey}`, "content-type": "application/json" };
  const call = controlCaller(simulator.url, controlKey);
  const runner = await startRunner({
    name: "bench",
    region: "local",
    dataDir,
    simulatorUrl: simulator.url,
    controlKey,
    pollIntervalMs: 200,
    listenUrl: null,
    timing: { readyTimeoutMs: 180_000 },
  });

  /** Reply waiters by the id of the message they answer. */
  const waiting = new Map<string, (at: number) => void>();
  /** Replies that arrived before their send's HTTP response did. */
  const early = new Map<string, number>();
  const streams: AbortController[] = [];
  function watchWorld(userId: string): void {
    const abort = new AbortController();
    streams.push(abort);
    void (async () => {
      const response = await fetch(`${simulator.url}/control/worlds/${userId}/events`, {
        headers,
        signal: abort.signal,
      });
      const decoder = new TextDecoder();
      let buffer = "";
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let index: number;
          while ((index = buffer.indexOf("\n")) !== -1) {
            const line = buffer.slice(0, index);
            buffer = buffer.slice(index + 1);
            if (!line.startsWith("data: ") || !line.includes('"message_create"')) continue;
            const event = JSON.parse(line.slice(6)) as {
              type: string;
              data: { message_reference?: { message_id?: string } };
            };
            const answered = event.data.message_reference?.message_id;
            if (!answered) continue;
            const waiter = waiting.get(answered);
            if (waiter) waiter(performance.now());
            else early.set(answered, performance.now());
          }
        }
      } catch {
        // Closed at the end.
      }
    })();
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
      if (ready.length === botIds.length) return ready.map((row) => connectedIn(row.statusReason));
      if (Date.now() > deadline) throw new Error(`only ${ready.length}/${botIds.length} bots running`);
      await sleep(100);
    }
  }

  const cpuSeconds = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1e6;
  };
  const hostBusy = () =>
    cpus().reduce(
      (sum, cpu) => {
        const total = cpu.times.user + cpu.times.nice + cpu.times.sys + cpu.times.idle + cpu.times.irq;
        return { idle: sum.idle + cpu.times.idle, total: sum.total + total };
      },
      { idle: 0, total: 0 },
    );

  // One bot alone, restarted: spawn → ready.
  const [single] = await createBots(1, "single");
  const singleTimes: number[] = [];
  for (let run = 0; run < singleRuns; run += 1) {
    const since = new Date();
    if (run === 0) await db.bot.update({ where: { id: single!.botId }, data: { desiredState: "running" } });
    else await db.bot.update({ where: { id: single!.botId }, data: { restartNonce: { increment: 1 } } });
    await runner.reconcile();
    singleTimes.push(...(await waitRunning([single!.botId], since, 60_000)));
  }
  await db.bot.update({ where: { id: single!.botId }, data: { desiredState: "stopped" } });
  await runner.reconcile();
  console.log(
    `single bot spawn → ready over ${singleRuns} starts: p50 ${percentile(singleTimes, 50).toFixed(0)} ms, p95 ${percentile(singleTimes, 95).toFixed(0)} ms`,
  );

  const results: Record<string, string | number>[] = [];
  for (const count of sizes) {
    console.log(`\n— ${count} bots —`);
    const bots = await createBots(count, `n${count}`);
    const ids = bots.map((bot) => bot.botId);
    const since = new Date();
    const startWall = performance.now();
    await db.bot.updateMany({ where: { id: { in: ids } }, data: { desiredState: "running" } });
    await runner.reconcile();
    const readyTimes = await waitRunning(ids, since, 300_000);
    const allReadySeconds = (performance.now() - startWall) / 1000;
    console.log(`all ${count} running after ${allReadySeconds.toFixed(1)} s`);

    await sleep(5000);
    const rss = ids.map((id) => {
      try {
        return treeRssBytes(Number(readFileSync(join(dataDir, "bots", id, "pid"), "utf8")));
      } catch {
        return 0;
      }
    });
    const rssMb = rss.reduce((sum, value) => sum + value, 0) / rss.length / 1_048_576;

    // Message → reply under load.
    const latencies: number[] = [];
    let missed = 0;
    const cpuBefore = cpuSeconds();
    const hostBefore = hostBusy();
    const loadStart = performance.now();
    await Promise.all(
      bots.map(async (bot, index) => {
        // Spread the bots' sends over the interval.
        await sleep((index / bots.length) * (1000 / rate));
        const sends: Promise<void>[] = [];
        for (let n = 0; n < rate * seconds; n += 1) {
          const due = loadStart + (index / bots.length) * (1000 / rate) + n * (1000 / rate);
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
              const at = await Promise.race([reply, sleep(5000).then(() => null)]);
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
    const cpuPercent = ((cpuSeconds() - cpuBefore) / loadSeconds) * 100;
    const hostAfter = hostBusy();
    const hostPercent = (1 - (hostAfter.idle - hostBefore.idle) / (hostAfter.total - hostBefore.total)) * 100;

    results.push({
      bots: count,
      "all ready (s)": allReadySeconds.toFixed(1),
      "spawn→ready p50 (ms)": percentile(readyTimes, 50).toFixed(0),
      "spawn→ready p95 (ms)": percentile(readyTimes, 95).toFixed(0),
      "idle RSS/bot (MB)": rssMb.toFixed(1),
      "reply p50 (ms)": percentile(latencies, 50).toFixed(1),
      "reply p99 (ms)": percentile(latencies, 99).toFixed(1),
      "replies/missed": `${latencies.length}/${missed}`,
      "runner+sim CPU %": cpuPercent.toFixed(0),
      "host CPU %": hostPercent.toFixed(0),
    });
    console.table([results.at(-1)]);

    await db.bot.updateMany({ where: { id: { in: ids } }, data: { desiredState: "stopped" } });
    await runner.reconcile();
    await waitStopped(ids);
  }

  async function waitStopped(ids: string[]) {
    for (let tries = 0; tries < 600; tries += 1) {
      const left = await db.bot.count({ where: { id: { in: ids }, status: { not: "stopped" } } });
      if (!left) return;
      await sleep(100);
    }
  }

  console.log(`\nRuntime benchmark (${cpus().length} CPUs, ${rate} messages/s per bot for ${seconds} s)`);
  console.log(
    `single bot spawn → ready: p50 ${percentile(singleTimes, 50).toFixed(0)} ms, p95 ${percentile(singleTimes, 95).toFixed(0)} ms (target p95 ≤ 600 ms)`,
  );
  console.table(results);
  console.log(
    "Targets: 100 concurrent bots; single-bot spawn→ready p95 ≤ 600 ms; reply p99 ≤ 20 ms with 100 bots; idle RSS ≤ 90 MB/bot.\n" +
      "'runner+sim CPU %' is this process (runner, simulator and the load generator), of one core.",
  );

  for (const stream of streams) stream.abort();
  await runner.stop();
  await simulator.close();
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
