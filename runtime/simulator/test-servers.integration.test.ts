/**
 * Test servers: a bot set to its own server (what new bots get) is alone in a simulated server of
 * its own — its READY, its events and its REST reach nothing else — and the world's shared server
 * holds the bots set to it. Moving a bot reconnects it into the other server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";

import { db } from "@/lib/db";
import type { BotCredentials, SimulatorGuild, WorldSnapshot } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, waitFor } from "./test-support";

let sim: RunningSimulator;
let owner: string;
const ids: Record<"alpha" | "beta" | "gamma", string> = { alpha: "", beta: "", gamma: "" };
const creds: Partial<Record<keyof typeof ids, BotCredentials>> = {};

interface Frame {
  op: number;
  t: string | null;
  d: Record<string, unknown>;
}

/** A raw gateway session of a bot: every frame it gets. */
async function connect(token: string, intents = (1 << 0) | (1 << 1) | (1 << 9) | (1 << 15)) {
  const socket = new WebSocket(`${sim.url.replace(/^http/, "ws")}/gateway?v=10&encoding=json`);
  const frames: Frame[] = [];
  socket.on("message", (raw) => frames.push(JSON.parse(raw.toString()) as Frame));
  await waitFor(() => frames.find((frame) => frame.op === 10));
  socket.send(JSON.stringify({ op: 2, d: { token, intents, properties: {} } }));
  await waitFor(() => frames.find((frame) => frame.t === "READY"));
  return {
    frames,
    socket,
    messages: () => frames.filter((frame) => frame.t === "MESSAGE_CREATE").map((frame) => frame.d.content),
    close: () => socket.close(),
  };
}

