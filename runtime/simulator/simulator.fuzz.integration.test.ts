/**
 * The real simulator process (node --import tsx runtime/simulator/main.ts, as npm start runs it)
 * under random and malformed traffic (fast-check): many websocket connections at once sending
 * random, broken and oversized frames (and raw websocket garbage over TCP), random REST and
 * control-API requests, and raw HTTP with broken request lines, headers, percent-encoding and
 * chunked bodies. It asserts the process never exits nor reaches its last-resort handlers, no
 * answer is a 5xx, a well-behaved bot connected throughout keeps getting its events, what was
 * accepted reads back exactly, and what was saved before is there after a restart.
 *
 * npm test runs a seeded, bounded pass; `npm run fuzz` many more (tests/fuzz/settings.ts).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { BotCredentials, WorldSnapshot } from "@/lib/simulator/types";
import { fuzzParameters, fuzzRuns, fuzzSeed } from "@/tests/fuzz/settings";

import { identifiedClient, rawRequest } from "./hostile-support";
import {
  connectionScript,
  controlRequest,
  hostileString,
  restRequest,
  runConnection as runScript,
  sendControl,
  sendRest as sendRestRequest,
  type ConnectionScript,
  type HostileTargets,
  type RestRequest,
} from "./hostile-traffic";
import { createBotRow, createOwner } from "./test-support";

const controlKey = randomBytes(32).toString("base64url");
const tokenKey = randomBytes(32).toString("base64url");

const counts = { requests: 0, rawRequests: 0, frames: 0, connections: 0, fiveXx: 0, unanswered: 0, unexpectedExits: 0 };
/** Everything every simulator process wrote, to look for its last-resort handlers' lines. */
const allOutput: string[] = [];
const fiveXx: string[] = [];

interface SimulatorProcess {
  child: ChildProcess;
  url: string;
  output: string[];
  /** Stopped on purpose (SIGTERM), not a crash. */
  stopping: boolean;
}

let sim: SimulatorProcess;
let watcherOwner: string;
let fuzzOwner: string;
let watcherCreds: BotCredentials;
const fuzzCreds: BotCredentials[] = [];
let watcher: Awaited<ReturnType<typeof identifiedClient>>;
let watcherIds: { general: string; sam: string };
let fuzzIds: { guildId: string; channels: string[]; members: string[] };

async function startProcess(): Promise<SimulatorProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", join(import.meta.dirname, "main.ts")], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      SIMULATOR_PORT: "0",
      SIMULATOR_HOST: "127.0.0.1",
      SIMULATOR_CONTROL_KEY: controlKey,
      SIMULATOR_TOKEN_KEY: tokenKey,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the simulator did not start:\n${output.join("")}`)), 30_000);
    const read = (chunk: Buffer) => {
      output.push(chunk.toString());
      if (/uncaught exception|unhandled rejection/.test(chunk.toString())) allOutput.push(chunk.toString());
      if (output.length > 2000) output.splice(0, 1000);
      const found = /● Simulator: (http:\/\/\S+)/.exec(output.join(""));
      if (found) {
        clearTimeout(timer);
        resolve(found[1]!);
      }
    };
    child.stdout!.on("data", read);
    child.stderr!.on("data", read);
    child.once("exit", (code) => reject(new Error(`the simulator exited (${code}):\n${output.join("")}`)));
  });
  const started: SimulatorProcess = { child, url, output, stopping: false };
  child.on("exit", () => {
    if (!started.stopping) counts.unexpectedExits += 1;
  });
  return started;
}

function alive(): boolean {
  return sim.child.exitCode === null && sim.child.signalCode === null;
}

async function controlCall<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const response = await fetch(`${sim.url}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${controlKey}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** How many answers had each status: shows how deep the random requests got (not only 400s and 401s). */
const statuses = new Map<number, number>();

function record(status: number, what: string): void {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  if (status >= 500) {
    counts.fiveXx += 1;
    if (fiveXx.length < 20) fiveXx.push(`${status} ${what}`);
  }
}

