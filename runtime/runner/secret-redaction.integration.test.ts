/**
 * No secret of a bot (its token and every secret variable) shows in anything the runner writes
 * about it: its log lines, its status and status history, its owner's notifications, the bot
 * page's data. The bot prints them on stdout and stderr, as JSON, sends one as its "user tag"
 * (which the status quotes), crashes with them in its error; another bot has secrets no
 * environment may carry (written to the database by another writer) and must not start.
 */
import { inspect } from "node:util";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { listBotStatuses, listStatusEvents } from "@/lib/bots/hosting";
import { listLogLines } from "@/lib/bots/logs";
import { getBot } from "@/lib/bots/service";
import { sealedFor, sealToken } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import { db } from "@/lib/db";

import type { Runner } from "./runner";
import {
  createBot,
  createUser,
  fakeSimulatorToken,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

const secrets = {
  API_KEY: "sk-live-Q7wErTy123uIoP456",
  DB_PASSWORD: 'pa"ss\\word-with-quotes',
  WEBHOOK_SECRET: "whsec_0123456789abcdefABCDEF",
  PIN: "Zq7pX",
};
/** Stored without the settings form (another writer, or before its rules): values no bot may get. */
const badSecrets = {
  MULTI_LINE: "first-half-of-it\nsecond-half-of-it",
  WITH_NUL: "before-the-nul\u0000after-the-nul",
};

const printer = `
const env = process.env;
console.log("token", env.DISCORD_TOKEN, "key", env.API_KEY, "pin", env.PIN);
console.error("stderr", JSON.stringify({ password: env.DB_PASSWORD, hook: env.WEBHOOK_SECRET }));
console.log(JSON.stringify(env));
console.log(require("node:util").inspect({ password: env.DB_PASSWORD }));
require("node:fs").writeSync(3, JSON.stringify({ type: "ready", user: { id: "1", tag: env.API_KEY } }) + "\\n");
setTimeout(() => {
  throw new Error("login failed for " + env.API_KEY + " / " + env.DB_PASSWORD + " / " + env.DISCORD_TOKEN);
}, 1500);
`;

const printsEverything = `
console.log(JSON.stringify(process.env));
for (const [key, value] of Object.entries(process.env)) console.log(key, value);
require("node:fs").writeSync(3, JSON.stringify({ type: "ready" }) + "\\n");
setInterval(() => {}, 1000);
`;

/** Every 8-character piece of a secret (its whole value when shorter), and its JSON-escaped form. */
function pieces(value: string): string[] {
  const forms = [value, JSON.stringify(value).slice(1, -1), inspect(value).slice(1, -1), ...value.split(/[\n\u0000]/)];
  const out = new Set<string>();
  for (const form of forms) {
    if (form.length <= 8) out.add(form);
    else for (let i = 0; i + 8 <= form.length; i++) out.add(form.slice(i, i + 8));
  }
  return [...out].filter((piece) => piece.length >= 4);
}

/** The stand-in simulator's token: only its pieces that are not plain words ("simulator" shows as the bot's target). */
const tokenPieces = pieces(fakeSimulatorToken).filter((piece) => /[^a-z-]/.test(piece));

function leaksIn(texts: string[], values: string[]): string[] {
  const found: string[] = [];
  for (const piece of new Set([...values.flatMap(pieces), ...tokenPieces])) {
    const text = texts.find((candidate) => candidate.includes(piece));
    if (text) found.push(`${JSON.stringify(piece)} in ${JSON.stringify(text.slice(0, 200))}`);
  }
  return found;
}

/** Everything stored about the bot that its owner can see. */
async function everythingShown(userId: string, botId: string): Promise<string[]> {
  const [logs, bot, events, statuses, notifications, rawLogs, rawEvents, row] = await Promise.all([
    listLogLines(userId, botId, { limit: 2000 }),
    getBot(userId, botId),
    listStatusEvents(userId, botId, 100),
    listBotStatuses(userId),
    db.notification.findMany({ where: { userId } }),
    db.botLogLine.findMany({ where: { botId } }),
    db.botStatusEvent.findMany({ where: { botId } }),
    db.bot.findUniqueOrThrow({ where: { id: botId }, select: { statusReason: true } }),
  ]);
  return [
    ...rawLogs.map((line) => line.line),
    ...rawEvents.map((event) => event.reason ?? ""),
    row.statusReason ?? "",
    ...notifications.map((notification) => `${notification.title} ${notification.body}`),
    JSON.stringify({ logs, bot: { ...bot, files: undefined }, events, statuses }, (_, value: unknown) =>
      typeof value === "bigint" ? value.toString() : value,
    ),
  ];
}

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;

beforeAll(async () => {
  userId = await createUser("secret-redaction");
  simulator = await startFakeCredentials();
});

afterEach(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  runner = null;
});

