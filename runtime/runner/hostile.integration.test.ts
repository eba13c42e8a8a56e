/**
 * Hostile bots on the real runner and simulator: each attack gets nothing (what it printed is
 * checked) or that bot alone is stopped with a clear reason, while a well-behaved bot on the
 * same runner answers every "!ping", in order. Short watchdog thresholds are injected.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { p95, pingBot, pingRound } from "./hostile-support";
import { botDirs } from "./paths";
import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import {
  createBot,
  createUser,
  logText,
  readyLine,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

let userId: string;
let simulator: TestSimulator;
let ids: Awaited<ReturnType<typeof worldIds>>;
let events: Awaited<ReturnType<typeof openEventText>>;
let runner: Runner;
const data = tempDataDir();
const savedSecret = process.env.AUTH_SECRET;

beforeAll(async () => {
  process.env.AUTH_SECRET = "runner-secret-that-no-bot-may-see-0123456789abcdef";
  userId = await createUser("runner-hostile");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
  runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: {
      watchdogSampleMs: 250,
      cpuLimitPercent: 20,
      cpuWindowMs: 3000,
      heartbeatTimeoutMs: 4000,
      stopGraceMs: 1000,
      readyTimeoutMs: 20_000,
    },
  });
});

afterAll(async () => {
  await db.bot.updateMany({ where: { userId }, data: { desiredState: "stopped" } });
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
  process.env.AUTH_SECRET = savedSecret;
});

// Node: every attack in one bot; each result is what the attempt got.
const nodeProbe = `
const fs = require("node:fs");
const result = { dbUrl: process.env.DATABASE_URL ?? null, authSecret: process.env.AUTH_SECRET ?? null };
function attempt(name, action) {
  try { const value = action(); result[name] = "allowed:" + String(value).slice(0, 40); }
  catch (error) { result[name] = error.code || error.message; }
}
attempt("runnerEnviron", () => fs.readFileSync("/proc/" + process.env.RUNNER_PID + "/environ", "utf8"));
attempt("pid1Environ", () => fs.readFileSync("/proc/1/environ", "utf8"));
attempt("repoEnv", () => fs.readFileSync(process.env.REPO + "/.env.example", "utf8"));
attempt("repoData", () => fs.readdirSync(process.env.REPO + "/.data"));
attempt("otherBot", () => fs.readdirSync(process.env.OTHER_APP));
attempt("writeRepo", () => fs.writeFileSync(process.env.REPO + "/escaped.txt", "x"));
attempt("writeApp", () => fs.writeFileSync(__dirname + "/escaped.txt", "x"));
attempt("spawn", () => require("node:child_process").spawnSync("/bin/sh", ["-c", "id"]).status);
attempt("forkBomb", () => { for (let i = 0; i < 50; i++) require("node:child_process").fork(__filename); return "forked"; });
attempt("nativeAddon", () => require(process.env.ADDON));
attempt("binding", () => process.binding("fs"));
const socket = require("node:net").connect(5432, "127.0.0.1");
socket.on("connect", () => finish("allowed"));
socket.on("error", (error) => finish(error.code));
function finish(outcome) {
  result.database = outcome;
  socket.destroy();
  console.log("PROBE " + JSON.stringify(result));
  ${readyLine}
}
setInterval(() => {}, 1000);
`;

const pythonProbe = `
import json, os, socket
result = {"dbUrl": os.environ.get("DATABASE_URL"), "authSecret": os.environ.get("AUTH_SECRET")}
def attempt(name, action):
    try:
        result[name] = "allowed:" + str(action())[:40]
    except Exception as error:
        result[name] = type(error).__name__
attempt("runnerEnviron", lambda: open("/proc/%s/environ" % os.environ["RUNNER_PID"]).read())
attempt("pid1Secrets", lambda: "AUTH_SECRET" in open("/proc/1/environ").read() or "DATABASE_URL" in open("/proc/1/environ").read())
attempt("repoEnv", lambda: open(os.environ["REPO"] + "/.env.example").read())
attempt("otherBot", lambda: os.listdir(os.environ["OTHER_APP"]))
attempt("writeRepo", lambda: open(os.environ["REPO"] + "/escaped-py.txt", "w").write("x"))
attempt("writeApp", lambda: open("escaped.txt", "w").write("x"))
attempt("database", lambda: socket.create_connection(("127.0.0.1", 5432), timeout=2))
attempt("unixSocket", lambda: socket.socket(socket.AF_UNIX).connect("/var/run/postgresql/.s.PGSQL.5432"))
print("PROBE " + json.dumps(result), flush=True)
os.write(3, b'{"type": "ready"}\\n')
import time
time.sleep(120)
`;

const afterReady = (code: string) =>
  `${readyLine}\nsetTimeout(() => { ${code} }, 200);\nsetInterval(() => {}, 1000);\n`;

/** `count` "!ping"s to the good bot, paced like a chat: it answered every one, once and in order. */
async function pings(count: number, good: string): Promise<number[]> {
  const round = await pingRound(simulator, events, { userId, channelId: ids.general, authorId: ids.owner }, count);
  expect(round.answered, `the good bot's log:\n${(await logText(good)).slice(-2000)}`).toEqual(round.sent);
  return round.latencies;
}

