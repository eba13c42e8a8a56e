/**
 * The watchdog with short thresholds: a bot above its memory cap, one keeping a core busy and
 * one whose event loop is frozen are each stopped with the reason, and count as crashes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

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

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  userId = await createUser("runner-watchdog");
  simulator = await startFakeCredentials();
  runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    timing: {
      watchdogSampleMs: 250,
      cpuLimitPercent: 20,
      cpuWindowMs: 1500,
      heartbeatTimeoutMs: 4000,
      stopGraceMs: 1000,
    },
  });
});

afterAll(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  await simulator.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

const afterReady = (code: string) =>
  `${readyLine}\nsetTimeout(() => { ${code} }, 300);\nsetInterval(() => {}, 1000);\n`;

async function crashedWith(botId: string, pattern: RegExp) {
  const bot = await waitFor(
    () => db.bot.findUniqueOrThrow({ where: { id: botId } }),
    (row) => row.status === "crashed",
    { timeoutMs: 20_000 },
  ).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}\n${await logText(botId)}`);
  });
  expect(bot.statusReason).toMatch(pattern);
  return bot;
}

describe("watchdogs", () => {
  it("memory cap, CPU budget and frozen event loop each stop only that bot, as a crash", async () => {
    const hog = await createBot(
      userId,
      [{ path: "index.js", content: afterReady("globalThis.keep = Buffer.alloc(400 * 1024 * 1024, 1);") }],
      { name: "hog", restartPolicy: "stay-stopped" },
    );
    const spinner = await createBot(userId, [{ path: "index.js", content: afterReady("for (;;) {}") }], {
      name: "spinner",
      restartPolicy: "stay-stopped",
    });
    const frozen = await createBot(
      userId,
      [{ path: "index.js", content: afterReady("Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);") }],
      { name: "frozen", restartPolicy: "stay-stopped" },
    );
    const calm = await createBot(userId, [{ path: "index.js", content: afterReady("") }], { name: "calm" });
    const started = Date.now();
    await runner!.reconcile();
    await crashedWith(hog, /^Used more than 256 MB of memory\./);
    await crashedWith(spinner, /^Used more than 20% of a CPU core for 2 s\./);
    await crashedWith(frozen, /^Event loop frozen for 4 s\./);
    const seconds = (Date.now() - started) / 1000;
    console.log(`watchdogs fired within ${seconds.toFixed(1)} s`);
    expect((await db.bot.findUniqueOrThrow({ where: { id: calm } })).status).toBe("running");
    // A crash: the crashed notification went out, as for any crash.
    expect(await db.notification.count({ where: { userId, kind: "bot_crashed" } })).toBe(3);
  });
});
