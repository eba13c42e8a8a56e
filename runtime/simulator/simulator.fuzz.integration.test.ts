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
import { hostileText } from "@/tests/fuzz/arbitraries";
import { fuzzParameters, fuzzRuns, fuzzSeed } from "@/tests/fuzz/settings";

import { frame, gatewayClient, identifiedClient, rawGateway, rawRequest } from "./hostile-support";
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

// ---------------------------------------------------------------------------------------------
// Generators

const hostileString = fc.oneof(
  hostileText(["<@123>", "@everyone", "x".repeat(2001), "x".repeat(70_000)], 30),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 101, 1001),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(hostileString, tie("value"), { maxKeys: 4 }),
  ),
})).value;

/** JSON text, sometimes broken: deep nesting, NUL escapes, truncation, bytes that are not UTF-8. */
function jsonText(value: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> {
  return fc.oneof(
    value.map((item) => Buffer.from(JSON.stringify(item) ?? "null")),
    value.map((item) => Buffer.from((JSON.stringify(item) ?? "null").slice(0, -1))),
    fc.integer({ min: 60, max: 20_000 }).map((depth) => Buffer.from(`{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`)),
    fc
      .constantFrom('{"content":"\\u0000"}', '{"content":"\\ud800"}', "null", "[]", "5", '""', "{}")
      .map((text) => Buffer.from(text)),
    fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
    value.map((item) => Buffer.concat([Buffer.from(JSON.stringify(item) ?? ""), Buffer.from([0xff, 0xc3])])),
  );
}

const clientOp = fc.oneof(fc.constantFrom(1, 2, 3, 4, 6, 8, 31, 43), fc.integer({ min: -5, max: 60 }), hostileValue);

const gatewayPayload = fc.record(
  {
    op: clientOp,
    d: fc.oneof(
      hostileValue,
      fc.record(
        {
          guild_id: fc.oneof(hostileValue, fc.constant("0")),
          query: hostileValue,
          limit: hostileNumber,
          user_ids: hostileValue,
          nonce: hostileValue,
        },
        { requiredKeys: [] },
      ),
      fc.record(
        { token: hostileValue, intents: hostileNumber, session_id: hostileValue, seq: hostileNumber },
        { requiredKeys: [] },
      ),
    ),
    s: hostileValue,
    t: hostileValue,
  },
  { requiredKeys: [] },
);

/** One frame a gateway client sends: bytes and whether it goes as binary. */
const gatewayFrame = fc.record({
  bytes: fc.oneof(
    { weight: 4, arbitrary: gatewayPayload.map((payload) => Buffer.from(JSON.stringify(payload))) },
    { weight: 2, arbitrary: jsonText(hostileValue) },
    { weight: 1, arbitrary: fc.constantFrom(Buffer.from('{"op":1,"d":null}')) },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: 4097, max: 70_000 })
        .map((size) => Buffer.from(`{"op":1,"d":"${"x".repeat(size)}"}`)),
    },
  ),
  binary: fc.boolean(),
});

/** Raw websocket bytes after a good handshake: frames with any header, or plain garbage. */
const rawWebsocketBytes = fc.oneof(
  fc
    .record({
      opcode: fc.integer({ min: 0, max: 15 }),
      rsv: fc.integer({ min: 0, max: 7 }),
      mask: fc.boolean(),
      fin: fc.boolean(),
      payload: fc.uint8Array({ maxLength: 200 }),
      announcedLength: fc.option(fc.bigInt({ min: 0n, max: 2n ** 63n - 1n }), { nil: undefined }),
    })
    .map((options) => frame({ ...options, payload: Buffer.from(options.payload) })),
  fc.uint8Array({ minLength: 1, maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
);

const connectionScript = fc.record({
  raw: fc.boolean(),
  identify: fc.boolean(),
  bot: fc.nat(),
  address: fc.integer({ min: 2, max: 40 }),
  frames: fc.array(gatewayFrame, { maxLength: 24 }),
  rawBytes: fc.array(rawWebsocketBytes, { minLength: 1, maxLength: 4 }),
});

// ---------------------------------------------------------------------------------------------
// REST and control-API requests

const segmentGarbage = fc.constantFrom(
  "%zz",
  "%00",
  "%ED%A0%80",
  "%E0%A4%A",
  "%",
  "..",
  "%2F",
  "%F0%9F%98%80",
  "@me",
  "@original",
);

function idArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...fuzzIds.channels, fuzzIds.guildId, ...fuzzIds.members) },
    { weight: 1, arbitrary: fc.constantFrom(...fuzzCreds.map((creds) => creds.applicationId)) },
    { weight: 1, arbitrary: hostileString.map((text) => encodeURIComponent(text.toWellFormed()).slice(0, 200) || "x") },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String) },
    { weight: 1, arbitrary: segmentGarbage },
  );
}

