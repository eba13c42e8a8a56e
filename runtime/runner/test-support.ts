/** Helpers for the runner's integration tests: users, bots, a stand-in simulator, waiting. */
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";

import type { MockInstance } from "vitest";

import { db } from "@/lib/db";

import { unmountAllUnder } from "./isolation/scratch";
import type { LeaseTable } from "./leases";
import { startRunner, type Runner, type RunnerOptions } from "./runner";

export const fakeSimulatorToken = "SIMULATED.fake-simulator-token-0123456789";

/** Answers only the credentials route, for tests of supervision without the real simulator. */
export async function startFakeCredentials(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const match = /^\/control\/bots\/([^/]+)\/credentials$/.exec(request.url ?? "");
    if (request.method !== "POST" || !match || request.headers.authorization !== "Bearer test-key") {
      response.writeHead(404, { "content-type": "application/json" }).end('{"error":"not found"}');
      return;
    }
    response.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        token: fakeSimulatorToken,
        applicationId: "100000000000000001",
        botUserId: "100000000000000001",
        guildId: "200000000000000002",
        apiBase: "http://127.0.0.1:9/api",
        gatewayUrl: "ws://127.0.0.1:9/gateway",
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

export function tempDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "cipher-runner-"));
  return {
    dir,
    remove: () => {
      // A runner killed in a test (like one killed for real) leaves its bots' scratch mounted.
      unmountAllUnder(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A user for the runner's tests: on Starter (the trial's memory cap, no cap on bots running at
 * once), since these tests run several bots together; running-limit.integration.test.ts covers the trial's cap.
 */
export async function createUser(label: string, plan = "starter"): Promise<string> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return (await db.user.create({ data: { email: `${label}-${stamp}@example.com`, plan } })).id;
}

export async function createBot(
  userId: string,
  files: { path: string; content: string }[],
  data: { name?: string; language?: string; desiredState?: string; restartPolicy?: string; connectTo?: string } = {},
): Promise<string> {
  const bot = await db.bot.create({
    data: {
      userId,
      name: data.name ?? "Test bot",
      language: data.language ?? "javascript",
      desiredState: data.desiredState ?? "running",
      restartPolicy: data.restartPolicy ?? "restart",
      connectTo: data.connectTo ?? "simulator",
      files: { create: files },
    },
  });
  return bot.id;
}

/** A plain Node script that says it is ready on the runner's channel, as the preload does for discord.js. */
export const readyLine = `require("node:fs").writeSync(3, JSON.stringify({ type: "ready" }) + "\\n");`;

export async function waitFor<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = 15_000, intervalMs = 50 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value)) {
    if (Date.now() > deadline) throw new Error(`Timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
    value = await read();
  }
  return value;
}

export function botRow(botId: string) {
  return db.bot.findUniqueOrThrow({ where: { id: botId } });
}

export async function waitForStatus(botId: string, status: string, timeoutMs = 15_000) {
  return waitFor(
    () => botRow(botId),
    (bot) => bot.status === status,
    { timeoutMs },
  );
}

export async function logText(botId: string): Promise<string> {
  const lines = await db.botLogLine.findMany({ where: { botId }, orderBy: { id: "asc" } });
  return lines.map((line) => `${line.stream}: ${line.line}`).join("\n");
}

export function testRunner(
  overrides: Partial<RunnerOptions> & Pick<RunnerOptions, "dataDir" | "simulatorUrl">,
): Promise<Runner> {
  return startRunner({
    name: "test-runner",
    region: "test",
    controlKey: "test-key",
    pollIntervalMs: 200,
    listenUrl: null,
    ...overrides,
    timing: { backoffBaseMs: 100, backoffCapMs: 400, stopGraceMs: 1500, readyTimeoutMs: 8000, ...overrides.timing },
  });
}

/**
 * How many lease-claim rounds a runner took to hold every one of `botIds`, read from `claims`, a
 * spy on LeaseTable.prototype.claim (each reconcile round claims once): its rounds that began at
 * call `from` or later, up to the one after which it held them all, counting what it claimed
 * from call `since` on. A logical clock for failover: a runner's rounds come every pollIntervalMs
 * at most, and a busy machine only makes them fewer. Null when it never held them all.
 */
export function claimRoundsUntilHeld(
  claims: MockInstance<LeaseTable["claim"]>,
  runnerName: string,
  botIds: string[],
  { since = 0, from = since }: { since?: number; from?: number } = {},
): number | null {
  // The spy is on the prototype: `this` of each call is the runner's own table.
  const tables = claims.mock.contexts as LeaseTable[];
  const mine = tables.find((table) => botIds.every((id) => table.get(id)?.runnerName === runnerName));
  if (!mine) return null;
  const waiting = new Set(botIds);
  let rounds = 0;
  for (let call = since; call < claims.mock.calls.length; call++) {
    if (tables[call] !== mine) continue;
    if (call >= from) rounds += 1;
    const result = claims.mock.settledResults[call];
    if (result?.type === "fulfilled") for (const id of result.value) waiting.delete(id);
    if (waiting.size === 0) return rounds;
  }
  return null;
}
