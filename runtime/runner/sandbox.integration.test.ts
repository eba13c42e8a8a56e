import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { sealedFor, sealToken } from "@/lib/bots/token-crypto";
import { tokenKeys } from "@/lib/bots/token-keys";
import { db } from "@/lib/db";

import type { Runner } from "./runner";
import { prepareRuntimeBundle, runtimeCacheReady } from "./runtime-bundle";
import {
  createBot,
  createUser,
  fakeSimulatorToken,
  logText,
  readyLine,
  startFakeCredentials,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

const repoFile = resolve("package.json");
let cacheFile: string;
let cacheDigest: string;
const digest = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

// Tries everything a bot must not be able to do, and prints what happened as one JSON line.
const probe = `
const fs = require("node:fs");
const result = { env: Object.keys(process.env).sort() };
function attempt(name, action) {
  try { action(); result[name] = "allowed"; } catch (error) { result[name] = error.code || error.message; }
}
attempt("readRepo", () => fs.readFileSync(process.env.REPO_FILE, "utf8"));
attempt("readEtc", () => fs.readFileSync("/etc/hostname", "utf8"));
attempt("writeApp", () => fs.writeFileSync(__dirname + "/x.txt", "x"));
attempt("writeTmp", () => fs.writeFileSync("/tmp/cipher-escape.txt", "x"));
attempt("writeScratch", () => fs.writeFileSync(process.env.HOME + "/ok.txt", "x"));
attempt("writeRuntimeCache", () => fs.writeFileSync(process.env.CACHE_FILE, "x"));
attempt("spawn", () => require("node:child_process").execSync("echo hi"));
attempt("worker", () => new (require("node:worker_threads").Worker)("1", { eval: true }));
attempt("readDiscordJs", () => require("discord.js").version);
const [host, port] = process.env.DB_TARGET.split(":");
const socket = require("node:net").connect(Number(port), host);
socket.on("connect", () => report("allowed"));
socket.on("error", (error) => report(error.code));
function report(outcome) {
  result.connectDatabase = outcome;
  socket.destroy();
  console.log("PROBE " + JSON.stringify(result));
  ${readyLine}
}
setInterval(() => {}, 1000);
`;

let userId: string;
let simulator: Awaited<ReturnType<typeof startFakeCredentials>>;
const data = tempDataDir();
let runner: Runner | null = null;
const savedSecret = process.env.AUTH_SECRET;

beforeAll(async () => {
  process.env.AUTH_SECRET = "a-secret-the-runner-has-and-bots-must-not-see-0123456789";
  userId = await createUser("runner-sandbox");
  simulator = await startFakeCredentials();
  const bundle = await prepareRuntimeBundle();
  await runtimeCacheReady(256);
  cacheFile = join(bundle!.dir, "cache-256.bin");
  cacheDigest = digest(cacheFile);
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
  process.env.AUTH_SECRET = savedSecret;
});

async function run(files: { path: string; content: string }[], options: Parameters<typeof createBot>[2] = {}) {
  const botId = await createBot(userId, files, options);
  runner ??= await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    logs: { maxLinesPerBot: 50, maxLinesPerSecond: 400 },
  });
  await runner.reconcile();
  return botId;
}