afterAll(async () => {
  await simulator.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

async function plantSecrets(botId: string, values: Record<string, string>) {
  // Sealed as the settings would, but written straight to the table: no form rule in between.
  await db.botEnvVar.createMany({
    data: Object.entries(values).map(([key, value]) => ({
      botId,
      key,
      value: sealToken(value, tokenKeys().current, sealedFor.botEnv(botId, key)),
      secret: true,
    })),
  });
}

describe("a bot's secrets in what the runner writes", () => {
  it("never shows the token or a secret variable, whatever the bot prints, sends or throws", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: printer }], {
      desiredState: "stopped",
      restartPolicy: "stay-stopped",
    });
    await plantSecrets(botId, secrets);
    await db.botEnvVar.create({ data: { botId, key: "PREFIX", value: "!", secret: false } });
    await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url });

    // Its "user tag" is its API key: the status would quote it.
    const running = await waitForStatus(botId, "running");
    expect(running.statusReason).toMatch(/^Connected as \[redacted secret\] in /);
    await waitForStatus(botId, "crashed");
    // The log is written in batches: wait for the crash's stack and the final status line.
    await waitFor(
      () => listLogLines(userId, botId, { limit: 2000 }),
      (lines) =>
        lines.some((line) => line.line.includes("login failed for")) &&
        lines.some((line) => line.line.startsWith("Status: crashed")),
    );
    const shown = await everythingShown(userId, botId);
    const text = shown.join("\n");
    // The bot did print each of them (the redaction had something to do).
    expect(text).toContain("token [redacted token] key [redacted secret] pin [redacted secret]");
    expect(text).toMatch(/login failed for \[redacted secret\] \/ \[redacted secret\] \/ \[redacted token\]/);
    expect(leaksIn(shown, Object.values(secrets))).toEqual([]);
  });

  it("refuses to start a bot whose stored secrets no environment may carry, naming them, quoting nothing", async () => {
    const botId = await createBot(userId, [{ path: "index.js", content: printsEverything }], {
      desiredState: "stopped",
    });
    await plantSecrets(botId, { ...badSecrets, API_KEY: secrets.API_KEY });
    await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
    runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url });

    const refused = await waitForStatus(botId, "crashed");
    expect(refused.desiredState).toBe("stopped");
    expect(refused.statusReason).toBe(
      "The bot cannot start: the secret variable MULTI_LINE is on several lines, which a secret cannot be; " +
        "the secret variable WITH_NUL holds a NUL character, which no environment variable can carry. " +
        "Enter them again in Settings → Environment.",
    );
    await waitFor(
      () => listLogLines(userId, botId),
      (lines) => lines.some((line) => line.line.startsWith("Status: crashed")),
    );
    const shown = await everythingShown(userId, botId);
    // It never ran: nothing of it printed anything.
    expect(shown.join("\n")).not.toMatch(/DISCORD_TOKEN|\[redacted/);
    expect(leaksIn(shown, [...Object.values(badSecrets), secrets.API_KEY])).toEqual([]);
  });
});
