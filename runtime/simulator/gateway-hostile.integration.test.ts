/**
 * The gateway survives anything a client sends: each broken frame closes only its own session
 * with Discord's close code, websocket protocol errors never throw out of the process, and a
 * well-behaved bot connected throughout keeps getting its events.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { BotCredentials } from "@/lib/simulator/types";

import { frame, gatewayClient, identifiedClient, rawGateway, rawRequest } from "./hostile-support";
import { simulatorLimits } from "./limits";
import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let creds: BotCredentials;
let general: string;
let sam: string;
let watcher: Awaited<ReturnType<typeof identifiedClient>>;
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on("uncaughtException", onUncaught);
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey, persist: false });
  owner = await createOwner("gateway-hostile");
  creds = await control(sim.url).credentials(await createBotRow(owner, "Watcher"));
  const guild = (await control(sim.url).world(owner)).guilds[0]!;
  general = guild.channels.find((channel) => channel.name === "general")!.id;
  sam = guild.members.find((member) => member.user.username === "Sam")!.user.id;
  watcher = await identifiedClient(creds.gatewayUrl, creds.token);
});

afterAll(async () => {
  process.off("uncaughtException", onUncaught);
  watcher?.socket.close();
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

/** A fresh connection that sends `data` once HELLO arrived; resolves with its close code. */
async function closeCodeFor(data: string | Buffer, options: { binary?: boolean; identify?: boolean } = {}) {
  const client = options.identify
    ? await identifiedClient(creds.gatewayUrl, creds.token)
    : gatewayClient(creds.gatewayUrl);
  await client.opened;
  client.send(data, options.binary);
  return client.closedWith();
}

/** The watcher, identified before every test, still gets a message posted now. */
async function watcherStillServed(content: string) {
  await control(sim.url).say(owner, general, sam, content);
  const started = Date.now();
  while (
    !watcher.frames.some((item) => item.t === "MESSAGE_CREATE" && (item.d as { content?: string }).content === content)
  ) {
    if (Date.now() - started > 5_000) throw new Error(`the watcher never got "${content}"`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(watcher.closeCode()).toBeUndefined();
  expect(uncaught).toEqual([]);
}

describe("the gateway decodes every frame in one place", () => {
  it("closes a frame that is not UTF-8 with 4002 (text or binary), and only that session", async () => {
    expect(await closeCodeFor(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]))).toBe(4002);
    expect(await closeCodeFor(Buffer.from([0xc3, 0x28]), { binary: true })).toBe(4002);
    await watcherStillServed("after bad utf-8");
  });

  it("closes JSON it cannot parse with 4002", async () => {
    expect(await closeCodeFor('{"op": 1, "d": ')).toBe(4002);
    expect(await closeCodeFor("")).toBe(4002);
    await watcherStillServed("after bad json");
  });

  it("closes a payload that is not an object (null, [], 5, a string) with 4002", async () => {
    for (const payload of ["null", "[]", "5", '"op"', "true"]) expect(await closeCodeFor(payload)).toBe(4002);
    await watcherStillServed("after non-objects");
  });

  it("closes JSON nested deeper than the limit with 4002, before parsing it", async () => {
    const deep = `{"op":1,"d":${"[".repeat(2000)}${"]".repeat(2000)}}`;
    expect(deep.length).toBeLessThan(simulatorLimits.gatewayPayloadBytes);
    expect(await closeCodeFor(deep)).toBe(4002);
    await watcherStillServed("after deep json");
  });

  it("closes an unknown opcode with 4001, before and after identifying", async () => {
    expect(await closeCodeFor('{"op": 99, "d": null}')).toBe(4001);
    expect(await closeCodeFor('{"op": "1", "d": null}')).toBe(4001);
    expect(await closeCodeFor('{"op": 0, "d": {}}', { identify: true })).toBe(4001);
    await watcherStillServed("after unknown opcodes");
  });

  it("closes anything but a heartbeat, IDENTIFY or RESUME before identifying with 4003", async () => {
    expect(await closeCodeFor('{"op": 8, "d": {"guild_id": "1", "query": "", "limit": 0}}')).toBe(4003);
    expect(await closeCodeFor('{"op": 3, "d": {"status": "online"}}')).toBe(4003);
    const beating = gatewayClient(creds.gatewayUrl);
    await beating.opened;
    beating.send('{"op": 1, "d": null}');
    expect(await beating.closedWith(500)).toBeUndefined();
    expect(beating.frames.some((item) => item.op === 11)).toBe(true);
    beating.socket.close();
    await watcherStillServed("after early payloads");
  });

  it("closes a payload over 4,096 bytes with 4002 and a frame over maxPayload with 1009", async () => {
    expect(await closeCodeFor(`{"op":1,"d":"${"x".repeat(5000)}"}`)).toBe(4002);
    expect(await closeCodeFor(`{"op":1,"d":"${"x".repeat(simulatorLimits.gatewayFrameBytes + 10)}"}`)).toBe(1009);
    await watcherStillServed("after big frames");
  });

  it("closes a connection sending more than 120 payloads a minute with 4008", async () => {
    const client = gatewayClient(creds.gatewayUrl);
    await client.opened;
    for (let index = 0; index <= simulatorLimits.gatewayPayloadsPerMinute; index++) client.send('{"op":1,"d":null}');
    expect(await client.closedWith()).toBe(4008);
    await watcherStillServed("after a flood");
  });
});

