/**
 * The sandbox self-test is a health check: it holds on a busy machine, a failed check is tried
 * again with backoff, the reason shown is the check's own (never an error from cleaning up after
 * it), and bots waiting for the host start as soon as a check passes.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { db } from "@/lib/db";
import { makeMachineBusy, type BusyMachine } from "@/scripts/lib/busy-machine";

import { runSelfTest } from "./isolation/self-test";
import type { Runner } from "./runner";
import type { SelfTestRunner } from "./sandbox-health";
import {
  botRow,
  createBot,
  createUser,
  readyLine,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

const readyBot = [{ path: "index.js", content: `${readyLine}\nsetInterval(() => {}, 1000);\n` }];

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
let runner: Runner | null = null;
let busy: BusyMachine | null = null;
const folders: ReturnType<typeof tempDataDir>[] = [];

function dataDir(): string {
  const folder = tempDataDir();
  folders.push(folder);
  return folder.dir;
}

function mountedUnder(dir: string): string[] {
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4] ?? "")
    .filter((point) => point.startsWith(`${dir}/`));
}

function hostRow(name: string) {
  return db.runnerHost.findUniqueOrThrow({ where: { name } });
}

beforeAll(async () => {
  userId = await createUser("sandbox-health");
  simulator = await startFakeCredentials();
});

afterEach(async () => {
  await busy?.stop();
  busy = null;
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await simulator.close();
  for (const folder of folders) folder.remove();
});

describe("the sandbox self-test as a health check", () => {
  it("passes while every core is busy, and a bot started afterwards runs", async () => {
    busy = makeMachineBusy();
    let attempts = 0;
    let duringCheck: string | null = null;
    const counted: SelfTestRunner = async (host, dir, options) => {
      attempts += 1;
      duringCheck ??= (await hostRow("busy-runner")).sandbox;
      return runSelfTest(host, dir, options);
    };
    runner = await testRunner({
      name: "busy-runner",
      dataDir: dataDir(),
      simulatorUrl: simulator.url,
      sandbox: { selfTest: counted },
    });
    // The runner serves its health while the check runs: its host is registered before it.
    expect(duringCheck).toBe("checking");
    const settled = await waitFor(
      async () => runner!.sandbox.state,
      (state) => state.mode === "isolated",
      { timeoutMs: 240_000, intervalMs: 200 },
    );
    console.log(`[busy machine] ${busy.workers} spinning process(es); self-test attempts until it passed: ${attempts}`);
    expect(settled.mode).toBe("isolated");
    // Its limit holds on a busy machine: the first attempt passed, no retry was needed.
    expect(attempts).toBe(1);
    await busy.stop();
    busy = null;

    const botId = await createBot(userId, readyBot, { name: "After the busy check" });
    await runner.reconcile();
    await waitForStatus(botId, "running", 30_000);
    const host = await hostRow("busy-runner");
    expect(host.sandbox).toBe("isolated");
    expect(host.sandboxWarning).toBeNull();
    expect(host.sandboxCheckedAt).not.toBeNull();
  }, 300_000);

  it("retries a failed check with its own reason, then starts the bot that was waiting", async () => {
    const errors: string[] = [];
    vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => void errors.push(args.join(" ")));
    // The first check is killed 1 ms in, while its scratch filesystem is mounted: the reason
    // must be the limit, not an EBUSY from removing the mounted folder.
    let attempts = 0;
    const failOnce: SelfTestRunner = (host, dir, options) => {
      attempts += 1;
      return runSelfTest(host, dir, attempts === 1 ? { ...options, timeoutMs: 1 } : options);
    };
    const dir = dataDir();
    const botId = await createBot(userId, readyBot, { name: "Waits for the sandbox" });
    runner = await testRunner({
      name: "retrying-runner",
      dataDir: dir,
      simulatorUrl: simulator.url,
      // The retry is started by hand below, once the failure has been looked at.
      sandbox: { selfTest: failOnce, policy: { firstRetryMs: 3_600_000, capMs: 3_600_000 } },
    });

    const failed = await waitFor(
      () => hostRow("retrying-runner"),
      (host) => host.sandbox === "unavailable",
      { timeoutMs: 60_000 },
    );
    expect(failed.sandboxWarning).toContain("did not finish within 1 ms");
    expect(failed.sandboxWarning).not.toMatch(/EBUSY|rmdir/);
    expect(failed.sandboxWarning).toMatch(/trying again at \d\d:\d\d:\d\d UTC/);
    // Nothing of the killed probe is left: no mount, no folder.
    expect(mountedUnder(join(dir, "self-test"))).toEqual([]);
    expect(existsSync(join(dir, "self-test"))).toBe(false);
    expect(failed.sandboxRetryAt!.getTime() - failed.sandboxCheckedAt!.getTime()).toBe(3_600_000);
    const logged = errors.find((line) => line.includes("no new bot will start on this host"));
    expect(logged).toContain("did not finish within 1 ms");
    expect(logged).toMatch(/Trying again in 60 min/);

    // The bot is told why it waits (the check failed, not that it is still running)…
    const waiting = await waitFor(
      () => botRow(botId),
      (bot) => bot.status === "stopped" && /sandbox check failed/.test(bot.statusReason ?? ""),
      { timeoutMs: 30_000 },
    );
    expect(waiting.desiredState).toBe("running");
    expect(waiting.statusReason).toContain("starts by itself once a later check passes");

    // …and runs once the retry passes, without anyone pressing Start.
    expect((await runner.sandbox.checkNow()).mode).toBe("isolated");
    await waitForStatus(botId, "running", 120_000);
    expect(attempts).toBe(2);
    const host = await hostRow("retrying-runner");
    expect(host.sandbox).toBe("isolated");
    expect(host.sandboxWarning).toBeNull();
    expect(host.sandboxRetryAt).toBeNull();
  }, 300_000);
});
