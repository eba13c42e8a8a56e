import { readFileSync } from "node:fs";
import { join } from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import type { Runner } from "./runner";
import {
  botRow,
  createBot,
  createUser,
  logText,
  readyLine,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

const steady = `${readyLine}\nconsole.log("up");\nsetInterval(() => {}, 1000);\nprocess.on("SIGTERM", () => { console.log("bye"); process.exit(0); });\n`;
const crashing = `console.log("about to fail");\nsetTimeout(() => process.exit(3), 50);\n`;

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  userId = await createUser("runner-supervision");
  simulator = await startFakeCredentials();
});

// A failed test must not leave its runner running: two runners on one data folder fight.
afterEach(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
});

afterAll(async () => {
  await runner?.stop();
  await simulator.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

function start() {
  return testRunner({ dataDir: data.dir, simulatorUrl: simulator.url, timing: { crashWindowMs: 60_000 } });
}

describe("runner supervision", () => {
  it("starts a running bot, restarts it on a new restartNonce, and stops it", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }]);
    runner = await start();
    const running = await waitForStatus(botId, "running");
    expect(running.startedAt).toBeInstanceOf(Date);
    expect(running.statusReason).toMatch(/Connected in/);

    await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });
    await waitFor(
      () => db.botStatusEvent.findMany({ where: { botId }, orderBy: { id: "asc" } }),
      (events) => events.filter((event) => event.status === "running").length === 2,
    );

    await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
    const stopped = await waitForStatus(botId, "stopped");
    expect(stopped.exitCode).toBe(0);
    const events = await db.botStatusEvent.findMany({ where: { botId }, orderBy: { id: "asc" } });
    expect(events.map((event) => event.status)).toEqual([
      "starting",
      "running",
      "stopping",
      "starting",
      "running",
      "stopping",
      "stopped",
    ]);
    await runner.stop();
    runner = null;
    const logs = await logText(botId);
    expect(logs).toContain("stdout: up");
    expect(logs).toContain("stdout: bye");
    expect(logs).toMatch(/system: Status: running/);
  });

  it("restarts a crashing bot with backoff, then marks it crashed, stops it and notifies once", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: crashing }], { name: "Crashy" });
    runner = await start();
    const crashed = await waitForStatus(botId, "crashed", 25_000);
    expect(crashed.desiredState).toBe("stopped");
    expect(crashed.exitCode).toBe(3);
    expect(crashed.statusReason).toMatch(/crashed 5 times/);
    const events = await db.botStatusEvent.findMany({ where: { botId }, orderBy: { id: "asc" } });
    const restarting = events.filter((event) => event.status === "restarting").map((event) => event.reason);
    expect(restarting).toHaveLength(4);
    expect(restarting[0]).toMatch(/exit code 3.*Restarting in 0.1 s/);
    expect(restarting[1]).toMatch(/Restarting in 0.2 s/);
    expect(restarting[3]).toMatch(/Restarting in 0.4 s/);
    const notifications = await db.notification.findMany({ where: { userId, kind: "bot_crashed" } });
    expect(notifications).toHaveLength(1);
    expect(notifications[0]).toMatchObject({ title: "Crashy crashed", href: `/dashboard/bots/${botId}` });
    await runner.stop();
    runner = null;
  });

  it("Restart during a backoff starts the bot at once", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: crashing }]);
    runner = await testRunner({
      dataDir: data.dir,
      simulatorUrl: simulator.url,
      timing: { backoffBaseMs: 60_000, backoffCapMs: 60_000 },
    });
    const waiting = await waitForStatus(botId, "restarting");
    expect(waiting.statusReason).toMatch(/Restarting in 1 min/);
    await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });
    await waitFor(
      () => db.botStatusEvent.findMany({ where: { botId, status: "starting" } }),
      (events) => events.some((event) => event.reason === "Restart requested."),
      { timeoutMs: 5000 },
    );
  });

  it("stay-stopped: the first crash is final", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: crashing }], { restartPolicy: "stay-stopped" });
    runner = await start();
    const crashed = await waitForStatus(botId, "crashed");
    expect(crashed.desiredState).toBe("stopped");
    const statuses = (await db.botStatusEvent.findMany({ where: { botId } })).map((event) => event.status);
    expect(statuses).not.toContain("restarting");
    await runner.stop();
    runner = null;
  });

  it("a runner restart brings back exactly the bots that should run", async () => {
    const wanted = await createBot(userId, [{ path: "index.js", content: steady }]);
    const unwanted = await createBot(userId, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
    // Left behind as "running" by a runner that was killed.
    await db.bot.update({ where: { id: unwanted }, data: { status: "running" } });
    runner = await start();
    await waitForStatus(wanted, "running");
    await waitForStatus(unwanted, "stopped");
    await runner.stop();
    runner = null;
    expect((await botRow(wanted)).status).toBe("stopped");
    expect((await botRow(wanted)).desiredState).toBe("running");

    runner = await start();
    await waitForStatus(wanted, "running");
    expect((await botRow(unwanted)).status).toBe("stopped");
    await runner.stop();
    runner = null;
  });

  // The embedded test database (pool size 1) does not deliver notifications between connections.
  it.skipIf(process.env.DATABASE_POOL_SIZE === "1")(
    "reacts to NOTIFY cipher_bot_desired without waiting for the poll",
    async () => {
      const botId = await createBot(userId, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
      runner = await testRunner({
        dataDir: data.dir,
        simulatorUrl: simulator.url,
        pollIntervalMs: 60_000,
        listenUrl: process.env.DATABASE_URL,
      });
      await new Promise((resolve) => setTimeout(resolve, 500));
      await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
      await waitForStatus(botId, "running", 5000);
      await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
      await waitForStatus(botId, "stopped", 5000);
      await runner.stop();
      runner = null;
    },
  );

  it("a bot that ignores SIGTERM is killed after the grace period; a bot that never connects counts as crashed", async () => {
    const stubborn = await createBot(userId, [
      {
        path: "index.js",
        content: `${readyLine}\nprocess.on("SIGTERM", () => console.log("not stopping"));\nsetInterval(() => {}, 1000);\n`,
      },
    ]);
    const silent = await createBot(userId, [{ path: "index.js", content: "setInterval(() => {}, 1000);\n" }], {
      restartPolicy: "stay-stopped",
    });
    runner = await testRunner({
      dataDir: data.dir,
      simulatorUrl: simulator.url,
      timing: { stopGraceMs: 500, readyTimeoutMs: 1000 },
    });
    await waitForStatus(stubborn, "running");
    await db.bot.update({ where: { id: stubborn }, data: { desiredState: "stopped" } });
    const stopped = await waitForStatus(stubborn, "stopped");
    expect(stopped.exitCode).toBeNull();
    expect(await logText(stubborn)).toContain("stdout: not stopping");
    const crashed = await waitForStatus(silent, "crashed");
    expect(crashed.statusReason).toBe("Did not connect within 1 s.");
    await runner.stop();
    runner = null;
  });

  it("ends the process of a bot whose row is deleted", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }]);
    runner = await start();
    await waitForStatus(botId, "running");
    const pid = Number(readFileSync(join(data.dir, "bots", botId, "pid"), "utf8"));
    await db.bot.delete({ where: { id: botId } });
    await waitFor(
      async () => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      },
      (alive) => !alive,
    );
  });

  it("never starts an archived bot", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }]);
    await db.bot.update({ where: { id: botId }, data: { archivedAt: new Date(), status: "running" } });
    runner = await start();
    const bot = await waitForStatus(botId, "stopped");
    expect(bot.statusReason).toBe("The bot was deleted.");
    expect(await db.botStatusEvent.count({ where: { botId, status: "starting" } })).toBe(0);
    await runner.stop();
    runner = null;
  });

  it("refuses a Discord connection without a token, with a reason the user can act on", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: steady }], { connectTo: "discord" });
    runner = await start();
    const bot = await waitForStatus(botId, "crashed");
    expect(bot.statusReason).toBe("Add your bot token in Settings to connect to Discord.");
    expect(bot.desiredState).toBe("stopped");
    await runner.stop();
    runner = null;
  });
});
