/**
 * The runner refuses a sealed value that is not the bot's own (copied from another bot's row by
 * someone who can write to the database): the bot stays stopped with a clear reason in its log,
 * the secret never reaches it, and the runner goes on running its other bots.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { setEnvVar } from "@/lib/bots/env-vars";
import { setBotToken } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { ConfigurationError, discordToken } from "./credentials";
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
  waitForStatus,
} from "./test-support";

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const steady = `${readyLine}\nconsole.log("up", process.env.API_KEY ?? "none");\nsetInterval(() => {}, 1000);\n`;

let victim: string;
let attacker: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  victim = await createUser("sealed-victim");
  attacker = await createUser("sealed-attacker");
  simulator = await startFakeCredentials();
});

afterEach(async () => {
  await db.bot.updateMany({ where: { userId: { in: [victim, attacker] } }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
});

afterAll(async () => {
  await simulator.close();
  await db.user.deleteMany({ where: { id: { in: [victim, attacker] } } });
  data.remove();
});

describe("the runner and sealed values", () => {
  it("refuses a bot token moved from another bot's row, says why, and keeps running other bots", async () => {
    const victimBot = await createBot(victim, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
    await setBotToken(victim, victimBot, token);
    const { tokenSealed } = await db.bot.findUniqueOrThrow({ where: { id: victimBot } });
    expect(() => discordToken(victimBot, tokenSealed)).not.toThrow();
    expect(() => discordToken("another-bot", tokenSealed)).toThrow(ConfigurationError);

    const stolen = await createBot(attacker, [{ path: "index.js", content: steady }], {
      connectTo: "discord",
      desiredState: "stopped",
    });
    await db.bot.update({ where: { id: stolen }, data: { tokenSealed, desiredState: "running" } });
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url });

    const refused = await waitForStatus(stolen, "crashed");
    expect(refused.statusReason).toMatch(/The stored bot token cannot be used: it was sealed for another bot/);
    expect(refused.desiredState).toBe("stopped");
    // The log sink writes in batches: wait for the line.
    const logs = await waitFor(
      () => logText(stolen),
      (text) => /Status: crashed\. The stored bot token cannot be used/.test(text),
    );
    expect(logs).not.toContain(token);

    // The runner is still up: a bot started afterwards runs.
    const good = await createBot(attacker, [{ path: "index.js", content: steady }]);
    await waitForStatus(good, "running");
  });

  it("refuses a secret variable moved from another bot without handing it to the bot", async () => {
    const victimBot = await createBot(victim, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
    await setEnvVar(victim, victimBot, { key: "API_KEY", value: "victim-secret-value", secret: true });
    const { value } = await db.botEnvVar.findUniqueOrThrow({
      where: { botId_key: { botId: victimBot, key: "API_KEY" } },
    });
    const thief = await createBot(attacker, [{ path: "index.js", content: steady }], { desiredState: "stopped" });
    await db.botEnvVar.create({ data: { botId: thief, key: "API_KEY", value, secret: true } });
    await db.bot.update({ where: { id: thief }, data: { desiredState: "running" } });
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url });

    const refused = await waitForStatus(thief, "crashed");
    expect(refused.statusReason).toMatch(/The secret variable API_KEY cannot be used/);
    const logs = await waitFor(
      () => logText(thief),
      (text) => /Status: crashed\. The secret variable API_KEY cannot be used.*Settings → Environment/.test(text),
    );
    expect(logs).not.toContain("victim-secret-value");
  });
});
