import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { MetricsRollup, prune } from "./metrics-store";
import type { Runner } from "./runner";
import {
  createBot,
  createUser,
  logText,
  readyLine,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
} from "./test-support";

const steady = `${readyLine}\nconst keep = Buffer.alloc(8 * 1024 * 1024, 1);\nsetInterval(() => keep[0]++, 1000);\n`;

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  userId = await createUser("runner-metrics");
  simulator = await startFakeCredentials();
});

afterAll(async () => {
  await runner?.stop();
  await simulator.close();
  await db.user.deleteMany({ where: { id: userId } });
  await db.runnerHost.deleteMany({ where: { name: "metrics-runner" } });
  await db.runnerMetric.deleteMany({ where: { runnerName: { in: ["metrics-runner", "rollup-runner"] } } });
  data.remove();
});

describe("runner metrics", () => {
  it("samples each running bot and the host every heartbeat (resolution 5)", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }]);
    const startedAt = new Date();
    runner = await testRunner({
      name: "metrics-runner",
      dataDir: data.dir,
      simulatorUrl: simulator.url,
      heartbeatMs: 500,
    });
    const samples = await waitFor(
      () => db.botMetric.findMany({ where: { botId, resolution: 5 }, orderBy: { at: "asc" } }),
      (rows) => rows.length >= 3 && rows.at(-1)!.uptimeSeconds >= 1,
      { timeoutMs: 10_000 },
    ).catch(async (error: unknown) => {
      throw new Error(
        `${(error as Error).message}\n${JSON.stringify(await db.bot.findUnique({ where: { id: botId }, select: { status: true, statusReason: true } }))}\n${await logText(botId)}`,
      );
    });
    const last = samples.at(-1)!;
    expect(Number(last.rssBytes)).toBeGreaterThan(20 * 1024 * 1024);
    expect(last.cpuPercent).toBeGreaterThanOrEqual(0);
    expect(last.restarts).toBe(0);
    const host = await db.runnerHost.findUniqueOrThrow({ where: { name: "metrics-runner" } });
    // Written by this runner (not left by an earlier one), and written again at its next heartbeat.
    expect(host.heartbeatAt.getTime()).toBeGreaterThanOrEqual(startedAt.getTime());
    await waitFor(
      () => db.runnerHost.findUniqueOrThrow({ where: { name: "metrics-runner" } }),
      (row) => row.heartbeatAt > host.heartbeatAt,
      { timeoutMs: 30_000 },
    );
    expect(host.memoryTotalBytes).toBeGreaterThan(0n);
    expect(host.diskTotalBytes).toBeGreaterThan(0n);
    expect(host.pid).toBe(process.pid);
    expect(host.sandbox).toBe("isolated");
    expect(host.sandboxWarning).toBeNull();
    expect(await db.runnerMetric.count({ where: { runnerName: "metrics-runner", resolution: 5 } })).toBeGreaterThan(0);
    await runner.stop();
    runner = null;
    expect((await db.runnerHost.findUniqueOrThrow({ where: { name: "metrics-runner" } })).draining).toBe(true);
  });

  it("rolls 5 s samples into minutes and minutes into hours, idempotently, and prunes by age", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
    const at = (iso: string) => new Date(iso);
    const row = (iso: string, cpu: number, rss: number, latency: number | null, restarts = 0) => ({
      botId,
      resolution: 5,
      at: at(iso),
      cpuPercent: cpu,
      rssBytes: BigInt(rss),
      latencyMs: latency,
      restarts,
      uptimeSeconds: 0,
    });
    // 1999: far enough back that the runner's own roll-ups never touch these windows.
    await db.botMetric.createMany({
      data: [
        row("1999-01-01T10:05:00Z", 10, 100, 20),
        row("1999-01-01T10:05:30Z", 30, 300, null, 1),
        row("1999-01-01T10:05:55Z", 20, 200, 40),
        row("1999-01-01T10:06:00Z", 99, 999, 99), // the next minute
      ],
    });
    await db.runnerMetric.createMany({
      data: [10, 30].map((cpu, index) => ({
        runnerName: "rollup-runner",
        resolution: 5,
        at: at(`1999-01-01T10:05:${10 + index}Z`),
        cpuPercent: cpu,
        memoryUsedBytes: 100n * BigInt(index + 1),
        diskUsedBytes: 0n,
        netRxBytesPerSec: 0,
        netTxBytesPerSec: 0,
      })),
    });
    const rollup = new MetricsRollup();
    const minute = { from: at("1999-01-01T10:05:00Z"), to: at("1999-01-01T10:06:00Z") };
    await rollup.rollUp(60, 5, minute);
    await rollup.rollUp(60, 5, minute); // again: same rows
    const minutes = await db.botMetric.findMany({ where: { botId, resolution: 60 } });
    expect(minutes).toHaveLength(1);
    expect(minutes[0]).toMatchObject({ at: minute.from, cpuPercent: 20, rssBytes: 200n, latencyMs: 30, restarts: 1 });
    const runnerMinute = await db.runnerMetric.findFirstOrThrow({
      where: { runnerName: "rollup-runner", resolution: 60 },
    });
    expect(runnerMinute).toMatchObject({ cpuPercent: 20, memoryUsedBytes: 150n });

    await rollup.rollUp(3600, 60, { from: at("1999-01-01T10:00:00Z"), to: at("1999-01-01T11:00:00Z") });
    const hours = await db.botMetric.findMany({ where: { botId, resolution: 3600 } });
    expect(hours).toMatchObject([{ at: at("1999-01-01T10:00:00Z"), cpuPercent: 20, restarts: 1 }]);

    // At 11:30 the 5 s samples (older than an hour) go; minutes (a day) and hours (90 days) stay.
    await prune(at("1999-01-01T11:30:00Z"));
    expect(await db.botMetric.count({ where: { botId, resolution: 5 } })).toBe(0);
    expect(await db.botMetric.count({ where: { botId, resolution: 60 } })).toBe(1);
    await prune(at("1999-01-02T11:30:00Z"));
    expect(await db.botMetric.count({ where: { botId, resolution: 60 } })).toBe(0);
    expect(await db.botMetric.count({ where: { botId, resolution: 3600 } })).toBe(1);
    await prune(at("1999-04-02T11:30:00Z"));
    expect(await db.botMetric.count({ where: { botId, resolution: 3600 } })).toBe(0);
  });
});
