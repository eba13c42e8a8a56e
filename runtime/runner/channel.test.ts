import { Duplex } from "node:stream";

import { describe, expect, it } from "vitest";

import { TokenBucket } from "@/lib/rate-limit/token-bucket";

import { parseAnalyticsEvents } from "./analytics";
import { attachChannel, boundedLineSplitter, channelLimits, parseChannelLine } from "./channel";

/** A bot's fd 3 as the runner sees it: lines pushed in, answers collected. */
function fakeChannel() {
  const written: string[] = [];
  const channel = new Duplex({
    read() {},
    write(chunk: Buffer | string, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  const answers = () =>
    written
      .join("")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { id: number; ok: boolean; error?: string; name?: string; value?: unknown });
  return { channel, written, answers, send: (text: string) => channel.push(text) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function handlers(overrides: Partial<Parameters<typeof attachChannel>[1]> = {}) {
  const seen = {
    ready: 0,
    heartbeats: [] as (number | null | undefined)[],
    analytics: 0,
    alive: 0,
    logs: [] as string[],
  };
  return {
    seen,
    handlers: {
      onAlive: () => (seen.alive += 1),
      onReady: () => (seen.ready += 1),
      onHeartbeat: (ping: number | null | undefined) => seen.heartbeats.push(ping),
      onAnalytics: () => (seen.analytics += 1),
      onRequest: async () => "value",
      log: (line: string) => seen.logs.push(line),
      ...overrides,
    },
  };
}

describe("fd 3 message schema", () => {
  it("accepts what the preload and sitecustomize send", () => {
    expect(parseChannelLine('{"type":"heartbeat","pingMs":12}')).toEqual({ type: "heartbeat", pingMs: 12 });
    expect(parseChannelLine('{"type":"heartbeat","pingMs":null}')).toMatchObject({ type: "heartbeat" });
    expect(parseChannelLine('{"type":"ready","user":{"id":"1","tag":"bot#0001"}}')).toMatchObject({ type: "ready" });
    expect(parseChannelLine('{"type":"ready","user":null}')).toMatchObject({ type: "ready" });
    expect(parseChannelLine('{"type":"login"}')).toEqual({ type: "login" });
    expect(parseChannelLine('{"type":"analytics","events":[{"kind":"message","count":1}]}')).toMatchObject({
      type: "analytics",
    });
    expect(parseChannelLine('{"type":"db","id":3,"op":"list","args":["a:",{"limit":5}]}')).toMatchObject({
      type: "db",
      id: 3,
      op: "list",
    });
  });

  it("refuses anything else", () => {
    for (const line of [
      "not json",
      "null",
      "[]",
      '"ready"',
      '{"type":"shell","cmd":"id"}',
      '{"type":"heartbeat","pingMs":"fast"}',
      '{"type":"ready","user":{"id":{"$gt":""},"tag":"x"}}',
      '{"type":"db","id":-1,"op":"get","args":["k"]}',
      '{"type":"db","id":1.5,"op":"get","args":["k"]}',
      '{"type":"db","id":"1","op":"get","args":["k"]}',
      '{"type":"db","id":1,"op":"drop","args":[]}',
      '{"type":"db","id":1,"op":"get","args":"k"}',
      '{"type":"db","id":1,"op":"get","args":[1,2,3,4]}',
      '{"type":"analytics","events":{}}',
      JSON.stringify({
        type: "analytics",
        events: Array.from({ length: channelLimits.maxAnalyticsEvents + 1 }, () => ({})),
      }),
    ]) {
      expect(parseChannelLine(line), line).toBeNull();
    }
  });
});

describe("analytics events from a bot", () => {
  const at = new Date().toISOString();
  it("clamp counts and refuse the ones that cannot be counted", () => {
    const events = parseAnalyticsEvents([
      { kind: "message", at, count: 2 ** 31 },
      { kind: "message", at, count: Number.MAX_SAFE_INTEGER },
      { kind: "message", at, count: -5 },
      { kind: "message", at, count: 0 },
      { kind: "message", at, count: 1.5 },
      { kind: "message", at, count: null }, // NaN and Infinity arrive as null in JSON
      { kind: "message", at, count: "7" },
      { kind: "message", at },
      { kind: "command", at, name: "x".repeat(5000), durationMs: 1e300, actorId: "y".repeat(1000) },
      { kind: "nuke", at },
      "message",
      null,
    ]);
    expect(events.map((event) => [event.kind, event.count])).toEqual([
      ["message", 100_000],
      ["message", 100_000],
      ["message", 1],
      ["command", undefined],
    ]);
    const command = events[3]!;
    expect(command.name).toHaveLength(100);
    expect(command.actorId).toHaveLength(32);
    expect(command.durationMs).toBe(2_147_483_647);
  });

  it("keep at most 1,000 events of a batch", () => {
    const events = parseAnalyticsEvents(Array.from({ length: 5000 }, () => ({ kind: "guild_join", at })));
    expect(events).toHaveLength(1000);
  });
});

describe("bounded line splitter", () => {
  it("drops an over-long line as it arrives and goes on with the next", () => {
    const lines: string[] = [];
    const overlong: number[] = [];
    const splitter = boundedLineSplitter(
      (line) => lines.push(line),
      (chars) => overlong.push(chars),
      10,
    );
    splitter.push("short\n0123456");
    splitter.push("789abcdef");
    splitter.push("ghij");
    splitter.push("klm\nafter\n");
    expect(lines).toEqual(["short", "after"]);
    expect(overlong).toEqual([23]);
  });
});

describe("token bucket", () => {
  it("allows a burst, then the rate", () => {
    const bucket = new TokenBucket(10, 20, 0);
    let allowed = 0;
    for (let i = 0; i < 100; i++) if (bucket.take(0)) allowed += 1;
    expect(allowed).toBe(20);
    expect(bucket.take(50)).toBe(false);
    expect(bucket.take(100)).toBe(true);
  });
});

describe("attachChannel", () => {
  it("answers a flood of database calls with errors beyond the queue, without running them", async () => {
    const fake = fakeChannel();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let ran = 0;
    const { handlers: h } = handlers({
      onRequest: async () => {
        ran += 1;
        await gate;
        return "ok";
      },
    });
    attachChannel(fake.channel, h, { maxPendingCalls: 10, callBurst: 1000, callsPerSecond: 1000 });
    fake.send(
      Array.from({ length: 500 }, (_, id) => JSON.stringify({ type: "db", id, op: "get", args: ["k"] })).join("\n") +
        "\n",
    );
    await tick();
    const refused = fake.answers();
    expect(refused).toHaveLength(490);
    expect(refused.every((answer) => !answer.ok && answer.name === "CipherDbError")).toBe(true);
    expect(refused[0]!.error).toMatch(/Too many database calls waiting: at most 10/);
    release();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toBe(10);
    expect(fake.answers().filter((answer) => answer.ok)).toHaveLength(10);
  });

  it("rate-limits database calls per bot", async () => {
    const fake = fakeChannel();
    const { handlers: h } = handlers();
    attachChannel(fake.channel, h, { maxPendingCalls: 10_000, callBurst: 50, callsPerSecond: 50 });
    fake.send(
      Array.from({ length: 300 }, (_, id) => JSON.stringify({ type: "db", id, op: "get", args: ["k"] })).join("\n") +
        "\n",
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const answers = fake.answers();
    expect(answers).toHaveLength(300);
    const limited = answers.filter((answer) => /at most 50 a second/.test(answer.error ?? ""));
    expect(limited.length).toBeGreaterThanOrEqual(240);
    expect(answers.filter((answer) => answer.ok).length).toBeGreaterThanOrEqual(50);
  });

  it("answers an invalid database call with an error, ignores garbage and logs it once", async () => {
    const fake = fakeChannel();
    const { handlers: h, seen } = handlers();
    attachChannel(fake.channel, h, { maxLineChars: 1000 });
    fake.send('{"type":"db","id":7,"op":"drop","args":[]}\n');
    fake.send("garbage\n".repeat(100));
    fake.send("x".repeat(5000));
    fake.send("y".repeat(5000) + "\n");
    fake.send('{"type":"heartbeat","pingMs":42}\n{"type":"ready"}\n');
    await tick();
    expect(fake.answers()).toEqual([
      { id: 7, ok: false, name: "CipherDbError", error: expect.stringMatching(/^Invalid database call/) as unknown },
    ]);
    expect(seen.heartbeats).toEqual([42]);
    expect(seen.ready).toBe(1);
    expect(seen.alive).toBe(2);
    expect(seen.logs).toHaveLength(1);
    expect(seen.logs[0]).toMatch(/^Ignored 1 message on the runner's channel \(fd 3\)/);
  });
});
