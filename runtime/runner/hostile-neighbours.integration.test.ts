/**
 * Bots that try to hurt their neighbours, on the real runner, the real simulator and PostgreSQL:
 * analytics that overflow the roll-ups, a flood on the fd 3 channel, secrets cut by the line
 * splitter, host paths in stack traces, and a world grown without end. Each is contained: the
 * attacker gets errors, its neighbours' analytics are intact and they answer every `!ping`.
 */
import { realpathSync } from "node:fs";
import { resolve } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { setEnvVar } from "@/lib/bots/env-vars";
import { db } from "@/lib/db";
import { controlCaller } from "@/runtime/simulator/control-call";
import { simulatorLimits } from "@/runtime/simulator/limits";
import { startSimulator } from "@/runtime/simulator/server";

import { channelLimits } from "./channel";
import { p95, pingBot, pingRound } from "./hostile-support";
import { runtimeNodeModules } from "./paths";
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

let neighbour: string;
let attacker: string;
let simulator: TestSimulator;
let ids: Awaited<ReturnType<typeof worldIds>>;
let events: Awaited<ReturnType<typeof openEventText>>;
let runner: Runner;
let pingBotId: string;
const data = tempDataDir();

beforeAll(async () => {
  neighbour = await createUser("neighbour");
  attacker = await createUser("attacker");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, neighbour);
  events = await openEventText(simulator, neighbour);
  runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: { readyTimeoutMs: 20_000, stopGraceMs: 1000 },
  });
  pingBotId = await createBot(neighbour, [{ path: "index.js", content: pingBot }], { name: "good" });
  await runner.reconcile();
  await waitForStatus(pingBotId, "running", 30_000);
});

afterAll(async () => {
  await db.bot.updateMany({ where: { userId: { in: [neighbour, attacker] } }, data: { desiredState: "stopped" } });
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: { in: [neighbour, attacker] } } });
  data.remove();
});

const stay = { restartPolicy: "stay-stopped" };

/** Writes all of `text` to fd 3 (the preload made it non-blocking: retry while the pipe is full). */
const writeAll = `
const fs = require("node:fs");
function writeAll(text) {
  let buffer = Buffer.isBuffer(text) ? text : Buffer.from(text);
  while (buffer.length > 0) {
    try { buffer = buffer.subarray(fs.writeSync(3, buffer)); }
    catch (error) { if (error.code !== "EAGAIN") throw error; }
  }
}
`;

async function running(botId: string) {
  await runner.reconcile();
  await waitForStatus(botId, "running", 30_000).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}\n${(await logText(botId)).slice(-3000)}`);
  });
}

async function rollup(botId: string) {
  const rows = await db.botAnalyticsHourly.findMany({ where: { botId } });
  return {
    commands: rows.reduce((sum, row) => sum + row.commands, 0),
    messages: rows.reduce((sum, row) => sum + row.messages, 0),
    maxMessages: Math.max(0, ...rows.map((row) => row.messages)),
  };
}

describe("a bot cannot hurt its neighbours on the runner", () => {
  it("analytics that overflow the counters leave a neighbour's analytics intact and stored", async () => {
    const good = await createBot(
      neighbour,
      [
        {
          path: "index.js",
          content: `${writeAll}
writeAll(JSON.stringify({ type: "ready" }) + "\\n");
let sent = 0;
const timer = setInterval(() => {
  const at = new Date().toISOString();
  writeAll(JSON.stringify({ type: "analytics", events: [
    { kind: "command", at, name: "neighbour", guildId: "1", actorId: "100000000000000001", durationMs: 12, ok: true },
    { kind: "message", at, guildId: "1", actorId: "100000000000000002", count: 3 },
  ] }) + "\\n");
  if (++sent === 20) { clearInterval(timer); console.log("SENT 20"); }
}, 200);
setInterval(() => {}, 1000);
`,
        },
      ],
      { name: "analytics-neighbour", ...stay },
    );
    const evil = await createBot(
      attacker,
      [
        {
          path: "index.js",
          content: `${writeAll}