function rest(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  return fetch(`${sim.url}/api/v10${path}`, {
    method: init.method ?? "GET",
    headers: { authorization: `Bot ${token}`, "content-type": "application/json" },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

const world = (): Promise<WorldSnapshot> => control(sim.url).world(owner);
const guildById = (snapshot: WorldSnapshot, id: string) => snapshot.guilds.find((guild) => guild.id === id)!;
const general = (guild: SimulatorGuild) => guild.channels.find((channel) => channel.name === "general")!.id;
const you = (guild: SimulatorGuild) => guild.members.find((member) => member.user.username === "You")!.user.id;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("test-servers");
  ids.alpha = await createBotRow(owner, "Alpha", "own");
  ids.beta = await createBotRow(owner, "Beta", "own");
  ids.gamma = await createBotRow(owner, "Gamma", "shared");
  for (const key of ["alpha", "beta", "gamma"] as const) creds[key] = await control(sim.url).credentials(ids[key]);
});

afterAll(async () => {
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

describe("a bot's own test server", () => {
  it("is made for each bot set to it, named after the bot, with the world's same people, and holds that bot alone", async () => {
    const snapshot = await world();
    const alpha = guildById(snapshot, creds.alpha!.guildId);
    const beta = guildById(snapshot, creds.beta!.guildId);
    const shared = guildById(snapshot, creds.gamma!.guildId);
    expect(new Set([alpha.id, beta.id, shared.id]).size).toBe(3);
    expect(snapshot.guilds[0]!.id).toBe(shared.id);
    expect([alpha.name, beta.name, shared.name]).toEqual([
      "Alpha Test Server",
      "Beta Test Server",
      "Cipher Test Server",
    ]);
    expect([alpha.botId, beta.botId, shared.botId]).toEqual([ids.alpha, ids.beta, undefined]);
    const bots = (guild: SimulatorGuild) =>
      guild.members.filter((member) => member.user.bot).map((member) => member.user.id);
    expect(bots(alpha)).toEqual([creds.alpha!.botUserId]);
    expect(bots(beta)).toEqual([creds.beta!.botUserId]);
    expect(bots(shared)).toEqual([creds.gamma!.botUserId]);
    // The same people (same user ids) in every server, as one Discord account is in many servers.
    expect(you(alpha)).toBe(you(shared));
    expect(alpha.roles.some((role) => role.tags?.bot_id === creds.beta!.botUserId)).toBe(false);
  });

  it("is the only guild in the bot's READY, and no other server's events reach it", async () => {
    const alpha = await connect(creds.alpha!.token);
    const beta = await connect(creds.beta!.token);
    const gamma = await connect(creds.gamma!.token);
    try {
      const ready = alpha.frames.find((frame) => frame.t === "READY")!;
      expect((ready.d.guilds as { id: string }[]).map((guild) => guild.id)).toEqual([creds.alpha!.guildId]);
      await waitFor(() => alpha.frames.find((frame) => frame.t === "GUILD_CREATE"));
      expect(alpha.frames.filter((frame) => frame.t === "GUILD_CREATE").map((frame) => frame.d.id)).toEqual([
        creds.alpha!.guildId,
      ]);

      const snapshot = await world();
      const alphaGuild = guildById(snapshot, creds.alpha!.guildId);
      const sharedGuild = guildById(snapshot, creds.gamma!.guildId);
      await control(sim.url).say(owner, general(alphaGuild), you(alphaGuild), "in alpha's server");
      await control(sim.url).say(owner, general(sharedGuild), you(sharedGuild), "in the shared server");
      await control(sim.url).call("POST", `/worlds/${owner}/members`, { guildId: sharedGuild.id, username: "drifter" });
      await waitFor(() => (alpha.messages().length && gamma.messages().length ? true : undefined));
      await waitFor(() => gamma.frames.find((frame) => frame.t === "GUILD_MEMBER_ADD"));
      // Give a stray dispatch time to arrive before asserting there is none.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(alpha.messages()).toEqual(["in alpha's server"]);
      expect(gamma.messages()).toEqual(["in the shared server"]);
      expect(beta.messages()).toEqual([]);
      expect(alpha.frames.some((frame) => frame.t === "GUILD_MEMBER_ADD")).toBe(false);

      // Its REST cannot reach another server either: Discord's answers for a guild it is not in.
      const post = await rest(creds.alpha!.token, `/channels/${general(sharedGuild)}/messages`, {
        method: "POST",
        body: { content: "sneaking in" },
      });
      expect(post.status).toBe(404);
      expect(((await post.json()) as { code: number }).code).toBe(10003);
      expect((await rest(creds.alpha!.token, `/guilds/${sharedGuild.id}`)).status).toBe(404);
      expect((await rest(creds.alpha!.token, `/guilds/${alphaGuild.id}`)).status).toBe(200);
      // Nor can a member run its commands in a server it is not in.
      const run = await control(sim.url).call("POST", `/worlds/${owner}/interactions`, {
        botId: ids.alpha,
        channelId: general(sharedGuild),
        authorId: you(sharedGuild),
        name: "ping",
      });
      expect(run.status).toBe(404);
    } finally {
      alpha.close();
      beta.close();
      gamma.close();
    }
  });
});

describe("outside any server", () => {
  it("a bot's DMs, their typing and reactions reach only the bots in them, and it counts only its own server", async () => {
    const dmIntents = (1 << 0) | (1 << 12) | (1 << 13) | (1 << 14) | (1 << 15);
    const gamma = await connect(creds.gamma!.token, dmIntents);
    try {
      const alphaGuild = guildById(await world(), creds.alpha!.guildId);
      const dm = (await (
        await rest(creds.alpha!.token, "/users/@me/channels", {
          method: "POST",
          body: { recipient_id: you(alphaGuild) },
        })
      ).json()) as { id: string };
      expect((await rest(creds.alpha!.token, `/channels/${dm.id}/typing`, { method: "POST" })).status).toBe(204);
      const sent = (await (
        await rest(creds.alpha!.token, `/channels/${dm.id}/messages`, { method: "POST", body: { content: "psst" } })
      ).json()) as { id: string };
      const reacted = await rest(
        creds.alpha!.token,
        `/channels/${dm.id}/messages/${sent.id}/reactions/${encodeURIComponent("👍")}/@me`,
        { method: "PUT" },
      );
      expect(reacted.status).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(gamma.frames.map((frame) => frame.t).filter((t) => t && t !== "READY" && t !== "GUILD_CREATE")).toEqual(
        [],
      );
      const app = (await (await rest(creds.alpha!.token, "/applications/@me")).json()) as {
        approximate_guild_count: number;
      };
      expect(app.approximate_guild_count).toBe(1);
    } finally {
      gamma.close();
    }
  });
});

describe("moving a bot between servers", () => {
  it("reconnects a running bot into the shared server and back into its own, which kept its messages", async () => {
    const alpha = await connect(creds.alpha!.token);
    try {
      // A guild command, as the discord.js guide registers them for GUILD_ID: it follows the bot.
      const registered = await rest(
        creds.alpha!.token,
        `/applications/${creds.alpha!.applicationId}/guilds/${creds.alpha!.guildId}/commands`,
        { method: "PUT", body: [{ name: "where", description: "Which server is this?" }] },
      );
      expect(registered.status).toBe(200);
      await db.bot.update({ where: { id: ids.alpha }, data: { testServer: "shared" } });
      const moved = await control(sim.url).credentials(ids.alpha);
      expect(moved.guildId).toBe(creds.gamma!.guildId);
      // Its session is told to reconnect (op 7) and cannot resume: a fresh READY lists the new server.
      await waitFor(() => alpha.frames.find((frame) => frame.op === 7));
      const again = await connect(moved.token);
      const ready = again.frames.find((frame) => frame.t === "READY")!;
      expect((ready.d.guilds as { id: string }[]).map((guild) => guild.id)).toEqual([creds.gamma!.guildId]);
      const snapshot = await world();
      const own = guildById(snapshot, creds.alpha!.guildId);
      expect(own.members.some((member) => member.user.id === moved.botUserId)).toBe(false);
      expect(own.roles.some((role) => role.managed)).toBe(false);
      const commands = snapshot.bots.find((bot) => bot.botId === ids.alpha)!.commands;
      expect(commands.map((command) => [command.name, command.guild_id])).toEqual([["where", creds.gamma!.guildId]]);
      const shared = guildById(snapshot, creds.gamma!.guildId);
      await control(sim.url).say(owner, general(shared), you(shared), "now shared");
      await waitFor(() => (again.messages().includes("now shared") ? true : undefined));
      again.close();

      await db.bot.update({ where: { id: ids.alpha }, data: { testServer: "own" } });
      const back = await control(sim.url).credentials(ids.alpha);
      expect(back.guildId).toBe(creds.alpha!.guildId);
      const after = await world();
      expect(after.messages[general(guildById(after, back.guildId))]?.map((message) => message.content)).toContain(
        "in alpha's server",
      );
      expect(guildById(after, creds.gamma!.guildId).members.some((member) => member.user.id === back.botUserId)).toBe(
        false,
      );
    } finally {
      alpha.close();
    }
  });

  it("keeps every server's id, name and bots through a reset", async () => {
    const before = await world();
    const after = (await control(sim.url).call<WorldSnapshot>("POST", `/worlds/${owner}/reset`)).body;
    expect(after.guilds.map((guild) => [guild.id, guild.name, guild.botId])).toEqual(
      before.guilds.map((guild) => [guild.id, guild.name, guild.botId]),
    );
    const botsIn = (snapshot: WorldSnapshot) =>
      snapshot.guilds.map((guild) => guild.members.filter((member) => member.user.bot).map((member) => member.user.id));
    expect(botsIn(after)).toEqual(botsIn(before));
    expect(you(after.guilds[1]!)).toBe(you(after.guilds[0]!));
  });

  it("renames the bot, its role and its own server when it is renamed in Cipher", async () => {
    await db.bot.update({ where: { id: ids.alpha }, data: { name: "Alpha Prime" } });
    const placed = await control(sim.url).credentials(ids.alpha);
    const snapshot = await world();
    const own = guildById(snapshot, placed.guildId);
    expect(own.name).toBe("Alpha Prime Test Server");
    expect(snapshot.bots.find((bot) => bot.botId === ids.alpha)!.username).toBe("Alpha Prime");
    expect(own.members.find((member) => member.user.id === placed.botUserId)!.user.username).toBe("Alpha Prime");
    expect(own.roles.find((role) => role.tags?.bot_id === placed.botUserId)!.name).toBe("Alpha Prime");
  });

  it("drops the own server of a deleted bot", async () => {
    await db.bot.update({ where: { id: ids.beta }, data: { archivedAt: new Date() } });
    await control(sim.url).credentials(ids.alpha);
    const snapshot = await world();
    expect(snapshot.guilds.some((guild) => guild.id === creds.beta!.guildId)).toBe(false);
    expect(snapshot.guilds.some((guild) => guild.id === creds.alpha!.guildId)).toBe(true);
  });
});