beforeAll(async () => {
  sim = await startProcess();
  watcherOwner = await createOwner("fuzz-watcher");
  fuzzOwner = await createOwner("fuzz-target");
  watcherCreds = (
    await controlCall<BotCredentials>("POST", `/bots/${await createBotRow(watcherOwner, "Watcher")}/credentials`)
  ).body;
  for (const name of ["FuzzA", "FuzzB", "FuzzC", "FuzzD", "FuzzE", "FuzzF"]) {
    fuzzCreds.push(
      (await controlCall<BotCredentials>("POST", `/bots/${await createBotRow(fuzzOwner, name)}/credentials`)).body,
    );
  }
  const watcherWorld = (await controlCall<WorldSnapshot>("GET", `/worlds/${watcherOwner}`)).body;
  const watcherGuild = watcherWorld.guilds[0]!;
  watcherIds = {
    general: watcherGuild.channels.find((channel) => channel.name === "general")!.id,
    sam: watcherGuild.members.find((member) => member.user.username === "Sam")!.user.id,
  };
  const fuzzGuild = (await controlCall<WorldSnapshot>("GET", `/worlds/${fuzzOwner}`)).body.guilds[0]!;
  fuzzIds = {
    guildId: fuzzGuild.id,
    channels: fuzzGuild.channels.map((channel) => channel.id),
    members: fuzzGuild.members.map((member) => member.user.id),
  };
  // What the watcher's owner saved before the flood: a message and a command.
  await controlCall("POST", `/worlds/${watcherOwner}/messages`, {
    channelId: watcherIds.general,
    authorId: watcherIds.sam,
    content: "saved before the flood",
  });
  const command = await fetch(`${sim.url}/api/v10/applications/${watcherCreds.applicationId}/commands`, {
    method: "PUT",
    headers: { authorization: `Bot ${watcherCreds.token}`, "content-type": "application/json" },
    body: JSON.stringify([{ name: "survive", description: "Registered before the flood" }]),
  });
  expect(command.status).toBe(200);
  watcher = await identifiedClient(watcherCreds.gatewayUrl, watcherCreds.token);
}, 60_000);

afterAll(async () => {
  watcher?.socket.close();
  if (sim && alive()) {
    sim.stopping = true;
    sim.child.kill("SIGTERM");
    await new Promise((resolve) => sim.child.once("exit", resolve));
  }
  await db.user.deleteMany({ where: { id: { in: [watcherOwner, fuzzOwner].filter(Boolean) } } });
  console.log(
    `[simulator fuzz] requests ${counts.requests + counts.rawRequests} (REST/control ${counts.requests}, raw HTTP ${counts.rawRequests}), ` +
      `gateway connections ${counts.connections}, frames ${counts.frames}, 5xx ${counts.fiveXx}, ` +
      `unanswered raw requests ${counts.unanswered}, crashes ${crashes()}; statuses ` +
      JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b))),
  );
}, 30_000);

/** Exits while fuzzing, plus anything that reached the process's last-resort handlers. */
function crashes(): number {
  const lastResort = (allOutput.join("").match(/uncaught exception|unhandled rejection/g) ?? []).length;
  return lastResort + counts.unexpectedExits;
}

/** The fuzz world's ids and bots, once beforeAll made them. */
function targets(): HostileTargets {
  return { ...fuzzIds, bots: fuzzCreds };
}

async function runConnection(script: ConnectionScript) {
  counts.connections += 1;
  const outcome = await runScript(sim.url, script, fuzzCreds);
  counts.frames += outcome.frames;
  if (outcome.refusedWith !== undefined) record(outcome.refusedWith, "gateway upgrade");
}

async function sendRest(request: RestRequest) {
  const { status, what } = await sendRestRequest(sim.url, request, fuzzCreds);
  counts.requests += 1;
  record(status, what);
  return status;
}

