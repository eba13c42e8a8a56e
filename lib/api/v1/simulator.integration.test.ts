/**
 * The scriptable simulator of the REST API (/api/v1/bots/{id}/simulator/…) against a real
 * simulator, PostgreSQL and a discord.js bot connected to it: messages as a named member, a slash
 * command with typed options, a reaction, members joining and leaving, the events a CI script
 * polls with a cursor, reset, and another user's key answered exactly like a missing bot.
 */
import { Client, Events, GatewayIntentBits, Partials } from "discord.js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApiKey } from "@/lib/api-keys/service";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";
import { startSimulator, type RunningSimulator } from "@/runtime/simulator/server";
import { control, controlKey, createBotRow, waitFor } from "@/runtime/simulator/test-support";

import { callApi } from "./test-support";

const state = vi.hoisted(() => ({ url: "" }));
vi.mock("@/lib/simulator/config", () => ({
  simulatorUrl: () => state.url,
  simulatorControlKey: () => "test-control-key",
}));

let sim: RunningSimulator;
let client: Client;
let alice: string;
let bob: string;
let aliceKey: string;
let bobKey: string;
let botId: string;

/** Calls the endpoint `method path` (ids filled in) through its real handler, with Alice's key unless told. */
async function call(method: string, path: string, body?: unknown, key = aliceKey) {
  const answer = await callApi(method, path, { key, body });
  return { status: answer.status, json: answer.json as Record<string, unknown> & { data?: never } };
}

type Event = { seq: number; type: string; byThisBot: boolean; data: Record<string, unknown> };

/** Polls the events after `cursor` until one matches, as a CI script would. */
async function eventAfter(cursor: number, match: (event: Event) => boolean): Promise<Event> {
  return waitFor(async () => {
    const page = await call("GET", `/bots/${botId}/simulator/events?after=${cursor}`);
    return (page.json.data as unknown as Event[]).find(match);
  });
}

async function cursorNow(): Promise<number> {
  const latest = await call("GET", `/bots/${botId}/simulator/events?after=latest`);
  expect(latest.json.data).toEqual([]);
  return latest.json.cursor as number;
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey, persist: false });
  state.url = sim.url;
  alice = await createUser("api-sim-alice", "core");
  bob = await createUser("api-sim-bob", "core");
  aliceKey = (await createApiKey(alice, { name: "CI", scopes: ["read", "control"], expiresIn: "30" })).secret;
  bobKey = (await createApiKey(bob, { name: "CI", scopes: ["read", "control"], expiresIn: "30" })).secret;
  botId = await createBotRow(alice, "Pinger");

  const creds = await control(sim.url).credentials(botId);
  client = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
      GatewayIntentBits.GuildMessageReactions,
      GatewayIntentBits.GuildMembers,
    ],
    partials: [Partials.Message, Partials.Reaction, Partials.User],
    rest: { api: creds.apiBase },
  });
  client.on(Events.MessageCreate, async (message) => {
    if (message.content === "!ping") await message.reply("pong");
  });
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isChatInputCommand() && interaction.commandName === "roll") {
      await interaction.reply(`${interaction.user.username} rolled a d${interaction.options.getInteger("sides") ?? 6}`);
    }
  });
  client.on(Events.MessageReactionAdd, async (reaction, user) => {
    if (reaction.message.channel.isSendable())
      await reaction.message.channel.send(`${user.username} reacted ${reaction.emoji.name}`);
  });
  client.on(Events.GuildMemberAdd, async (member) => {
    const general = member.guild.channels.cache.find((channel) => channel.name === "general");
    if (general?.isSendable()) await general.send(`Welcome ${member.user.username}`);
  });
  client.once(Events.ClientReady, async (ready) => {
    await ready.application.commands.create({
      name: "roll",
      description: "Roll a die",
      options: [{ name: "sides", description: "Sides", type: 4, required: false }],
    });
  });
  await client.login(creds.token);
  await waitFor(async () => {
    const view = await call("GET", `/bots/${botId}/simulator`);
    return (view.json.bot as { commands: string[] } | undefined)?.commands.includes("roll") || undefined;
  });
}, 60_000);

afterAll(async () => {
  await client?.destroy();
  await sim?.close();
  await db.user.deleteMany({ where: { id: { in: [alice, bob].filter(Boolean) } } });
});

