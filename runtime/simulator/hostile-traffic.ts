/**
 * Random and malformed traffic for the simulator (fast-check): gateway connections sending random,
 * broken and oversized frames (and raw websocket garbage over TCP), random REST requests as bots
 * and strangers, and random control-API requests. Shared by the simulator's fuzz integration test
 * (runtime/simulator/simulator.fuzz.integration.test.ts) and the end-to-end test of the whole
 * platform under attack (tests/e2e/platform-under-attack.spec.ts). Node only.
 */
import fc from "fast-check";

import type { BotCredentials } from "@/lib/simulator/types";
import { hostileText } from "@/tests/fuzz/arbitraries";

import { frame, gatewayClient, rawGateway } from "./hostile-support";

/** What the traffic aims at: one world's ids and bots, so some of it gets past the lookups. */
export interface HostileTargets {
  guildId: string;
  channels: string[];
  members: string[];
  /** Bots of that world, with credentials from the control API (tokens for the gateway and REST). */
  bots: BotCredentials[];
}

/** Text people and attackers send, with mentions and sizes past Discord's limits. */
export const hostileString = fc.oneof(
  hostileText(["<@123>", "@everyone", "x".repeat(2001), "x".repeat(70_000)], 30),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 101, 1001),
);

/** Any JSON value built from the above, a few levels deep. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
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
export function jsonText(value: fc.Arbitrary<unknown>): fc.Arbitrary<Buffer> {
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
export const gatewayFrame = fc.record({
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
export const rawWebsocketBytes = fc.oneof(
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

/**
 * One gateway connection: a websocket client (identified or not, as one of the bots) sending
 * random frames, or a raw socket sending raw websocket bytes, from a loopback address of its own.
 */
export const connectionScript = fc.record({
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

/** Ids the requests put in paths: mostly the target world's own (to get past the lookups), else junk. */
export function idArbitrary(targets: HostileTargets): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...targets.channels, targets.guildId, ...targets.members) },
    { weight: 1, arbitrary: fc.constantFrom(...targets.bots.map((creds) => creds.applicationId)) },
    { weight: 1, arbitrary: hostileString.map((text) => encodeURIComponent(text.toWellFormed()).slice(0, 200) || "x") },
    { weight: 1, arbitrary: fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String) },
    { weight: 1, arbitrary: segmentGarbage },
  );
}