describe("the simulator process under hostile traffic", () => {
  it("survives random and malformed gateway frames from many connections at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(connectionScript, { minLength: 4, maxLength: 8 }), async (scripts) => {
        await Promise.all(scripts.map((script) => runConnection(script)));
        expect(alive()).toBe(true);
        expect(watcher.closeCode()).toBeUndefined();
      }),
      fuzzParameters(25),
    );
    // Then a flood: many more connections at once, all sending at the same time.
    const flood = fc.sample(connectionScript, { seed: fuzzSeed, numRuns: fuzzRuns(120) });
    await Promise.all(flood.map((script) => runConnection(script)));
    expect(alive()).toBe(true);
    expect(watcher.closeCode()).toBeUndefined();
  }, 120_000);

  it("answers random and malformed REST requests with 2xx–4xx, never 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(restRequest(targets()), { minLength: 4, maxLength: 10 }), async (requests) => {
        const statuses = await Promise.all(requests.map((request) => sendRest(request)));
        expect(statuses.filter((status) => status >= 500)).toEqual([]);
        expect(alive()).toBe(true);
      }),
      fuzzParameters(40),
    );
    expect(fiveXx).toEqual([]);
  }, 120_000);

  it("answers random control-API requests with 2xx–4xx, never 5xx", async () => {
    const arbitrary = controlRequest(targets(), { world: fuzzOwner, controlKey });
    await fc.assert(
      fc.asyncProperty(fc.array(arbitrary, { minLength: 4, maxLength: 10 }), async (requests) => {
        const statuses = await Promise.all(
          requests.map(async (request) => {
            const { status, what } = await sendControl(sim.url, request);
            counts.requests += 1;
            record(status, what);
            return status;
          }),
        );
        expect(statuses.filter((status) => status >= 500)).toEqual([]);
      }),
      fuzzParameters(30),
    );
    expect(fiveXx).toEqual([]);
  }, 120_000);

  it("answers raw HTTP with broken request lines, headers, percent-encoding and chunked bodies, never 5xx", async () => {
    const token = () => fuzzCreds[0]!.token;
    const line = fc.oneof(
      fc.constantFrom("GET", "POST", "PATCH", "PUT", "DELETE", "BREW", "G\u0000T", "").chain((method) =>
        fc
          .oneof(
            fc.constantFrom(
              "//[",
              "/api/v10/channels/%zz/messages",
              "/control/worlds/%ED%A0%80",
              "/api/v10/%",
              "*",
              "/api/v10/users/@me",
              `/api/v10/channels/${fuzzIds.channels[0]}/messages`,
            ),
            fc.string({ maxLength: 40 }).map((text) => `/${text}`),
          )
          .map((target) => `${method} ${target} HTTP/1.1`),
      ),
      fc.string({ unit: "binary", maxLength: 60 }),
    );
    const headerLines = fc.array(
      fc.oneof(
        fc.constantFrom(
          "Host: x",
          `Authorization: Bot ${token()}`,
          "Content-Type: application/json",
          "Content-Type: multipart/form-data",
          "Content-Length: -5",
          "Content-Length: 99999999999999999999",
          "Content-Length: 3",
          "Transfer-Encoding: chunked",
          "Transfer-Encoding: gzip, chunked",
          "X-Audit-Log-Reason: %00",
          `X-Big: ${"a".repeat(20_000)}`,
          "Bad Header: x",
          ": empty",
        ),
        fc.string({ unit: "binary", maxLength: 40 }),
      ),
      { maxLength: 6 },
    );
    const body = fc.oneof(
      fc.constant(""),
      fc.constantFrom(
        '{"content":"hi"}',
        '5\r\n{"con\r\n0\r\n\r\n',
        "zz\r\nxx\r\n",
        `${(2 * 1024 * 1024).toString(16)}\r\n`,
      ),
      fc.uint8Array({ maxLength: 100 }).map((bytes) => Buffer.from(bytes).toString("latin1")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(line, headerLines, body), { minLength: 4, maxLength: 10 }),
        async (requests) => {
          const responses = await Promise.all(
            requests.map(([requestLine, headers, requestBody]) =>
              rawRequest(
                sim.url,
                [Buffer.from(`${requestLine}\r\n${headers.join("\r\n")}\r\n\r\n${requestBody}`, "latin1")],
                {
                  timeoutMs: 1_000,
                },
              ),
            ),
          );
          for (const [index, response] of responses.entries()) {
            counts.rawRequests += 1;
            if (response.status === 0) counts.unanswered += 1;
            record(response.status, `raw ${JSON.stringify(requests[index]![0]).slice(0, 80)}`);
          }
          expect(responses.filter((response) => response.status >= 500)).toEqual([]);
          expect(alive()).toBe(true);
        },
      ),
      fuzzParameters(12),
    );
    // A chunked body over the limit, counted as it arrives: 413, not a crash or a 500.
    const chunk = "x".repeat(64 * 1024);
    const chunked = await rawRequest(
      sim.url,
      [
        `POST /api/v10/channels/${fuzzIds.channels[0]}/messages HTTP/1.1\r\nHost: x\r\nAuthorization: Bot ${token()}\r\n` +
          "Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
        ...Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`),
        "0\r\n\r\n",
      ],
      { timeoutMs: 10_000 },
    );
    counts.rawRequests += 1;
    expect(chunked.status).toBe(413);
  }, 120_000);

  it("reads back exactly what it accepted, and accepts text exactly when it can be stored", async () => {
    const content = fc.oneof(hostileString, fc.string({ unit: "grapheme", minLength: 1, maxLength: 50 }));
    await fc.assert(
      fc.asyncProperty(content, fc.nat(), fc.nat(), async (text, botIndex, channelIndex) => {
        const creds = fuzzCreds[botIndex % fuzzCreds.length]!;
        const world = (await controlCall<WorldSnapshot>("GET", `/worlds/${fuzzOwner}`)).body;
        counts.requests += 1;
        const guild = world.guilds[0]!;
        const channel = guild.channels[channelIndex % Math.max(1, guild.channels.length)];
        const author = guild.members.find((member) => !member.user.bot);
        if (!channel || !author) return;
        const said = await controlCall<{ id: string; content: string }>("POST", `/worlds/${fuzzOwner}/messages`, {
          channelId: channel.id,
          authorId: author.user.id,
          content: text,
        });
        counts.requests += 1;
        record(said.status, "control say");
        const storable = text.isWellFormed() && !text.includes("\u0000");
        const valid = storable && text.trim() !== "" && text.length <= 2000;
        expect(said.status).toBe(valid ? 200 : 400);
        if (said.status === 200) {
          const fetched = await fetch(`${sim.url}/api/v10/channels/${channel.id}/messages/${said.body.id}`, {
            headers: { authorization: `Bot ${creds.token}` },
          });
          counts.requests += 1;
          // The bot may have lost access to the channel to earlier fuzzing (overwrites, deletion).
          if (fetched.status === 200) expect(((await fetched.json()) as { content: string }).content).toBe(text);
          const snapshot = (await controlCall<WorldSnapshot>("GET", `/worlds/${fuzzOwner}`)).body;
          counts.requests += 1;
          expect(snapshot.messages[channel.id]?.find((message) => message.id === said.body.id)?.content).toBe(text);
        }
      }),
      fuzzParameters(30),
    );
  }, 120_000);

  it("after the flood: the watcher still gets its events, and what was saved survives a restart", async () => {
    expect(alive()).toBe(true);
    const content = `after the flood ${Date.now()}`;
    await controlCall("POST", `/worlds/${watcherOwner}/messages`, {
      channelId: watcherIds.general,
      authorId: watcherIds.sam,
      content,
    });
    const started = Date.now();
    while (
      !watcher.frames.some(
        (item) => item.t === "MESSAGE_CREATE" && (item.d as { content?: string }).content === content,
      )
    ) {
      if (Date.now() - started > 10_000) throw new Error("the watcher never got the message posted after the flood");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(watcher.closeCode()).toBeUndefined();
    expect(crashes()).toBe(0);
    expect(counts.fiveXx).toBe(0);

    // A clean stop saves every world; a new process loads them.
    watcher.socket.close();
    sim.stopping = true;
    sim.child.kill("SIGTERM");
    const code = await new Promise<number | null>((resolve) => sim.child.once("exit", resolve));
    expect(code).toBe(0);
    sim = await startProcess();
    const world = (await controlCall<WorldSnapshot>("GET", `/worlds/${watcherOwner}`)).body;
    expect(world.messages[watcherIds.general]?.map((message) => message.content)).toEqual([
      "saved before the flood",
      content,
    ]);
    expect(world.bots[0]?.commands.map((command) => command.name)).toEqual(["survive"]);
    expect(crashes()).toBe(0);
  }, 60_000);
});
