/**
 * npm run bench:hostile — how quickly a good bot answers "!ping" while a hostile bot runs beside
 * it on the same runner: the latencies the hostile suites (runtime/runner/hostile*.integration.
 * test.ts) print but do not assert (they check that the neighbour answered every message, once
 * and in order). Never fails for being slow.
 *
 * On a throwaway database (TEST_DATABASE_URL's server, default the local PostgreSQL), with the
 * real simulator and a runner in this process (production watchdog thresholds), a discord.js
 * ping bot gets BENCH_PINGS (default 20) "!ping"s paced like a chat (one every 1.1 s, under the
 * simulator's per-channel rate limit): alone, then beside each attacker in turn — a CPU spinner,
 * a memory hog, a log flood, a flood of database calls on fd 3 — and alone again. Printed per
 * phase: answered / sent and whether in order, latency p50 / p95 / max, and what became of the
 * attacker. Needs what the runner's sandbox needs (root, bubblewrap…), as the suites do.
 *
 *   npm run bench:hostile
 */
import { percentile } from "./lib/stats";

const pingsPerPhase = Number(process.env.BENCH_PINGS ?? 20);

const afterReady = (readyLine: string, code: string) =>
  `${readyLine}\nsetTimeout(() => { ${code} }, 200);\nsetInterval(() => {}, 1000);\n`;

const attacks: [string, string][] = [
  ["CPU spinner", "for (;;) {}"],
  ["memory hog (1 GB)", "globalThis.keep = Buffer.alloc(1024 * 1024 * 1024, 1);"],
  ["log flood", "setInterval(() => { for (let i = 0; i < 2000; i++) console.log('flood ' + i); }, 10);"],
  [
    "fd 3 flood (database calls)",
    `setInterval(() => { for (let i = 0; i < 2000; i++) cipherDb.get("key-" + (i % 50)).catch(() => {}); }, 200);`,
  ],
];

async function main() {
  process.env.TEST_DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  const { createThrowawayDatabase } = await import("../tests/setup/throwaway-database");
  const database = await createThrowawayDatabase("bench_hostile");
  const { env } = await import("../lib/env");
  env.DATABASE_URL = database.url;
  const { db } = await import("../lib/db");
  const { pingBot, pingRound } = await import("../runtime/runner/hostile-support");
  const { openEventText, simulatorKey, startTestSimulator, worldIds } =
    await import("../runtime/runner/simulator-support");
  const { createBot, createUser, readyLine, tempDataDir, testRunner, waitFor, waitForStatus } =
    await import("../runtime/runner/test-support");

  const data = tempDataDir();
  const simulator = await startTestSimulator();
  const userId = await createUser("bench-hostile");
  const ids = await worldIds(simulator, userId);
  const events = await openEventText(simulator, userId);
  const runner = await testRunner({
    name: "bench-hostile",
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: { readyTimeoutMs: 20_000, stopGraceMs: 1000 },
  });
  const where = { userId, channelId: ids.general, authorId: ids.owner };
  const ms = (value: number) => (Number.isNaN(value) ? "    n/a" : `${value.toFixed(0).padStart(5)} ms`);

  async function phase(name: string) {
    const round = await pingRound(simulator, events, where, pingsPerPhase);
    const inOrder = round.answered.join() === round.sent.join();
    console.log(
      `${name.padEnd(38)} answered ${String(round.answered.length).padStart(3)} / ${round.sent.length}` +
        `${inOrder ? ", in order" : ", NOT in order"}  p50 ${ms(percentile(round.latencies, 50))}` +
        `  p95 ${ms(percentile(round.latencies, 95))}  max ${ms(round.latencies.length ? Math.max(...round.latencies) : NaN)}`,
    );
  }

  try {
    const good = await createBot(userId, [{ path: "index.js", content: pingBot }], { name: "good" });
    await runner.reconcile();
    await waitForStatus(good, "running", 60_000);
    console.log(`!ping to a good bot, ${pingsPerPhase} a phase, paced like a chat:\n`);
    await phase("alone");
    for (const [name, code] of attacks) {
      const attacker = await createBot(userId, [{ path: "index.js", content: afterReady(readyLine, code) }], {
        name,
        restartPolicy: "stay-stopped",
      });
      await runner.reconcile();
      await waitForStatus(attacker, "running", 60_000).catch(() => undefined);
      await phase(`beside a ${name}`);
      const row = await db.bot.findUniqueOrThrow({
        where: { id: attacker },
        select: { status: true, statusReason: true },
      });
      console.log(`${"".padEnd(38)} → the attacker: ${row.status}${row.statusReason ? ` (${row.statusReason})` : ""}`);
      await db.bot.update({ where: { id: attacker }, data: { desiredState: "stopped" } });
      await runner.reconcile();
      await waitFor(
        () => db.bot.findUniqueOrThrow({ where: { id: attacker } }),
        (bot) => bot.status === "stopped" || bot.status === "crashed",
        { timeoutMs: 60_000 },
      );
    }
    await phase("alone again");
  } finally {
    await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
    await runner.stop();
    events.close();
    await simulator.close();
    data.remove();
    await db.$disconnect();
    await database.drop();
  }
}

void main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