describe("runner sandbox", () => {
  it("a bot sees only its own variables and the runtime's, and cannot read, write, spawn or reach the database", async () => {
    const botId = await run([{ path: "index.js", content: probe }], { desiredState: "stopped" });
    const database = new URL(process.env.DATABASE_URL!);
    await db.botEnvVar.createMany({
      data: [
        { botId, key: "REPO_FILE", value: repoFile },
        { botId, key: "CACHE_FILE", value: cacheFile },
        { botId, key: "DB_TARGET", value: `${database.hostname}:${database.port || 5432}` },
      ],
    });
    await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
    const text = await waitFor(
      () => logText(botId),
      (logs) => logs.includes("PROBE "),
    );
    const result = JSON.parse(/PROBE (.*)/.exec(text)![1]!) as Record<string, unknown>;
    expect(result.env).toEqual(
      [
        "APPLICATION_ID",
        "BOT_TOKEN",
        "CACHE_FILE",
        "CLIENT_ID",
        "DB_FILE",
        "DB_TARGET",
        "DISCORD_CLIENT_ID",
        "DISCORD_TOKEN",
        "GUILD_ID",
        "HOME",
        "LANG",
        "NODE_ENV",
        "PATH",
        "REPO_FILE",
        "TMPDIR",
        "TOKEN",
        // Set by bubblewrap: the app folder.
        "PWD",
      ].sort(),
    );
    expect(result).toMatchObject({
      readRepo: "ERR_ACCESS_DENIED",
      readEtc: "ERR_ACCESS_DENIED",
      writeApp: "ERR_ACCESS_DENIED",
      writeTmp: "ERR_ACCESS_DENIED",
      writeScratch: "allowed",
      writeRuntimeCache: "ERR_ACCESS_DENIED",
      spawn: "ERR_ACCESS_DENIED",
      worker: "ERR_ACCESS_DENIED",
      readDiscordJs: "allowed",
      connectDatabase: "ERR_ACCESS_DENIED",
    });
    expect(readFileSync(join(data.dir, "bots", botId, "scratch", "ok.txt"), "utf8")).toBe("x");
    expect(digest(cacheFile)).toBe(cacheDigest);
  });

  it("a bot stored with a path that leads outside its files is refused whole, and nothing is written outside", async () => {
    const botId = await run([
      { path: "index.js", content: `${readyLine}\nsetInterval(() => {}, 1000);` },
      { path: "../escape.js", content: "nope" },
    ]);
    await waitForStatus(botId, "crashed");
    const bot = await db.bot.findUnique({ where: { id: botId }, select: { statusReason: true } });
    expect(bot?.statusReason).toMatch(/"\.\.\/escape\.js": "\.\." is not allowed in file paths/);
    expect(existsSync(join(data.dir, "bots", botId, "escape.js"))).toBe(false);
    expect(existsSync(join(data.dir, "bots", "escape.js"))).toBe(false);
  });

  it("a Python bot gets the same clean environment and can write only to its scratch folder", async () => {
    const script = [
      "import json, os, subprocess",
      "result = {'env': sorted(k for k in os.environ if k != 'PYTHONPATH')}",
      "def attempt(name, action):",
      "    try:",
      "        action()",
      "        result[name] = 'allowed'",
      "    except Exception as error:",
      "        result[name] = type(error).__name__",
      "attempt('readRepo', lambda: open(os.environ['REPO_FILE']).read())",
      "attempt('writeApp', lambda: open('x.txt', 'w').write('x'))",
      "attempt('writeTmp', lambda: open('/tmp/cipher-escape-py.txt', 'w').write('x'))",
      "attempt('writeScratch', lambda: open(os.environ['HOME'] + '/ok.txt', 'w').write('x'))",
      "attempt('writeRuntimeCache', lambda: open(os.environ['CACHE_FILE'], 'r+b').write(b'x'))",
      "print('PROBE ' + json.dumps(result))",
      'os.write(3, b\'{"type": "ready"}\\n\')',
      "import time",
      "time.sleep(60)",
    ].join("\n");
    const botId = await run([{ path: "main.py", content: script }], { language: "python", desiredState: "stopped" });
    await db.botEnvVar.createMany({
      data: [
        { botId, key: "REPO_FILE", value: repoFile },
        { botId, key: "CACHE_FILE", value: cacheFile },
      ],
    });
    await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
    await waitForStatus(botId, "running");
    const text = await waitFor(
      () => logText(botId),
      (logs) => logs.includes("PROBE "),
    );
    const result = JSON.parse(/PROBE (.*)/.exec(text)![1]!) as Record<string, unknown>;
    expect(result.env).not.toContain("DATABASE_URL");
    expect(result.env).not.toContain("AUTH_SECRET");
    expect(result.env).not.toContain("CIPHER_RUNNER_CONFIG");
    expect(result).toMatchObject({
      readRepo: "FileNotFoundError",
      writeApp: "OSError",
      // Its own private /tmp (bubblewrap's tmpfs), gone with it: the host's /tmp is untouched.
      writeTmp: "allowed",
      writeScratch: "allowed",
    });
    // The runtime's code cache is V8's input for every Node bot: a Python bot does not even see it.
    expect(["OSError", "PermissionError", "FileNotFoundError"]).toContain(result.writeRuntimeCache);
    expect(digest(cacheFile)).toBe(cacheDigest);
    expect(existsSync("/tmp/cipher-escape-py.txt")).toBe(false);
  });

  it("never stores the simulator's or the Discord token in the logs", async () => {
    const discordToken = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.real-discord-token-abcdefghijklmnop";
    const print = `console.log("token=" + process.env.DISCORD_TOKEN);\nconsole.error("config " + require("fs").readFileSync(__dirname + "/config.json", "utf8").replace(/\\s+/g, " "));\n${readyLine}\nsetInterval(() => {}, 1000);\n`;
    const files = [
      { path: "index.js", content: print },
      { path: "config.json", content: '{ "token": "your-token-here", "clientId": "x", "guildId": "y" }' },
    ];
    const simulated = await run(files);
    // Stopped until its token is stored: started without one, it would stop itself ("Add your bot
    // token") at a moment that could undo the start below.
    const real = await run(files, { connectTo: "discord", desiredState: "stopped" });
    await db.bot.update({
      where: { id: real },
      data: {
        tokenSealed: sealToken(discordToken, tokenKeys().current, sealedFor.botToken(real)),
        desiredState: "running",
      },
    });
    await waitForStatus(simulated, "running");
    await waitFor(
      () => logText(real),
      (logs) => logs.includes("config "),
    );
    await waitFor(
      () => logText(simulated),
      (logs) => logs.includes("config "),
    );
    const simulatedLogs = await logText(simulated);
    const realLogs = await logText(real);
    expect(simulatedLogs).not.toContain(fakeSimulatorToken);
    expect(realLogs).not.toContain(discordToken);
    expect(simulatedLogs).toContain("token=[redacted token]");
    expect(simulatedLogs).toContain('"clientId": "100000000000000001"');
    expect(simulatedLogs).toContain('"guildId": "200000000000000002"');
    expect(realLogs).toContain("token=[redacted token]");
    expect(realLogs).toContain('"token": "[redacted token]"');
  });

  it("keeps only the newest lines per bot and drops floods with a note", async () => {
    const chatty = `for (let i = 0; i < 1000; i++) console.log("line " + i);\n${readyLine}\nsetTimeout(() => console.log("after the flood"), 1200);\nsetInterval(() => {}, 1000);\n`;
    const botId = await run([{ path: "index.js", content: chatty }]);
    await waitFor(
      () => logText(botId),
      (logs) => logs.includes("after the flood"),
    );
    await runner!.stop();
    runner = null;
    const lines = await db.botLogLine.findMany({ where: { botId }, orderBy: { id: "asc" } });
    expect(lines.length).toBeLessThanOrEqual(50);
    const text = lines.map((line) => line.line).join("\n");
    expect(text).toMatch(/600 output lines dropped/);
    expect(text).toContain("after the flood");
    expect(text).not.toContain("line 0\n");
  });
});
