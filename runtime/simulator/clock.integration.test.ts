import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { SimulatorClock } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { snowflakeTime } from "./snowflake";
import { control, controlKey, createBotRow, createOwner, openEvents } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let botId: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("clock");
  botId = await createBotRow(owner, "Timekeeper");
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

const minute = 60_000;
const day = 24 * 60 * minute;

describe("the world's clock", () => {
  it("ends a timeout when advanced past it, dates new messages, and moves only forward", async () => {
    const api = control(sim.url);
    const creds = await api.credentials(botId);
    const rest = async (path: string, method: string, body?: unknown) => {
      const response = await fetch(`${creds.apiBase}/v10${path}`, {
        method,
        headers: { authorization: `Bot ${creds.token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
    };
    const clock = () => api.call<SimulatorClock>("GET", `/worlds/${owner}/clock`);
    const advance = (advanceMs: unknown) =>
      api.call<SimulatorClock & { error: string }>("POST", `/worlds/${owner}/clock`, { advanceMs });
    expect((await clock()).body).toMatchObject({ offsetMs: 0 });

    const world = await api.world(owner);
    expect(world.clock.offsetMs).toBe(0);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const sam = guild.members.find((member) => member.user.username === "Sam")!.user;
    const before = await rest(`/channels/${general.id}/messages`, "POST", { content: "before the jump" });
    expect(before.status).toBe(200);

    // The bot times Sam out for 10 minutes: Sam cannot speak or react.
    const until = new Date(Date.now() + 10 * minute).toISOString();
    expect(
      (await rest(`/guilds/${guild.id}/members/${sam.id}`, "PATCH", { communication_disabled_until: until })).status,
    ).toBe(200);
    const muted = await api.call<{ error: string; code: number }>("POST", `/worlds/${owner}/messages`, {
      channelId: general.id,
      authorId: sam.id,
      content: "let me talk",
    });
    expect(muted).toMatchObject({ status: 403, body: { code: 50013 } });
    expect(muted.body.error).toContain(`Sam is timed out until ${until}`);
    const thumbs = encodeURIComponent("👍");
    const reaction = `/worlds/${owner}/channels/${general.id}/messages/${before.body.id as string}/reactions/${thumbs}/${sam.id}`;
    expect((await api.call("PUT", reaction)).status).toBe(403);

    // Eleven minutes later by the world's clock, the timeout is over.
    const events = await openEvents(sim.url, owner);
    const moved = await advance(11 * minute);
    expect(moved).toMatchObject({ status: 200, body: { offsetMs: 11 * minute } });
    expect(Date.parse(moved.body.now) - Date.now()).toBeGreaterThan(10 * minute);
    await events.next((event) => event.type === "clock_update");
    events.close();
    const spoken = await api.say(owner, general.id, sam.id, "free again");
    expect(spoken.id).toBeTruthy();
    const stored = (await api.world(owner)).messages[general.id]!.find((message) => message.id === spoken.id)!;
    const written = Date.parse(stored.timestamp);
    expect(written - Date.now()).toBeGreaterThan(10 * minute);
    // The id and the timestamp come from one reading of the world's clock.
    expect(snowflakeTime(stored.id)).toBe(written);
    expect((await api.call("PUT", reaction)).status).toBe(200);

    // The 28-day timeout cap and the 14-day bulk-delete window count from the world's time.
    const second = await rest(`/channels/${general.id}/messages`, "POST", { content: "also before" });
    expect((await advance(15 * day)).status).toBe(200);
    const bulk = await rest(`/channels/${general.id}/messages/bulk-delete`, "POST", {
      messages: [before.body.id, second.body.id],
    });
    expect(bulk).toMatchObject({ status: 400, body: { code: 50034 } });
    const worldNow = Date.now() + (await clock()).body.offsetMs;
    const tooLong = new Date(worldNow + 29 * day).toISOString();
    const fine = new Date(worldNow + 27 * day).toISOString();
    expect(
      (await rest(`/guilds/${guild.id}/members/${sam.id}`, "PATCH", { communication_disabled_until: tooLong })).status,
    ).toBe(400);
    expect(
      (await rest(`/guilds/${guild.id}/members/${sam.id}`, "PATCH", { communication_disabled_until: fine })).status,
    ).toBe(200);

    // Only forward, in whole milliseconds, at most a year at a time.
    for (const bad of [0, -minute, 1.5, "60000", null, 367 * day, Number.MAX_SAFE_INTEGER * 2]) {
      const refused = await advance(bad);
      expect({ bad, status: refused.status }).toEqual({ bad, status: 400 });
      expect(refused.body.error).toMatch(/^advanceMs must be/);
    }
    expect((await clock()).body.offsetMs).toBe(11 * minute + 15 * day);
  });

  it("is kept with the world across a restart, and a reset sets it back to real time", async () => {
    const offset = (await control(sim.url).call<SimulatorClock>("GET", `/worlds/${owner}/clock`)).body.offsetMs;
    expect(offset).toBeGreaterThan(0);
    await sim.close();
    sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
    const api = control(sim.url);
    expect((await api.call<SimulatorClock>("GET", `/worlds/${owner}/clock`)).body.offsetMs).toBe(offset);
    expect((await api.call("POST", `/worlds/${owner}/reset`)).status).toBe(200);
    expect((await api.world(owner)).clock.offsetMs).toBe(0);
  });
});