describe("websocket protocol errors never throw out of the process", () => {
  const cases: [string, Buffer][] = [
    ["a reserved opcode", frame({ opcode: 0x3, payload: "x" })],
    ["RSV bits set", frame({ opcode: 0x1, payload: '{"op":1,"d":null}', rsv: 0b111 })],
    ["an unmasked client frame", frame({ opcode: 0x1, payload: '{"op":1,"d":null}', mask: false })],
    ["an invalid close code", frame({ opcode: 0x8, payload: Buffer.from([0x03, 0xe7]) })],
    ["a close code reserved for the library (1005)", frame({ opcode: 0x8, payload: Buffer.from([0x03, 0xed]) })],
    ["a header announcing gigabytes", frame({ opcode: 0x2, announcedLength: 2n ** 62n })],
    ["a fragmented control frame", frame({ opcode: 0x9, payload: "ping", fin: false })],
    ["a continuation with nothing to continue", frame({ opcode: 0x0, payload: "x" })],
  ];
  for (const [name, bytes] of cases) {
    it(`survives ${name}: that connection is destroyed, the others carry on`, async () => {
      const gateway = await rawGateway(sim.url);
      gateway.socket.write(bytes);
      expect(await gateway.closed()).toBe(true);
      await watcherStillServed(`after ${name}`);
    });
  }

  it("answers an upgrade whose URL does not parse with 400, and one to another path with 404", async () => {
    const upgrade = (target: string) =>
      rawRequest(sim.url, [
        `GET ${target} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ]);
    expect((await upgrade("//[")).status).toBe(400);
    expect((await upgrade("/gateway%ff")).status).toBe(400);
    expect((await upgrade("/elsewhere")).status).toBe(404);
    const noKey = await rawRequest(sim.url, [
      "GET /gateway HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n",
    ]);
    expect(noKey.status).toBe(400);
    await watcherStillServed("after broken upgrades");
  });
});

describe("per-IP connection caps", () => {
  it("refuses new connections from one address beyond its burst with 429, other addresses still connect", async () => {
    // 127.0.0.2 is loopback too: its cap is its own, so the watcher (127.0.0.1) is not affected.
    const statuses = await Promise.all(
      Array.from({ length: simulatorLimits.gatewayConnectsPerIpBurst + 100 }, () =>
        rawGateway(sim.url, "127.0.0.2").then(
          (gateway) => (gateway.socket.destroy(), 101),
          (error: Error) => Number(/no upgrade: HTTP\/1.1 (\d+)/.exec(error.message)?.[1] ?? 0),
        ),
      ),
    );
    expect(statuses.filter((status) => status === 101).length).toBeGreaterThanOrEqual(
      simulatorLimits.gatewayConnectsPerIpBurst,
    );
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 101 || status === 429)).toBe(true);
    const other = await rawGateway(sim.url, "127.0.0.3");
    other.socket.destroy();
    await watcherStillServed("after a connection burst");
  });
});