const restTemplates: [string, string][] = [
  ["GET", "/gateway/bot"],
  ["GET", "/users/@me"],
  ["GET", "/users/:id"],
  ["POST", "/users/@me/channels"],
  ["GET", "/channels/:id"],
  ["PATCH", "/channels/:id"],
  ["DELETE", "/channels/:id"],
  ["GET", "/channels/:id/messages"],
  ["POST", "/channels/:id/messages"],
  ["POST", "/channels/:id/messages/bulk-delete"],
  ["GET", "/channels/:id/messages/:id"],
  ["PATCH", "/channels/:id/messages/:id"],
  ["DELETE", "/channels/:id/messages/:id"],
  ["PUT", "/channels/:id/messages/:id/reactions/:id/@me"],
  ["GET", "/channels/:id/messages/:id/reactions/:id"],
  ["POST", "/channels/:id/typing"],
  ["GET", "/guilds/:id"],
  ["GET", "/guilds/:id/channels"],
  ["POST", "/guilds/:id/channels"],
  ["PATCH", "/guilds/:id/channels"],
  ["GET", "/guilds/:id/roles"],
  ["POST", "/guilds/:id/roles"],
  ["PATCH", "/guilds/:id/roles/:id"],
  ["GET", "/guilds/:id/members"],
  ["PATCH", "/guilds/:id/members/:id"],
  ["PUT", "/guilds/:id/members/:id/roles/:id"],
  ["PUT", "/guilds/:id/bans/:id"],
  ["GET", "/guilds/:id/bans"],
  ["GET", "/applications/:id/commands"],
  ["POST", "/applications/:id/commands"],
  ["PUT", "/applications/:id/commands"],
  ["POST", "/applications/:id/guilds/:id/commands"],
  ["POST", "/interactions/:id/:id/callback"],
  ["POST", "/webhooks/:id/:id"],
  ["PATCH", "/webhooks/:id/:id/messages/:id"],
  ["GET", "/nope/:id"],
];

const messageBody = fc.record(
  {
    content: hostileValue,
    embeds: fc.oneof(fc.constant([null]), fc.array(hostileValue, { maxLength: 3 }), hostileValue),
    components: fc.oneof(fc.constant([null]), fc.array(hostileValue, { maxLength: 3 }), hostileValue),
    message_reference: hostileValue,
    attachments: hostileValue,
    permission_overwrites: fc.oneof(
      fc.array(fc.record({ id: hostileValue, type: hostileValue, allow: hostileValue, deny: hostileValue }), {
        maxLength: 2,
      }),
      hostileValue,
    ),
    permissions: hostileValue,
    name: hostileValue,
    description: hostileValue,
    options: hostileValue,
    type: hostileValue,
    roles: hostileValue,
    nick: hostileValue,
    data: hostileValue,
    recipient_id: hostileValue,
    messages: hostileValue,
    delete_message_seconds: hostileNumber,
  },
  { requiredKeys: [] },
);

const bodyAndType = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      body: messageBody.map((value) => Buffer.from(JSON.stringify(value))),
      type: fc.constant("application/json"),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ body: jsonText(hostileValue), type: fc.constantFrom("application/json", "text/plain", "") }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      body: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
      type: fc.constantFrom("multipart/form-data", "multipart/form-data; boundary=x", "multipart/form-data; boundary="),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ body: Buffer.alloc(0), type: "application/json" }) },
);

const queryArbitrary = fc.array(
  fc.tuple(
    fc.constantFrom("limit", "before", "after", "around", "with_response", "with_counts", "x"),
    fc.oneof(hostileString, fc.constantFrom("abc", "1e5", "-1", "0", "101", "50", "99999999999999999999999", "%zz")),
  ),
  { maxLength: 3 },
);

function restRequest() {
  return fc.record({
    template: fc.constantFrom(...restTemplates),
    ids: fc.array(idArbitrary(), { minLength: 5, maxLength: 5 }),
    query: queryArbitrary,
    auth: fc.oneof({ weight: 6, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom("none", "garbage") }),
    payload: bodyAndType,
    reason: fc.option(
      hostileString.map((text) => encodeURIComponent(text.toWellFormed()).slice(0, 100)),
      { nil: undefined },
    ),
  });
}

const controlTemplates: [string, string][] = [
  ["GET", "/health"],
  ["GET", "/worlds/:w"],
  ["POST", "/worlds/:w/messages"],
  ["POST", "/worlds/:w/interactions"],
  ["POST", "/worlds/:w/members"],
  ["DELETE", "/worlds/:w/members/:id/:id"],
  ["POST", "/worlds/:w/reset"],
  ["POST", "/bots/:id/credentials"],
  ["GET", "/bots/:id/sessions"],
  ["PUT", "/worlds/:w"],
];

