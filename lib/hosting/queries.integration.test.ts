import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listLogLines, logLinesAfter, logText } from "@/lib/bots/logs";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { decideRestart, notStarted } from "@/scripts/lib/restart-policy";
import { databaseHealthReporter } from "@/scripts/lib/service-health-writer";

import { getBotMetrics, getHostingOverview, getPlatformStatus } from "./queries";

const stamp = Date.now().toString(36);
const now = new Date();
let alice: string;
let bob: string;
let aliceBot: string;
let bobBot: string;
const runner = `it-runner-${stamp}`;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `alice-hq-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `bob-hq-${stamp}@example.com` } })).id;
  aliceBot = (
    await db.bot.create({ data: { userId: alice, name: "Alice's bot", language: "javascript", status: "running" } })
  ).id;
  bobBot = (
    await db.bot.create({ data: { userId: bob, name: "Bob's bot", language: "javascript", status: "running" } })
  ).id;
  await db.runnerHost.create({
    data: {
      name: runner,
      region: "eu-test",
      hostname: "test-host",
      pid: 1,
      startedAt: new Date(now.getTime() - 3_600_000),
      heartbeatAt: now,
      sandbox: "unavailable",
      sandboxWarning: "Bots cannot run on this host: Missing bwrap.",
      sandboxCheckedAt: new Date(now.getTime() - 5_000),
      sandboxRetryAt: new Date(now.getTime() + 35_000),
      netRxBytesPerSec: 1234,
      cpuPercent: 42.5,
      memoryUsedBytes: 6n * 1024n ** 3n,
      memoryTotalBytes: 8n * 1024n ** 3n,
      diskUsedBytes: 90n,
      diskTotalBytes: 100n,
    },
  });
  for (const botId of [aliceBot, bobBot]) {
    await db.botLease.create({ data: { botId, runnerName: runner, expiresAt: new Date(now.getTime() + 20_000) } });
    await db.botMetric.createMany({
      data: [
        {
          botId,
          resolution: 5,
          at: new Date(now.getTime() - 5_000),
          cpuPercent: 3.2,
          rssBytes: 80n * 1024n * 1024n,
          latencyMs: 12,
        },
        { botId, resolution: 60, at: new Date(now.getTime() - 120_000), cpuPercent: 2, rssBytes: 78n * 1024n * 1024n },
      ],
    });
    await db.botLogLine.createMany({
      data: [
        { botId, stream: "system", line: `Status: running (${botId})`, at: now },
        { botId, stream: "stdout", line: "hello", at: now },
      ],
    });
  }
});

afterAll(async () => {
  await db.runnerHost.deleteMany({ where: { name: runner } });
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("hosting overview", () => {
  it("shows every runner's health but only the user's own bots on it", async () => {
    const overview = await getHostingOverview(alice, { now });
    const host = overview.hosts.find((candidate) => candidate.name === runner)!;
    // The machine's own load is for operators.
    expect(host).toMatchObject({ online: true, region: "eu-test", details: null });
    expect(JSON.stringify(host)).not.toMatch(/42\.5|cpuPercent/);
    expect(host.bots.map((bot) => bot.id)).toEqual([aliceBot]);
    expect(overview.bots.map((bot) => bot.id)).toEqual([aliceBot]);
    expect(overview.bots[0]).toMatchObject({
      runnerName: runner,
      cpuPercent: 3.2,
      rssBytes: 80 * 1024 * 1024,
      latencyMs: 12,
    });
    expect(overview.bots[0]!.sparkline).toHaveLength(1);
    expect(JSON.stringify(overview)).not.toContain(bobBot);
    expect(overview.summary).toMatchObject({ total: 1, online: 1 });
  });

  it("keeps a host's isolation state, its reason and machine details for operators", async () => {
    const user = await getHostingOverview(alice, { now });
    const seen = user.hosts.find((candidate) => candidate.name === runner)!;
    expect(seen.details).toBeNull();
    expect(JSON.stringify(user)).not.toMatch(/bwrap|unavailable|test-host|1234/);

    const operator = await getHostingOverview(alice, { operator: true, now });
    expect(operator.hosts.find((candidate) => candidate.name === runner)!.details).toEqual({
      cpuPercent: 42.5,
      memoryPercent: 75,
      diskPercent: 90,
      sandbox: "unavailable",
      sandboxWarning: "Bots cannot run on this host: Missing bwrap.",
      sandboxCheckedAt: new Date(now.getTime() - 5_000).toISOString(),
      sandboxRetryAt: new Date(now.getTime() + 35_000).toISOString(),
      memoryUsedBytes: 6 * 1024 ** 3,
      memoryTotalBytes: 8 * 1024 ** 3,
      netRxBytesPerSec: 1234,
      netTxBytesPerSec: 0,
    });
  });

  it("a runner silent for 30 s is offline, and its expired leases place no bots", async () => {
    const later = new Date(now.getTime() + 60_000);
    const overview = await getHostingOverview(alice, { now: later });
    expect(overview.hosts.find((candidate) => candidate.name === runner)).toMatchObject({ online: false, bots: [] });
  });

  it("metrics and logs of another user's bot are not found", async () => {
    expect((await getBotMetrics(alice, aliceBot, "24h", now)).points).toHaveLength(1);
    await expect(getBotMetrics(alice, bobBot, "1h", now)).rejects.toThrow("Bot not found");
    expect((await listLogLines(alice, aliceBot)).map((line) => line.line)).toContain("hello");
    await expect(listLogLines(alice, bobBot)).rejects.toThrow("Bot not found");
    await expect(logText(alice, bobBot)).rejects.toThrow("Bot not found");
    const tail = await logLinesAfter(aliceBot, null);
    expect(tail.every((line) => !line.line.includes(bobBot))).toBe(true);
  });
});

describe("runtime service health on Hosting and /status", () => {
  afterAll(() => db.runtimeServiceHealth.deleteMany({}));

  it("what the supervisor records shows as degraded with the exit on Hosting, stderr for operators only, and bare on /status", async () => {
    const up = decideRestart(notStarted, { type: "started", at: Date.now() - 500 }).next;
    const crashed = decideRestart(up, { type: "exited", at: Date.now(), code: 1, signal: null, stopping: false }).next;
    const reporter = databaseHealthReporter(env.DATABASE_URL!, "it-host");
    reporter.report({ service: "runner", state: up, lastStderr: null });
    reporter.report({ service: "runner", state: crashed, lastStderr: "Error: boom in runtime/runner/runner.ts" });
    reporter.report({ service: "simulator", state: up, lastStderr: null });
    await reporter.close();

    const user = await getHostingOverview(alice);
    expect(user.services).toEqual([
      expect.objectContaining({
        service: "runner",
        label: "Bot runner",
        level: "degraded",
        lastExit: "exited with code 1",
        restarts: 1,
        lastStderr: null,
      }),
      expect.objectContaining({ service: "simulator", level: "operational", summary: "Operational." }),
    ]);
    expect(user.services[0]!.summary).toMatch(/^Restarting after an unexpected exit/);

    const operator = await getHostingOverview(alice, { operator: true });
    expect(operator.services[0]!.lastStderr).toBe("Error: boom in runtime/runner/runner.ts");

    const status = await getPlatformStatus();
    expect(status.overall).toBe("degraded");
    expect(status.components.map((item) => [item.label, item.level])).toEqual([
      ["Website and dashboard", "operational"],
      ["Database", "operational"],
      ["Bot runner", "degraded"],
      ["Discord simulator", "operational"],
    ]);
    expect(JSON.stringify(status)).not.toMatch(/boom|code 1|it-host/);
  });
});