export const restTemplates: [string, string][] = [
  ["GET", "/gateway/bot"],
  ["GET", "/users/@me"],
  ["GET", "/users/:id"],
  ["POST", "/users/@me/channels"],
  ["GET", "/channels/:id"],
  ["PATCH", "/channels/:id"],
  ["DELETE", "/channels/:id"],
  ["PUT", "/channels/:id/permissions/:id"],
  ["DELETE", "/channels/:id/permissions/:id"],
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

/** A REST request a bot (or a stranger) could send: any route, ids, query, auth, body and audit reason. */
export function restRequest(targets: HostileTargets) {
  return fc.record({
    template: fc.constantFrom(...restTemplates),
    ids: fc.array(idArbitrary(targets), { minLength: 5, maxLength: 5 }),
    query: queryArbitrary,
    auth: fc.oneof({ weight: 6, arbitrary: fc.nat() }, { weight: 1, arbitrary: fc.constantFrom("none", "garbage") }),
    payload: bodyAndType,
    reason: fc.option(
      hostileString.map((text) => encodeURIComponent(text.toWellFormed()).slice(0, 100)),
      { nil: undefined },
    ),
  });
}

export const controlTemplates: [string, string][] = [
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
  // Members using components, forms, reactions; the world's clock.
  ["POST", "/worlds/:w/channels/:id/messages/:id/click"],
  ["POST", "/worlds/:w/channels/:id/messages/:id/select"],
  ["PUT", "/worlds/:w/channels/:id/messages/:id/reactions/:id/:id"],
  ["DELETE", "/worlds/:w/channels/:id/messages/:id/reactions/:id/:id"],
  ["GET", "/worlds/:w/modals"],
  ["POST", "/worlds/:w/modals/:id"],
  ["DELETE", "/worlds/:w/modals/:id"],
  ["GET", "/worlds/:w/clock"],
  ["POST", "/worlds/:w/clock"],
];

/** A control-API body: the target world's channels and members, or anything. */
export const controlBody = (targets: HostileTargets) =>
  fc.record(
    {
      channelId: fc.oneof(fc.constantFrom(...targets.channels), hostileValue),
      authorId: fc.oneof(fc.constantFrom(...targets.members), hostileValue),
      content: hostileValue,
      guildId: fc.oneof(fc.constant("guild"), hostileValue),
      username: hostileValue,
      botId: hostileValue,
      name: hostileValue,
      options: hostileValue,
      customId: hostileValue,
      values: hostileValue,
      advanceMs: fc.oneof(hostileValue, fc.integer({ min: -1e6, max: 1e12 })),
    },
    { requiredKeys: [] },
  );

/** A control-API request: any route, the target world (mostly) or junk, a body, and now and then a wrong key. */
export function controlRequest(targets: HostileTargets, { world, controlKey }: { world: string; controlKey: string }) {
  return fc.record({
    template: fc.constantFrom(...controlTemplates),
    world: fc.oneof({ weight: 4, arbitrary: fc.constant(world) }, { weight: 1, arbitrary: idArbitrary(targets) }),
    ids: fc.array(idArbitrary(targets), { minLength: 4, maxLength: 4 }),
    body: fc.oneof(
      { weight: 3, arbitrary: controlBody(targets).map((value) => Buffer.from(JSON.stringify(value))) },
      { weight: 1, arbitrary: jsonText(hostileValue) },
    ),
    key: fc.oneof({ weight: 8, arbitrary: fc.constant(controlKey) }, { weight: 1, arbitrary: fc.constant("wrong") }),
  });
}

// ---------------------------------------------------------------------------------------------
// Sending it

export type ConnectionScript = typeof connectionScript extends fc.Arbitrary<infer T> ? T : never;
export type RestRequest = ReturnType<typeof restRequest> extends fc.Arbitrary<infer T> ? T : never;
export type ControlRequest = ReturnType<typeof controlRequest> extends fc.Arbitrary<infer T> ? T : never;

export interface ConnectionOutcome {
  /** Frames (or raw byte runs) sent before the server closed the connection. */
  frames: number;
  /** The HTTP status of a refused upgrade (429 past the per-address limits, say). */
  refusedWith?: number;
  /** The close code the server sent, if it closed the connection within the wait. */
  closeCode?: number;
}

/** Plays one connection script against the simulator at `simulatorUrl`, then hangs up. */
export async function runConnection(
  simulatorUrl: string,
  script: ConnectionScript,
  bots: BotCredentials[],
): Promise<ConnectionOutcome> {
  const outcome: ConnectionOutcome = { frames: 0 };
  const localAddress = `127.0.0.${script.address}`;
  if (script.raw) {
    const gateway = await rawGateway(simulatorUrl, localAddress).catch((error: Error) => {
      const status = /^no upgrade: HTTP\/1\.1 (\d{3})/.exec(error.message)?.[1];
      if (status) outcome.refusedWith = Number(status);
      return null;
    });
    if (!gateway) return outcome;
    for (const bytes of script.rawBytes) {
      if (gateway.socket.destroyed) break;
      gateway.socket.write(bytes);
      outcome.frames += 1;
    }
    await gateway.closed(300);
    outcome.closeCode = gateway.closeCode();
    gateway.socket.destroy();
    return outcome;
  }
  const creds = bots[script.bot % bots.length]!;
  const client = gatewayClient(creds.gatewayUrl, localAddress);
  client.socket.on("error", (error) => {
    const status = /^Unexpected server response: (\d{3})/.exec(error.message)?.[1];
    if (status) outcome.refusedWith = Number(status);
  });
  try {
    await client.opened;
  } catch {
    return outcome;
  }
  if (script.identify) {
    client.send(JSON.stringify({ op: 2, d: { token: creds.token, intents: 0b1_1111_1111_1111_1111, properties: {} } }));
    outcome.frames += 1;
  }
  for (const item of script.frames) {
    if (client.socket.readyState !== client.socket.OPEN) break;
    client.send(item.bytes, item.binary);
    outcome.frames += 1;
  }
  outcome.closeCode = await client.closedWith(300);
  client.socket.terminate();
  return outcome;
}

function restPath(template: string, ids: string[]): string {
  let index = 0;
  return template.replace(/:id/g, () => ids[index++] ?? "0");
}

/** Sends one REST request; its status and a one-line description for reports. */
export async function sendRest(
  simulatorUrl: string,
  request: RestRequest,
  bots: BotCredentials[],
): Promise<{ status: number; what: string }> {
  const [method, template] = request.template;
  const query = request.query
    .map(([key, value]) => `${key}=${value.startsWith("%") ? value : encodeURIComponent(value.toWellFormed())}`)
    .join("&");
  const path = `/api/v10${restPath(template, request.ids)}${query ? `?${query}` : ""}`;
  const headers: Record<string, string> = {};
  if (request.payload.type) headers["content-type"] = request.payload.type;
  if (typeof request.auth === "number") headers.authorization = `Bot ${bots[request.auth % bots.length]!.token}`;
  else if (request.auth === "garbage") headers.authorization = "Bot not.a.token";
  if (request.reason) headers["x-audit-log-reason"] = request.reason;
  const hasBody = method !== "GET" && method !== "HEAD";
  const response = await fetch(`${simulatorUrl}${path}`, {
    method,
    headers,
    body: hasBody ? new Uint8Array(request.payload.body) : undefined,
  });
  await response.arrayBuffer();
  return { status: response.status, what: `${method} ${path}` };
}

/** Sends one control-API request; its status and a one-line description for reports. */
export async function sendControl(
  simulatorUrl: string,
  request: ControlRequest,
): Promise<{ status: number; what: string }> {
  const [method, template] = request.template;
  let index = 0;
  const path = template.replace(":w", request.world).replace(/:id/g, () => request.ids[index++] ?? "0");
  const response = await fetch(`${simulatorUrl}/control${path}`, {
    method,
    headers: { authorization: `Bearer ${request.key}`, "content-type": "application/json" },
    body: method === "GET" ? undefined : new Uint8Array(request.body),
  });
  await response.arrayBuffer();
  return { status: response.status, what: `control ${method} ${path}` };
}