describe("the REST API's simulator", () => {
  it("shows the simulated server and the bot's registered commands", async () => {
    const view = await call("GET", `/bots/${botId}/simulator`);
    expect(view.status).toBe(200);
    const server = view.json.server as { channels: { name: string }[]; members: { username: string }[] };
    expect(server.channels.map((channel) => channel.name)).toContain("general");
    expect(server.members.map((member) => member.username)).toContain("Sam");
    expect(view.json.bot).toMatchObject({ connected: true, commands: ["roll"] });
  });

  it("sends a message as a named member and reads the bot's reply from the events after a cursor", async () => {
    const cursor = await cursorNow();
    const sent = await call("POST", `/bots/${botId}/simulator/messages`, {
      content: "!ping",
      member: "sam",
      channel: "#general",
    });
    expect(sent.status).toBe(201);
    const reply = await eventAfter(cursor, (event) => event.type === "message_create" && event.data.content === "pong");
    expect(reply.byThisBot).toBe(true);
    expect(reply.seq).toBeGreaterThan(cursor);
    // The member's own message is in the events too, not marked as the bot's.
    const page = await call("GET", `/bots/${botId}/simulator/events?after=${cursor}`);
    const mine = (page.json.data as unknown as Event[]).find((event) => event.data.content === "!ping");
    expect(mine?.byThisBot).toBe(false);

    // A reaction on the bot's reply: the bot answers it.
    const reacted = await call("POST", `/bots/${botId}/simulator/reactions`, {
      messageId: reply.data.id,
      emoji: "👍",
      member: "Sam",
    });
    expect(reacted.status).toBe(200);
    await eventAfter(reply.seq, (event) => event.type === "message_create" && event.data.content === "Sam reacted 👍");
  });

  it("runs a slash command with options typed from what the bot registered", async () => {
    const cursor = await cursorNow();
    const ran = await call("POST", `/bots/${botId}/simulator/interactions`, {
      type: "command",
      name: "roll",
      options: { sides: 20 },
      member: "Sam",
    });
    expect(ran.status).toBe(201);
    expect(ran.json.interactionId).toMatch(/^\d+$/);
    await eventAfter(cursor, (event) => JSON.stringify(event.data).includes("Sam rolled a d20"));

    const unknown = await call("POST", `/bots/${botId}/simulator/interactions`, { type: "command", name: "nope" });
    expect(unknown.status).toBe(422);
    expect(unknown.json.detail).toMatch(/has not registered \/nope/);
    const badOption = await call("POST", `/bots/${botId}/simulator/interactions`, {
      type: "command",
      name: "roll",
      options: { faces: 3 },
    });
    expect(badOption.json.detail).toMatch(/no option "faces"/);
  });

  it("adds and removes a member; the bot welcomes the new one", async () => {
    const cursor = await cursorNow();
    const joined = await call("POST", `/bots/${botId}/simulator/members`, { username: "newbie" });
    expect(joined.status).toBe(201);
    await eventAfter(cursor, (event) => event.type === "message_create" && event.data.content === "Welcome newbie");
    const left = await call("DELETE", `/bots/${botId}/simulator/members/${joined.json.id as string}`);
    expect(left.status).toBe(204);
    await eventAfter(cursor, (event) => event.type === "member_remove");
    const bad = await call("POST", `/bots/${botId}/simulator/members`, { username: "no spaces!" });
    expect(bad.status).toBe(422);
  });

  it("moves the bot to a server of its own and back; a running bot answers there at once", async () => {
    const before = await call("GET", `/bots/${botId}/simulator`);
    expect(before.json).toMatchObject({ testServer: "shared", server: { name: "Cipher Test Server", shared: true } });
    const moved = await call("PUT", `/bots/${botId}/simulator/server`, { testServer: "own" });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ testServer: "own", server: { name: "Pinger Test Server", shared: false } });
    const own = (moved.json.server as { id: string }).id;
    expect(own).not.toBe((before.json.server as { id: string }).id);
    // The discord.js bot is told to reconnect, and answers in its own server.
    const cursor = await cursorNow();
    await waitFor(async () => {
      const view = await call("GET", `/bots/${botId}/simulator`);
      return (view.json.bot as { connected: boolean }).connected || undefined;
    }, 20_000);
    await call("POST", `/bots/${botId}/simulator/messages`, { content: "!ping" });
    await eventAfter(
      cursor,
      (event) => event.byThisBot && event.type === "message_create" && event.data.content === "pong",
    );
    const page = await call("GET", `/bots/${botId}/simulator/events?after=${cursor}`);
    const channels = new Set((moved.json.server as { channels: { id: string }[] }).channels.map((item) => item.id));
    for (const event of page.json.data as unknown as (Event & { channelId: string | null })[]) {
      if (event.channelId) expect(channels.has(event.channelId)).toBe(true);
    }
    expect((await call("PUT", `/bots/${botId}/simulator/server`, { testServer: "mine" })).status).toBe(422);
    const back = await call("PUT", `/bots/${botId}/simulator/server`, { testServer: "shared" });
    expect(back.json).toMatchObject({ testServer: "shared", server: { shared: true } });
  });

  it("refuses unknown names, resets the server, and answers another user's key like a missing bot", async () => {
    const noChannel = await call("POST", `/bots/${botId}/simulator/messages`, { content: "hi", channel: "nowhere" });
    expect(noChannel.status).toBe(404);
    expect(noChannel.json.detail).toMatch(/#nowhere/);
    const noMember = await call("POST", `/bots/${botId}/simulator/messages`, { content: "hi", member: "ghost" });
    expect(noMember.status).toBe(404);

    await call("POST", `/bots/${botId}/simulator/messages`, { content: "before the reset" });
    expect((await call("POST", `/bots/${botId}/simulator/reset`)).status).toBe(204);
    const world = await control(sim.url).world(alice);
    expect(JSON.stringify(world.messages)).not.toContain("before the reset");

    // Bob's world, but for its clock's reading.
    const bobWorld = async () => JSON.stringify({ ...(await control(sim.url).world(bob)), clock: null });
    const bobWorldBefore = await bobWorld();
    for (const [method, path, body] of [
      ["GET", `/bots/${botId}/simulator`, undefined],
      ["GET", `/bots/${botId}/simulator/events`, undefined],
      ["POST", `/bots/${botId}/simulator/messages`, { content: "!ping" }],
      ["POST", `/bots/${botId}/simulator/interactions`, { type: "command", name: "roll" }],
      ["POST", `/bots/${botId}/simulator/members`, { username: "intruder" }],
      ["POST", `/bots/${botId}/simulator/reset`, undefined],
      ["PUT", `/bots/${botId}/simulator/server`, { testServer: "own" }],
    ] as const) {
      const answer = await call(method, path, body, bobKey);
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect(JSON.stringify((await control(sim.url).world(alice)).messages)).not.toContain("intruder");
    expect(await bobWorld()).toBe(bobWorldBefore);
  });
});