writeAll(JSON.stringify({ type: "ready" }) + "\\n");
const counts = [2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.MAX_VALUE, -1, -(2 ** 31), NaN, Infinity, 0.5, "7", null];
let round = 0;
const timer = setInterval(() => {
  const at = new Date().toISOString();
  const batch = [];
  for (let i = 0; i < 1000; i++) {
    const n = round * 1000 + i;
    if (i % 3 === 0) batch.push({ kind: "message", at, guildId: "1", actorId: String(10n ** 17n + BigInt(n)), count: counts[n % counts.length] });
    else if (i % 3 === 1) batch.push({ kind: "command", at, name: "x\\u0000\\ud800" + "y".repeat(500), guildId: "\\u0000", actorId: String(n), durationMs: [1e308, -5, 2 ** 40][n % 3], ok: "yes" });
    else batch.push({ kind: ["guild_join", "error", "nope"][n % 3], at: ["not a date", "9999-01-01T00:00:00Z", at][n % 3], name: "\\udfff" });
  }
  writeAll(JSON.stringify({ type: "analytics", events: batch }) + "\\n");
  if (++round === 40) { clearInterval(timer); console.log("ATTACKED"); }
}, 100);
setInterval(() => {}, 1000);
`,
        },
      ],
      { name: "analytics-overflow", ...stay },
    );
    await db.bot.updateMany({ where: { id: { in: [good, evil] } }, data: { desiredState: "running" } });
    await Promise.all([running(good), running(evil)]);
    await waitFor(
      () => Promise.all([logText(good), logText(evil)]),
      ([goodLogs, evilLogs]) => goodLogs.includes("SENT 20") && evilLogs.includes("ATTACKED"),
      { timeoutMs: 20_000 },
    );

    // Every event the neighbour sent is stored, however its flushes were shared with the attacker's.
    const stored = await waitFor(
      () => rollup(good),
      (value) => value.commands >= 20 && value.messages >= 60,
      { timeoutMs: 15_000 },
    ).catch(async (error: unknown) => {
      throw new Error(`${(error as Error).message}: neighbour's analytics were lost`);
    });
    expect(stored).toMatchObject({ commands: 20, messages: 60 });
    const raw = await db.botAnalyticsEvent.count({ where: { botId: good, kind: "command" } });
    expect(raw).toBe(20);

    // The attacker's own events are stored too, clamped: nothing overflowed.
    const evilRollup = await waitFor(
      () => rollup(evil),
      (value) => value.messages > 0,
    );
    expect(evilRollup.maxMessages).toBeLessThanOrEqual(2_147_483_647);
    const names = await db.botAnalyticsEvent.findMany({ where: { botId: evil }, select: { name: true }, take: 5 });
    for (const { name } of names) {
      expect(name).not.toContain("\u0000");
      expect(name.isWellFormed()).toBe(true);
    }
  });

  it("an fd 3 flood is bounded: the flooding bot gets errors, a neighbour answers every !ping, in order", async () => {
    const flood = await createBot(
      attacker,
      [
        {
          path: "index.js",
          content: `${writeAll}
writeAll(JSON.stringify({ type: "ready" }) + "\\n");
for (let i = 0; i < 2000; i++) writeAll("garbage line " + i + "\\n");
writeAll('{"type":"db","id":"x"}\\n{"type":"db","id":1e300,"op":"get","args":["k"]}\\n{"type":"shell"}\\n');
// One line of 100 MB.
const megabyte = Buffer.alloc(1024 * 1024, 97);
for (let i = 0; i < 100; i++) writeAll(megabyte);
writeAll("\\n");
const tally = { ok: 0, busy: 0, rate: 0, other: 0, otherMessages: [], seconds: 0 };
const calls = [];
let rounds = 0;
const floodStarted = Date.now();
const timer = setInterval(() => {
  for (let i = 0; i < 2000; i++) {
    calls.push(cipherDb.get("key-" + (i % 50)).then(
      () => { tally.ok += 1; },
      (error) => {
        if (/waiting/.test(error.message)) tally.busy += 1;
        else if (/a second/.test(error.message)) tally.rate += 1;
        else { tally.other += 1; if (tally.otherMessages.length < 3) tally.otherMessages.push(error.message); }
      },
    ));
  }
  if (++rounds === 40) {
    clearInterval(timer);
    Promise.all(calls).then(() => {
      tally.seconds = (Date.now() - floodStarted) / 1000;
      console.log("FLOOD " + JSON.stringify(tally));
    });
  }
}, 200);
setInterval(() => {}, 1000);
`,
        },
      ],
      { name: "fd3-flood", ...stay },
    );
    const where = { userId: neighbour, channelId: ids.general, authorId: ids.owner };
    const before = await pingRound(simulator, events, where, 3);
    expect(before.answered).toEqual(before.sent);
    const rssBefore = process.memoryUsage().rss;
    await db.bot.update({ where: { id: flood }, data: { desiredState: "running" } });
    await running(flood);
    const during = await pingRound(simulator, events, where, 8);
    const logs = await waitFor(
      () => logText(flood),
      (text) => text.includes("FLOOD "),
      { timeoutMs: 30_000 },
    );
    const rssAfter = process.memoryUsage().rss;
    const tally = JSON.parse(/FLOOD (.*)/.exec(logs)![1]!) as {
      ok: number;
      busy: number;
      rate: number;
      other: number;
      seconds: number;
    };
    console.log(
      `fd 3 flood: ${JSON.stringify(tally)}; !ping p95 before ${p95(before.latencies).toFixed(0)} ms, during ${p95(during.latencies).toFixed(0)} ms; runner RSS ${(rssBefore / 1e6).toFixed(0)} → ${(rssAfter / 1e6).toFixed(0)} MB`,
    );
    // Every call was answered; beyond the queue and the rate, with an error at once.
    expect(tally.ok + tally.busy + tally.rate + tally.other).toBe(80_000);
    expect(tally.other).toBe(0);
    expect(tally.busy + tally.rate).toBeGreaterThan(0);
    expect(tally.ok).toBeGreaterThan(100);
    // At most the burst plus the rate over the time the flood took, by the bot's own clock (from
    // before its first call to its last answer; a second more for the bucket's refill).
    expect(tally.ok).toBeLessThanOrEqual(
      channelLimits.callBurst + channelLimits.callsPerSecond * Math.ceil(tally.seconds + 1),
    );
    // The garbage and the 100 MB line were dropped and said so in the bot's own log.
    expect(logs).toMatch(/Ignored \d+ messages? on the runner's channel \(fd 3\)/);
    // Contained: the neighbour answered every message while the flood ran, once and in order (a
    // starved one falls silent). How fast is npm run bench:hostile's number, printed above.
    expect(during.answered, (await logText(pingBotId)).slice(-2000)).toEqual(during.sent);
    expect((await db.bot.findUniqueOrThrow({ where: { id: pingBotId } })).status).toBe("running");
    // A deadline for a busy machine (starting the flood, 11 paced pings, the flood's own run).
  }, 120_000);

  it("a token or secret variable cut by the line splitter never reaches the stored logs in any part", async () => {
    const botId = await createBot(
      attacker,
      [
        {
          path: "index.js",
          content: `
const token = process.env.DISCORD_TOKEN;
const secret = process.env.API_SECRET;
const lines = [];
for (const value of [token, secret]) {
  for (const at of [4096, 65536, 131072]) {
    for (const inside of [1, 3, 8, Math.floor(value.length / 2), value.length - 1]) {
      lines.push("x".repeat(at - inside) + value + "y".repeat(50));
    }
  }
}
lines.push("whole " + token + " and " + secret);
(async () => {
  for (const line of lines) await new Promise((resolve) => process.stdout.write(line + "\\n", resolve));
  console.log("DONE");
  ${readyLine}
})();
setInterval(() => {}, 1000);
`,
        },
      ],
      { name: "splitter-leak", ...stay, desiredState: "stopped" },
    );
    const secret = `sk_live_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
    await setEnvVar(attacker, botId, { key: "API_SECRET", value: secret, secret: true });
    await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
    await running(botId);
    const logs = await waitFor(
      () => logText(botId),
      (text) => text.includes("DONE"),
      { timeoutMs: 20_000 },
    );
    const credentials = await simulator.call<{ token: string }>("POST", `/bots/${botId}/credentials`);
    expect(logs).toContain("whole [redacted token] and [redacted secret]");
    for (const value of [credentials.token, secret]) {
      const pieces = Array.from({ length: value.length - 7 }, (_, i) => value.slice(i, i + 8));
      const leaked = pieces.filter((piece) => logs.includes(piece));
      expect(leaked, `parts of ${value === secret ? "the secret" : "the token"} in the logs`).toEqual([]);
    }
  });

  it("host paths never appear in a bot's logs", async () => {
    const botId = await createBot(
      attacker,
      [
        {
          path: "index.js",
          content: `
console.log("cwd " + process.cwd());
console.log("file " + __filename);
console.log("modules " + require.resolve("discord.js"));
${readyLine}
setTimeout(() => { throw new Error("boom from the bot"); }, 300);
`,
        },
      ],
      { name: "paths", ...stay },
    );
    await runner.reconcile();
    const logs = await waitFor(
      () => logText(botId),
      (text) => text.includes("boom from the bot") && /Status: crashed/.test(text),
      { timeoutMs: 20_000 },
    );
    for (const hostPath of [resolve(data.dir), realpathSync(data.dir), resolve("."), runtimeNodeModules()]) {
      expect(logs, hostPath).not.toContain(hostPath);
    }
    expect(logs).toContain("/bot/app/index.js");
  });
});

describe("the simulator caps a world's growth", () => {
  const key = "neighbours-test-control-key";
  let sim: Awaited<ReturnType<typeof startSimulator>>;
  let call: ReturnType<typeof controlCaller>;
  let owner: string;
  let bystander: string;

  beforeAll(async () => {
    // Route limits × 1000 (as bench:runtime does): the caps themselves are what is tested, not the pacing.
    sim = await startSimulator({
      port: 0,
      host: "127.0.0.1",
      controlKey: key,
      rateLimitFactor: 1000,
      idleWorldMs: 1000,
    });
    call = controlCaller(sim.url, key);
    owner = await createUser("world-grower");
    bystander = await createUser("bystander");
  });

  afterAll(async () => {
    await sim?.close();
    await db.user.deleteMany({ where: { id: { in: [owner, bystander] } } });
  });

  async function botToken(name: string): Promise<string> {
    const botId = await createBot(owner, [{ path: "index.js", content: "" }], { name, desiredState: "stopped" });
    return (await call<{ token: string }>("POST", `/bots/${botId}/credentials`)).token;
  }

  async function rest(token: string, method: string, path: string, body?: unknown, raw?: string) {
    for (;;) {
      const response = await fetch(`${sim.url}/api/v10${path}`, {
        method,
        headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
        body: raw ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
      const json = (await response.json().catch(() => null)) as { code?: number; retry_after?: number } | null;
      // The global limit (50 a second per bot) still applies: wait as discord.js would.
      if (response.status === 429) {
        await new Promise((done) => setTimeout(done, Math.ceil((json?.retry_after ?? 0.1) * 1000)));
        continue;
      }
      return { status: response.status, json };
    }
  }

  /** Calls `attempt` until it fails; how many succeeded and the failure. */
  async function untilRefused(attempt: (i: number) => ReturnType<typeof rest>, max: number) {
    for (let i = 0; i < max; i++) {
      const result = await attempt(i);
      if (result.status >= 400) return { created: i, refused: result };
    }
    return { created: max, refused: null };
  }

  it("refuses channels, roles, members and DM channels beyond the caps with Discord's errors", async () => {
    const [channelBot, roleBot, dmBotA, dmBotB] = (await Promise.all(
      ["channels", "roles", "dms-a", "dms-b"].map((name) => botToken(name)),
    )) as [string, string, string, string];
    const world = await call<{
      guilds: {
        id: string;
        channels: unknown[];
        roles: unknown[];
        members: { user: { id: string; bot?: boolean } }[];
      }[];
    }>("GET", `/worlds/${owner}`);
    const guild = world.guilds[0]!;

    // Members join until the server holds the most the simulator keeps.
    let joined = 0;
    for (;;) {
      try {
        await call("POST", `/worlds/${owner}/members`, { guildId: guild.id, username: `member-${joined}` });
        joined += 1;
      } catch (error) {
        expect((error as Error).message).toMatch(/: 400 .*most members/);
        break;
      }
      if (joined > simulatorLimits.membersPerGuild) throw new Error("no member cap");
    }
    const members = (
      await call<{ guilds: { members: { user: { id: string; bot?: boolean } }[] }[] }>("GET", `/worlds/${owner}`)
    ).guilds[0]!.members;
    expect(members).toHaveLength(simulatorLimits.membersPerGuild);
    const humans = members.filter((member) => !member.user.bot).map((member) => member.user.id);

    const [channels, roles, dmsA, dmsB] = await Promise.all([
      untilRefused((i) => rest(channelBot, "POST", `/guilds/${guild.id}/channels`, { name: `spam-${i}` }), 2000),
      untilRefused((i) => rest(roleBot, "POST", `/guilds/${guild.id}/roles`, { name: `role-${i}` }), 2000),
      untilRefused((i) => rest(dmBotA, "POST", "/users/@me/channels", { recipient_id: humans[i] }), humans.length),
      untilRefused((i) => rest(dmBotB, "POST", "/users/@me/channels", { recipient_id: humans[i] }), humans.length),
    ]);
    expect(channels.created + guild.channels.length).toBe(simulatorLimits.channelsPerGuild);
    expect(channels.refused).toMatchObject({ status: 400, json: { code: 30013 } });
    expect(roles.created + guild.roles.length).toBe(simulatorLimits.rolesPerGuild);
    expect(roles.refused).toMatchObject({ status: 400, json: { code: 30005 } });
    // Two bots, one DM channel with each member each: the world stops at its cap.
    expect(dmsA.created + dmsB.created).toBe(simulatorLimits.dmChannelsPerWorld);
    expect([dmsA.refused, dmsB.refused].filter(Boolean)).toContainEqual({
      status: 400,
      json: expect.objectContaining({ code: 40003 }) as unknown,
    });

    // Thousands of messages across those channels: the world keeps at most its cap.
    const all = (await call<{ guilds: { channels: { id: string }[] }[] }>("GET", `/worlds/${owner}`)).guilds[0]!
      .channels;
    const posts = Array.from({ length: simulatorLimits.messagesPerWorld + 1000 }, (_, i) => i);
    for (let start = 0; start < posts.length; start += 50) {
      await Promise.all(
        posts.slice(start, start + 50).map((i) =>
          call("POST", `/worlds/${owner}/messages`, {
            channelId: all[i % all.length]!.id,
            authorId: humans[0],
            content: `message ${i}`,
          }),
        ),
      );
    }
    const kept = await call<{ messages: Record<string, unknown[]> }>("GET", `/worlds/${owner}`);
    const total = Object.values(kept.messages).reduce((sum, list) => sum + list.length, 0);
    expect(total).toBeLessThanOrEqual(simulatorLimits.messagesPerWorld);
    expect(total).toBeGreaterThan(simulatorLimits.messagesPerWorld - 100);
  }, 120_000);

  it("refuses huge payloads with Discord's errors", async () => {
    const token = await botToken("payloads");
    const world = await call<{ guilds: { channels: { id: string; name: string }[] }[] }>("GET", `/worlds/${owner}`);
    const channel = world.guilds[0]!.channels.find((item) => item.name === "general")!.id;
    const huge = await rest(
      token,
      "POST",
      `/channels/${channel}/messages`,
      undefined,
      JSON.stringify({ content: "x", padding: "y".repeat(2 * 1024 * 1024) }),
    );
    expect(huge).toMatchObject({ status: 413, json: { code: 40005 } });
    const embed = await rest(token, "POST", `/channels/${channel}/messages`, {
      embeds: [{ title: "big", description: "d".repeat(4096) }, { description: "e".repeat(4000) }],
    });
    expect(embed).toMatchObject({ status: 400, json: { code: 50035 } });
    expect(JSON.stringify(embed.json)).toContain("MAX_EMBED_SIZE_EXCEEDED");
    const fields = await rest(token, "POST", `/channels/${channel}/messages`, {
      embeds: [{ description: "ok", image: { url: `https://example.com/${"z".repeat(100_000)}` } }],
    });
    expect(fields.status).toBe(400);
    const control = await fetch(`${sim.url}/control/worlds/${owner}/messages`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "x".repeat(2 * 1024 * 1024) }),
    });
    expect(control.status).toBe(413);
  });

  it("limits a bot's gateway sessions, payload size and payload rate", async () => {
    const token = await botToken("sessions");
    const botId = (await db.bot.findFirstOrThrow({ where: { userId: owner, name: "sessions" } })).id;
    type Outcome = { ready: boolean; closeCode: number | null; socket: WebSocket };
    const connect = () =>
      new Promise<Outcome>((done) => {
        const socket = new WebSocket(`${sim.url.replace(/^http/, "ws")}/gateway`);
        const outcome: Outcome = { ready: false, closeCode: null, socket };
        socket.on("open", () => socket.send(JSON.stringify({ op: 2, d: { token, intents: 513, properties: {} } })));
        socket.on("message", (raw) => {
          const payload = JSON.parse(raw.toString()) as { t?: string };
          if (payload.t === "READY") {
            outcome.ready = true;
            done(outcome);
          }
        });
        socket.on("close", (code) => {
          outcome.closeCode = code;
          done(outcome);
        });
      });
    const outcomes = await Promise.all(Array.from({ length: 30 }, connect));
    const ready = outcomes.filter((outcome) => outcome.ready);
    expect(ready).toHaveLength(simulatorLimits.sessionsPerBot);
    expect(outcomes.filter((outcome) => outcome.closeCode === 4008)).toHaveLength(30 - simulatorLimits.sessionsPerBot);
    expect((await call<{ sessions: number }>("GET", `/bots/${botId}/sessions`)).sessions).toBe(
      simulatorLimits.sessionsPerBot,
    );

    const closed = (socket: WebSocket) => new Promise<number>((done) => socket.once("close", (code) => done(code)));
    // A payload above 4,096 bytes: Discord's decode error.
    const big = ready[0]!.socket;
    const bigClosed = closed(big);
    big.send(JSON.stringify({ op: 1, d: null, padding: "p".repeat(5000) }));
    expect(await bigClosed).toBe(4002);
    // More than 120 payloads a minute: rate limited.
    const chatty = ready[1]!.socket;
    const chattyClosed = closed(chatty);
    for (let i = 0; i < 130; i++) chatty.send(JSON.stringify({ op: 1, d: i }));
    expect(await chattyClosed).toBe(4008);
    for (const outcome of outcomes) outcome.socket.terminate();
  });

  it("stays up for everyone else, and idle worlds leave memory but keep their data", async () => {
    expect(await call<{ ok: boolean }>("GET", "/health")).toEqual({ ok: true });
    const view = await call<{
      guilds: { channels: { id: string; name: string }[]; members: { user: { id: string; username: string } }[] }[];
    }>("GET", `/worlds/${bystander}`);
    const general = view.guilds[0]!.channels.find((channel) => channel.name === "general")!.id;
    const you = view.guilds[0]!.members.find((member) => member.user.username === "You")!.user.id;
    await call("POST", `/worlds/${bystander}/messages`, { channelId: general, authorId: you, content: "still here" });
    const loaded = sim.loadedWorlds();
    // Idle for longer than idleWorldMs (1 s in this test): the bystander's world leaves memory…
    await waitFor(
      async () => sim.loadedWorlds(),
      (count) => count < loaded,
      { timeoutMs: 10_000 },
    );
    // …and comes back from the database on its next use, messages and all.
    const again = await call<{ messages: Record<string, { content: string }[]> }>("GET", `/worlds/${bystander}`);
    expect(again.messages[general]?.map((message) => message.content)).toContain("still here");
  });
});