async function probeResult(botId: string): Promise<Record<string, unknown>> {
  const text = await waitFor(
    () => logText(botId),
    (logs) => logs.includes("PROBE ") || /Status: crashed/.test(logs),
    { timeoutMs: 20_000 },
  );
  const match = /PROBE (.*)/.exec(text);
  if (!match) throw new Error(text);
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

async function stoppedWith(botId: string, pattern: RegExp) {
  const bot = await waitFor(
    () => db.bot.findUniqueOrThrow({ where: { id: botId } }),
    (row) => row.status === "crashed",
    { timeoutMs: 25_000 },
  ).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}\n${(await logText(botId)).slice(-2000)}`);
  });
  expect(bot.statusReason).toMatch(pattern);
}

describe("hostile bots", () => {
  it("get nothing or are stopped alone, while a good bot answers every message", async () => {
    const good = await createBot(userId, [{ path: "index.js", content: pingBot }], { name: "good" });
    await runner.reconcile();
    await waitForStatus(good, "running", 20_000);
    const before = await pings(4, good);

    const repo = resolve(".");
    const variables = (botId: string) =>
      db.botEnvVar.createMany({
        data: [
          { botId, key: "RUNNER_PID", value: String(process.pid) },
          { botId, key: "REPO", value: repo },
          { botId, key: "OTHER_APP", value: botDirs(data.dir, good).app },
          {
            botId,
            key: "ADDON",
            value: resolve("node_modules/@rolldown/binding-linux-x64-gnu/rolldown-binding.linux-x64-gnu.node"),
          },
        ],
      });
    const stay = { restartPolicy: "stay-stopped", desiredState: "stopped" };
    const node = await createBot(userId, [{ path: "index.js", content: nodeProbe }], { name: "node-probe", ...stay });
    const python = await createBot(userId, [{ path: "main.py", content: pythonProbe }], {
      name: "py-probe",
      language: "python",
      ...stay,
    });
    await variables(node);
    await variables(python);
    const hog = await createBot(
      userId,
      [{ path: "index.js", content: afterReady("globalThis.keep = Buffer.alloc(1024 * 1024 * 1024, 1);") }],
      { name: "hog", ...stay },
    );
    const spinner = await createBot(userId, [{ path: "index.js", content: afterReady("for (;;) {}") }], {
      name: "spinner",
      ...stay,
    });
    const flood = await createBot(
      userId,
      [
        {
          path: "index.js",
          content: afterReady("setInterval(() => { for (let i = 0; i < 2000; i++) console.log('flood ' + i); }, 10);"),
        },
      ],
      { name: "flood", ...stay },
    );
    await db.bot.updateMany({
      where: { id: { in: [node, python, hog, spinner, flood] } },
      data: { desiredState: "running" },
    });
    await runner.reconcile();

    // The attacks run while the good bot is pinged: contained, it answers each, in order.
    const during = await pings(10, good);

    const nodeResult = await probeResult(node);
    expect(nodeResult).toMatchObject({
      dbUrl: null,
      authSecret: null,
      runnerEnviron: "ERR_ACCESS_DENIED",
      pid1Environ: "ERR_ACCESS_DENIED",
      repoEnv: "ERR_ACCESS_DENIED",
      repoData: "ERR_ACCESS_DENIED",
      otherBot: "ERR_ACCESS_DENIED",
      writeRepo: "ERR_ACCESS_DENIED",
      writeApp: "ERR_ACCESS_DENIED",
      spawn: "ERR_ACCESS_DENIED",
      forkBomb: "ERR_ACCESS_DENIED",
      nativeAddon: "ERR_DLOPEN_DISABLED",
      binding: "ERR_ACCESS_DENIED",
      database: "ERR_ACCESS_DENIED",
    });
    const pythonResult = await probeResult(python);
    expect(pythonResult).toMatchObject({
      dbUrl: null,
      authSecret: null,
      // Its own PID namespace: the runner's pid does not exist there; pid 1 is its own sandbox.
      runnerEnviron: expect.stringMatching(/FileNotFoundError|allowed:/) as unknown,
      pid1Secrets: "allowed:False",
      repoEnv: "FileNotFoundError",
      otherBot: "FileNotFoundError",
      // Refused, or (when the checkout itself lives under /tmp, as CI clones may) written into the
      // sandbox's private /tmp: the host checks below prove nothing reached the real repository.
      writeRepo: expect.stringMatching(/Error|^allowed:/) as unknown,
      writeApp: "OSError",
      database: "PermissionError",
      unixSocket: "PermissionError",
    });
    expect(existsSync(`${repo}/escaped.txt`)).toBe(false);
    expect(existsSync(`${repo}/escaped-py.txt`)).toBe(false);

    await stoppedWith(hog, /^Used more than 256 MB of memory\./);
    await stoppedWith(spinner, /^(Used more than 20% of a CPU core for 3 s|Event loop frozen for 4 s)\./);
    const floodLogs = await waitFor(
      () => logText(flood),
      (text) => /output lines dropped/.test(text),
      { timeoutMs: 15_000 },
    );
    // It prints about 200,000 lines a second; at most 500 a second are kept (how many depends on
    // how long the flood ran before this read), and the note counts the rest as dropped.
    const kept = floodLogs.split("\n").filter((line) => /flood \d+/.test(line)).length;
    const dropped = [...floodLogs.matchAll(/(\d+) output lines dropped/g)].reduce(
      (sum, match) => sum + Number(match[1]),
      0,
    );
    expect(dropped).toBeGreaterThan(kept);

    const after = await pings(3, good);
    // Printed, not asserted: how fast the neighbour answers is npm run bench:hostile's number.
    console.log(
      `!ping latency p95 (ms): before ${p95(before).toFixed(0)}, during ${p95(during).toFixed(0)}, after ${p95(after).toFixed(0)}`,
    );
    expect((await db.bot.findUniqueOrThrow({ where: { id: good } })).status).toBe("running");
    // About 20 s alone; starting the hostile bots beside the good one took over 30 s once in a CI
    // trial. The containment checks above are what the test is about, not its running time.
  }, 180_000);
});
