import { REST, RESTEvents, Routes } from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { db } from "@/lib/db";
import type { BotCredentials, SimulatorGuild } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let botId: string;
let creds: BotCredentials;
let guild: SimulatorGuild;

const member = (name: string) => guild.members.find((item) => item.user.username === name)!;
const channel = (name: string) => guild.channels.find((item) => item.name === name)!;

function rest(path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) {
  const token = init.token === undefined ? creds.token : init.token;
  return fetch(`${sim.url}/api/v10${path}`, {
    method: init.method ?? "GET",
    headers: { ...(token ? { authorization: `Bot ${token}` } : {}), "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

interface Frame {
  op: number;
  t: string | null;
  s: number | null;
  d: Record<string, unknown> & { content?: string };
}

/** A raw gateway client, to see exactly what the simulator sends. */
function gateway() {
  const socket = new WebSocket(`${creds.gatewayUrl}?v=10&encoding=json&compress=zlib-stream`);
  const frames: Frame[] = [];
  let closeCode: number | undefined;
  socket.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
  socket.on("close", (code) => (closeCode = code));
  return {
    frames,
    socket,
    closeCode: () => closeCode,
    send: (payload: unknown) => socket.send(JSON.stringify(payload)),
    next: (predicate: (frame: Frame) => boolean) => waitFor(() => frames.find(predicate)),
  };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("behaviour");
  botId = await createBotRow(owner, "Modbot");
  creds = await control(sim.url).credentials(botId);
  guild = (await control(sim.url).world(owner)).guilds[0]!;
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

describe("the simulator's gateway", () => {
  it("enforces intents: no member events without GuildMembers, content hidden without MessageContent unless mentioned", async () => {
    const client = gateway();
    await client.next((frame) => frame.op === 10);
    client.send({ op: 2, d: { token: creds.token, intents: (1 << 0) | (1 << 9), properties: {} } });
    const created = await client.next((frame) => frame.t === "GUILD_CREATE");
    expect((created.d.members as unknown[]).length).toBe(1);
    const api = control(sim.url);
    await api.call("POST", `/worlds/${owner}/members`, { guildId: guild.id, username: "Newcomer" });
    await api.say(owner, channel("general").id, member("Sam").user.id, "secret words");
    await api.say(owner, channel("general").id, member("Sam").user.id, `<@${creds.botUserId}> hello bot`);
    const messages = await waitFor(() => {
      const found = client.frames.filter((frame) => frame.t === "MESSAGE_CREATE");
      return found.length === 2 ? found : undefined;
    });
    expect(messages.map((frame) => frame.d.content)).toEqual(["", `<@${creds.botUserId}> hello bot`]);
    expect(client.frames.some((frame) => frame.t === "GUILD_MEMBER_ADD")).toBe(false);
    client.socket.close();
  });

  it("closes with 4004 for a bad token", async () => {
    const client = gateway();
    await client.next((frame) => frame.op === 10);
    client.send({ op: 2, d: { token: `${creds.token}x`, intents: 1, properties: {} } });
    expect(await waitFor(() => client.closeCode())).toBe(4004);
  });

  it("resumes a dropped session and replays what it missed; a bad resume gets op 9", async () => {
    const first = gateway();
    await first.next((frame) => frame.op === 10);
    first.send({ op: 2, d: { token: creds.token, intents: (1 << 0) | (1 << 9) | (1 << 15), properties: {} } });
    const ready = await first.next((frame) => frame.t === "READY");
    await first.next((frame) => frame.t === "GUILD_CREATE");
    const seq = Math.max(...first.frames.map((frame) => frame.s ?? 0));
    first.socket.close();
    await waitFor(async () =>
      (await control(sim.url).call<{ sessions: number }>("GET", `/bots/${botId}/sessions`)).body.sessions === 0
        ? true
        : undefined,
    );
    await control(sim.url).say(owner, channel("general").id, member("Sam").user.id, "while you were away");

    const second = gateway();
    await second.next((frame) => frame.op === 10);
    second.send({ op: 6, d: { token: creds.token, session_id: ready.d.session_id, seq } });
    const missed = await second.next((frame) => frame.t === "MESSAGE_CREATE");
    expect(missed.d.content).toBe("while you were away");
    await second.next((frame) => frame.t === "RESUMED");
    second.socket.close();

    const third = gateway();
    await third.next((frame) => frame.op === 10);
    third.send({ op: 6, d: { token: creds.token, session_id: "nope", seq: 1 } });
    expect((await third.next((frame) => frame.op === 9)).d).toBe(false);
    third.socket.close();
  });
});

describe("the simulator's REST API", () => {
  it("answers with Discord's errors: 401, 404 unknown channel/member, 403 for kicking the owner or a higher role", async () => {
    expect(await (await rest("/users/@me", { token: null })).json()).toEqual({ message: "401: Unauthorized", code: 0 });
    const unknownChannel = await rest("/channels/123/messages", { method: "POST", body: { content: "hi" } });
    expect([unknownChannel.status, await unknownChannel.json()]).toEqual([
      404,
      { message: "Unknown Channel", code: 10003 },
    ]);
    expect(await (await rest(`/guilds/${guild.id}/members/123`)).json()).toEqual({
      message: "Unknown Member",
      code: 10007,
    });
    const kickOwner = await rest(`/guilds/${guild.id}/members/${guild.ownerId}`, { method: "DELETE" });
    expect([kickOwner.status, await kickOwner.json()]).toEqual([403, { message: "Missing Permissions", code: 50013 }]);
    expect((await rest(`/guilds/${guild.id}/members/${member("Alex").user.id}`, { method: "DELETE" })).status).toBe(
      403,
    );
    const empty = await rest(`/channels/${channel("general").id}/messages`, { method: "POST", body: { content: "" } });
    expect(await empty.json()).toEqual({ message: "Cannot send an empty message", code: 50006 });
    const long = await rest(`/channels/${channel("general").id}/messages`, {
      method: "POST",
      body: { content: "x".repeat(2001) },
    });
    expect(await long.json()).toMatchObject({
      code: 50035,
      errors: { content: { _errors: [{ code: "BASE_TYPE_MAX_LENGTH" }] } },
    });
  });

  it("puts and deletes a channel's permission overwrite for a member, with Discord's errors", async () => {
    const target = channel("general").id;
    const sam = member("Sam").user.id;
    const path = `/channels/${target}/permissions/${sam}`;
    const see = String(1024 + 2048 + 65536); // View Channel, Send Messages, Read Message History
    const put = await rest(path, { method: "PUT", body: { type: 1, allow: see, deny: "0" } });
    expect(put.status).toBe(204);
    const overwrites = async () =>
      (await control(sim.url).world(owner)).guilds[0]!.channels.find((item) => item.id === target)!
        .permission_overwrites ?? [];
    expect(await overwrites()).toContainEqual({ id: sam, type: 1, allow: see, deny: "0" });
    // Put again: one overwrite per member, replaced.
    expect((await rest(path, { method: "PUT", body: { type: 1, allow: "1024" } })).status).toBe(204);
    expect((await overwrites()).filter((item) => item.id === sam)).toEqual([
      { id: sam, type: 1, allow: "1024", deny: "0" },
    ]);
    const badType = await rest(path, { method: "PUT", body: { type: 7 } });
    expect([badType.status, ((await badType.json()) as { code: number }).code]).toEqual([400, 50035]);
    expect((await rest(path, { method: "DELETE" })).status).toBe(204);
    expect((await overwrites()).some((item) => item.id === sam)).toBe(false);
    const again = await rest(path, { method: "DELETE" });
    expect([again.status, await again.json()]).toEqual([404, { message: "Unknown Overwrite", code: 10009 }]);
    expect((await rest(`/channels/123/permissions/${sam}`, { method: "PUT", body: { type: 1 } })).status).toBe(404);
  });

  it("timeouts, role changes and bans show up in the control event stream", async () => {
    const events = await openEvents(sim.url, owner);
    const sam = member("Sam").user.id;
    const until = new Date(Date.now() + 60_000).toISOString();
    expect(
      (
        await rest(`/guilds/${guild.id}/members/${sam}`, {
          method: "PATCH",
          body: { communication_disabled_until: until },
        })
      ).status,
    ).toBe(200);
    await events.next(
      (event) =>
        event.type === "member_update" &&
        (event.data as { communication_disabled_until: string | null }).communication_disabled_until === until,
    );

    const role = (await (
      await rest(`/guilds/${guild.id}/roles`, { method: "POST", body: { name: "Helper" } })
    ).json()) as { id: string };
    expect((await rest(`/guilds/${guild.id}/members/${sam}/roles/${role.id}`, { method: "PUT" })).status).toBe(204);
    await events.next(
      (event) => event.type === "member_update" && (event.data as { roles: string[] }).roles.includes(role.id),
    );

    const riley = member("Riley").user.id;
    expect(
      (await rest(`/guilds/${guild.id}/bans/${riley}`, { method: "PUT", body: { delete_message_seconds: 0 } })).status,
    ).toBe(204);
    await events.next(
      (event) => event.type === "ban_add" && (event.data as { user: { id: string } }).user.id === riley,
    );
    await events.next(
      (event) => event.type === "member_remove" && (event.data as { user: { id: string } }).user.id === riley,
    );
    expect(((await control(sim.url).world(owner)).bans[guild.id] ?? []).map((entry) => entry.user.id)).toEqual([riley]);
    // A timed-out member cannot speak (the control API refuses): the later tests need Sam's voice back.
    const lifted = await rest(`/guilds/${guild.id}/members/${sam}`, {
      method: "PATCH",
      body: { communication_disabled_until: null },
    });
    expect(lifted.status).toBe(200);
    events.close();
  });

  it("a reply to a message older than the kept history still goes through; an unknown id is Unknown message", async () => {
    const api = control(sim.url);
    const target = channel("bot-commands").id;
    const first = await api.say(owner, target, member("Sam").user.id, "the first message");
    for (let index = 0; index < 100; index += 1)
      await api.say(owner, target, member("Alex").user.id, `filler ${index}`);
    const kept = (await api.world(owner)).messages[target]!;
    expect(kept.some((message) => message.id === first.id)).toBe(false);
    const reply = await rest(`/channels/${target}/messages`, {
      method: "POST",
      body: { content: "late answer", message_reference: { message_id: first.id } },
    });
    expect(reply.status).toBe(200);
    expect(((await reply.json()) as { message_reference: { message_id: string } }).message_reference.message_id).toBe(
      first.id,
    );
    const unknown = await rest(`/channels/${target}/messages`, {
      method: "POST",
      body: { content: "to nothing", message_reference: { message_id: `${BigInt(kept.at(-1)!.id) + 1n}` } },
    });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(await unknown.json())).toContain("MESSAGE_REFERENCE_UNKNOWN_MESSAGE");
  });

  it("sends rate-limit headers and a 429 past 5 messages per 5 s per channel; discord.js paces itself without a 429", async () => {
    const target = channel("mod-log").id;
    const responses = [];
    for (let index = 0; index < 6; index += 1) {
      responses.push(
        await rest(`/channels/${target}/messages`, { method: "POST", body: { content: `burst ${index}` } }),
      );
    }
    expect(responses.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(responses[4]!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(responses[0]!.headers.get("x-ratelimit-limit")).toBe("5");
    expect(responses[0]!.headers.get("x-ratelimit-bucket")).toBeTruthy();
    const limited = responses[5]!;
    expect(limited.status).toBe(429);
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({
      message: "You are being rate limited.",
      global: false,
      retry_after: expect.any(Number),
    });

    const client = new REST({ api: creds.apiBase }).setToken(creds.token);
    const statuses: number[] = [];
    client.on(RESTEvents.Response, (_request, response) => statuses.push(response.status));
    const paced = channel("bot-commands").id;
    await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        client.post(Routes.channelMessages(paced), { body: { content: `paced ${index}` } }),
      ),
    );
    expect(statuses).toHaveLength(6);
    expect(statuses.every((status) => status === 200)).toBe(true);
  }, 20_000);
});

describe("the control API", () => {
  it("needs the key, 404s archived bots, and a reset keeps bots, their commands and the guild id", async () => {
    expect(await (await fetch(`${sim.url}/control/health`)).json()).toEqual({ ok: true });
    const unauthorized = await fetch(`${sim.url}/control/worlds/${owner}`, {
      headers: { authorization: "Bearer wrong" },
    });
    expect([unauthorized.status, await unauthorized.json()]).toEqual([
      401,
      { code: 0, message: "Unauthorized.", error: "Unauthorized." },
    ]);
    const archived = await createBotRow(owner, "Old");
    await db.bot.update({ where: { id: archived }, data: { archivedAt: new Date() } });
    expect((await control(sim.url).call("POST", `/bots/${archived}/credentials`)).status).toBe(404);

    await rest(Routes.applicationCommands(creds.applicationId), {
      method: "PUT",
      body: [{ name: "hi", description: "Say hi" }],
    });
    const joined = await control(sim.url).call<{ user: { id: string } }>("POST", `/worlds/${owner}/members`, {
      guildId: guild.id,
      username: "Visitor",
    });
    expect(joined.status).toBe(200);
    expect(
      (await control(sim.url).call("DELETE", `/worlds/${owner}/members/${guild.id}/${joined.body.user.id}`)).status,
    ).toBe(200);
    const reset = await control(sim.url).call<{
      guilds: SimulatorGuild[];
      bots: { commands: { name: string }[] }[];
      messages: object;
    }>("POST", `/worlds/${owner}/reset`);
    expect(reset.body.guilds[0]?.id).toBe(guild.id);
    expect(reset.body.guilds[0]?.members.map((item) => item.user.username)).toEqual([
      "You",
      "Alex",
      "Sam",
      "Riley",
      "Modbot",
    ]);
    expect(reset.body.bots[0]?.commands.map((command) => command.name)).toEqual(["hi"]);
    expect(reset.body.messages).toEqual({});
    guild = reset.body.guilds[0]!;
  });
});

describe("persistence", () => {
  it("keeps the world and its messages across a restart", async () => {
    await control(sim.url).say(owner, channel("general").id, member("Sam").user.id, "remember me");
    const before = await control(sim.url).world(owner);
    expect(before.messages[channel("general").id]?.map((message) => message.content)).toEqual(["remember me"]);
    await sim.close();
    sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
    const after = await control(sim.url).world(owner);
    expect(after.guilds[0]?.id).toBe(guild.id);
    expect(after.messages[channel("general").id]?.map((message) => message.content)).toEqual(
      before.messages[channel("general").id]?.map((message) => message.content),
    );
    expect(after.bots[0]?.commands.map((command) => command.name)).toEqual(["hi"]);
    expect(after.bans).toEqual(before.bans);
    creds = { ...creds, apiBase: `${sim.url}/api` };
    expect((await rest("/users/@me")).status).toBe(200);
  });
});