/** Built once the fuzz world's ids are known. */
const controlBody = () =>
  fc.record(
    {
      channelId: fc.oneof(fc.constantFrom(...fuzzIds.channels), hostileValue),
      authorId: fc.oneof(fc.constantFrom(...fuzzIds.members), hostileValue),
      content: hostileValue,
      guildId: fc.oneof(fc.constant("guild"), hostileValue),
      username: hostileValue,
      botId: hostileValue,
      name: hostileValue,
      options: hostileValue,
    },
    { requiredKeys: [] },
  );

// ---------------------------------------------------------------------------------------------

type ConnectionScript = typeof connectionScript extends fc.Arbitrary<infer T> ? T : never;
type RestRequest = ReturnType<typeof restRequest> extends fc.Arbitrary<infer T> ? T : never;

async function runConnection(script: ConnectionScript) {
  counts.connections += 1;
  const localAddress = `127.0.0.${script.address}`;
  if (script.raw) {
    const gateway = await rawGateway(sim.url, localAddress).catch(() => null);
    if (!gateway) return;
    for (const bytes of script.rawBytes) {
      if (gateway.socket.destroyed) break;
      gateway.socket.write(bytes);
      counts.frames += 1;
    }
    await gateway.closed(300);
    gateway.socket.destroy();
    return;
  }
  const creds = fuzzCreds[script.bot % fuzzCreds.length]!;
  const client = gatewayClient(creds.gatewayUrl, localAddress);
  try {
    await client.opened;
  } catch {
    return;
  }
  if (script.identify) {
    client.send(JSON.stringify({ op: 2, d: { token: creds.token, intents: 0b1_1111_1111_1111_1111, properties: {} } }));
    counts.frames += 1;
  }
  for (const item of script.frames) {
    if (client.socket.readyState !== client.socket.OPEN) break;
    client.send(item.bytes, item.binary);
    counts.frames += 1;
  }
  await client.closedWith(300);
  client.socket.terminate();
}

function restPath(template: string, ids: string[]): string {
  let index = 0;
  return template.replace(/:id/g, () => ids[index++] ?? "0");
}

async function sendRest(request: RestRequest) {
  const [method, template] = request.template;
  const query = request.query
    .map(([key, value]) => `${key}=${value.startsWith("%") ? value : encodeURIComponent(value.toWellFormed())}`)
    .join("&");
  const path = `/api/v10${restPath(template, request.ids)}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = {};
  if (request.payload.type) headers["content-type"] = request.payload.type;
  if (typeof request.auth === "number")
    headers.authorization = `Bot ${fuzzCreds[request.auth % fuzzCreds.length]!.token}`;
  else if (request.auth === "garbage") headers.authorization = "Bot not.a.token";
  if (request.reason) headers["x-audit-log-reason"] = request.reason;
  const hasBody = method !== "GET" && method !== "HEAD";
  const response = await fetch(`${sim.url}${path}`, {
    method,
    headers,
    body: hasBody ? new Uint8Array(request.payload.body) : undefined,
  });
  await response.arrayBuffer();
  counts.requests += 1;
  record(response.status, `${method} ${path}`);
  return response.status;
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
      fc.asyncProperty(fc.array(restRequest(), { minLength: 4, maxLength: 10 }), async (requests) => {
        const statuses = await Promise.all(requests.map((request) => sendRest(request)));
        expect(statuses.filter((status) => status >= 500)).toEqual([]);
        expect(alive()).toBe(true);
      }),
      fuzzParameters(40),
    );
    expect(fiveXx).toEqual([]);
  }, 120_000);

  it("answers random control-API requests with 2xx–4xx, never 5xx", async () => {
    const arbitrary = fc.record({
      template: fc.constantFrom(...controlTemplates),
      world: fc.oneof({ weight: 4, arbitrary: fc.constant(fuzzOwner) }, { weight: 1, arbitrary: idArbitrary() }),
      ids: fc.array(idArbitrary(), { minLength: 2, maxLength: 2 }),
      body: fc.oneof(
        { weight: 3, arbitrary: controlBody().map((value) => Buffer.from(JSON.stringify(value))) },
        { weight: 1, arbitrary: jsonText(hostileValue) },
      ),
      key: fc.oneof({ weight: 8, arbitrary: fc.constant(controlKey) }, { weight: 1, arbitrary: fc.constant("wrong") }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(arbitrary, { minLength: 4, maxLength: 10 }), async (requests) => {
        const statuses = await Promise.all(
          requests.map(async (request) => {
            const [method, template] = request.template;
            let index = 0;
            const path = template.replace(":w", request.world).replace(/:id/g, () => request.ids[index++] ?? "0");
            const response = await fetch(`${sim.url}/control${path}`, {
              method,
              headers: { authorization: `Bearer ${request.key}`, "content-type": "application/json" },
              body: method === "GET" ? undefined : new Uint8Array(request.body),
            });
            await response.arrayBuffer();
            counts.requests += 1;
            record(response.status, `control ${method} ${path}`);
            return response.status;
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
