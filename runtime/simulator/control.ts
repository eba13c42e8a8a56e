/**
 * The control API for the web app and the runner (runtime/README.md): credentials, sessions,
 * world snapshots, simulated members, messages and slash commands, reset, and the event stream.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { GatewayDispatchEvents, GatewayIntentBits, type APIDMChannel } from "discord-api-types/v10";

import { db } from "@/lib/db";
import type { BotCredentials, SimulateInteractionInput, WorldSnapshot } from "@/lib/simulator/types";

import { createMessage } from "./actions";
import { addBotPlaces, readPlaces, restoreBotPlaces } from "./bot-places";
import {
  activeBot,
  ensureBotInWorld,
  guildOfBot,
  inactiveOwners,
  isScratchWorld,
  pruneOwnGuilds,
  scratchWorldExists,
} from "./bots";
import { clockState, worldIso } from "./clock";
import { publish, type Simulator } from "./context";
import { memberActionRoute } from "./control-actions";
import { historyPerWorld } from "./events";
import { ApiError, parseBody, readBody, sendJson, type HttpResult } from "./http";
import { requireNotTimedOut } from "./interaction-payload";
import { ControlError, runSlashCommand } from "./interactions";
import { simulatorLimits } from "./limits";
import { modalView } from "./modals";
import { buildMessage } from "./payloads";
import { snowflake } from "./snowflake";
import { mintToken, sameKey } from "./tokens";
import {
  addBotToGuild,
  defaultGuild,
  defaultPeopleOf,
  findChannel,
  hasMember,
  makeMember,
  makeRole,
  makeTextChannel,
  makeUser,
  type WorldState,
} from "./world";

function fail(status: ControlError["status"], error: string, code = 0): never {
  throw new ControlError(status, error, code);
}

function stringField(body: Record<string, unknown>, key: string, max = 2000): string {
  const value = body[key];
  if (typeof value !== "string" || value.trim() === "") fail(400, `${key} is required.`);
  if (value.length > max) fail(400, `${key} must be at most ${max} characters.`);
  return value;
}

/** How long a user found in the database is trusted to exist (as bots.ts caches bot rows). */
const knownUserMs = 5_000;
const knownUsers = new WeakMap<Simulator, Map<string, number>>();

/**
 * The user's world, once the user is known to exist: the check is cached for a few seconds, so
 * a busy Test tab (or the runtime benchmark) does not cost a database query per message.
 */
async function world(sim: Simulator, userId: string): Promise<WorldState> {
  let known = knownUsers.get(sim);
  if (!known) knownUsers.set(sim, (known = new Map()));
  if ((known.get(userId) ?? 0) < Date.now()) {
    if (isScratchWorld(userId)) {
      if (!(await scratchWorldExists(userId))) fail(404, "Unknown world.");
    } else if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) fail(404, "Unknown user.");
    if (known.size > 10_000) known.clear();
    known.set(userId, Date.now() + knownUserMs);
  }
  return sim.worlds.get(userId);
}

export function snapshot(sim: Simulator, state: WorldState): WorldSnapshot {
  return {
    guilds: state.guilds,
    bots: state.bots.map((bot) => ({
      ...bot,
      connected: sim.gateway.sessionCount(bot.botId) > 0,
      intents: sim.gateway.sessionIntents(bot.botId),
    })),
    messages: state.messages,
    bans: Object.fromEntries(state.guilds.map((guild) => [guild.id, state.bans[guild.id] ?? []])),
    modals: sim.interactions.openModals(state.ownerUserId).map(modalView),
    clock: clockState(state),
  };
}

/**
 * Places the bot in its server and answers what it connects with. `places`: the channels and
 * roles its blueprint names, made in its own test server if missing (bot-places.ts).
 */
async function credentials(sim: Simulator, botId: string, body: Record<string, unknown>): Promise<BotCredentials> {
  const places = readPlaces(body);
  const row = await activeBot(botId);
  if (!row) fail(404, "Unknown bot.");
  const state = await sim.worlds.get(row.worldId);
  // Deleted bots' servers go first, so they do not count against the own-server limit. Nothing
  // awaits between here and the placement, so no other call can change the world in between.
  const inactive = isScratchWorld(row.worldId) ? new Set<string>() : await inactiveOwners(state);
  pruneOwnGuilds(state, inactive);
  const { bot, changed } = ensureBotInWorld(state, row);
  sim.worlds.changed(row.worldId);
  if (changed) {
    // Moved to another server: its sessions reconnect and get a READY with the server it is in
    // now; its interactions and modals in the server it left end.
    sim.gateway.invalidateBot(row.id);
    sim.interactions.forgetBot(row.id);
  }
  const guild = guildOfBot(state, bot);
  const guildId = guild?.id ?? "";
  const placesAdded =
    guild && !isScratchWorld(row.worldId)
      ? addBotPlaces(sim, row.worldId, guild, row.id, places)
      : { channels: [], roles: [] };
  return {
    ownServer: Boolean(guild?.botId),
    moved: changed,
    placesAdded,
    token: mintToken(sim.tokenKey, { botId: row.id, botUserId: bot.userId }),
    applicationId: bot.applicationId,
    botUserId: bot.userId,
    guildId,
    apiBase: `${sim.baseUrl}/api`,
    gatewayUrl: `${sim.baseUrl.replace(/^http/, "ws")}/gateway`,
  };
}

function say(sim: Simulator, userId: string, state: WorldState, body: Record<string, unknown>) {
  const channelId = stringField(body, "channelId", 32);
  const authorId = stringField(body, "authorId", 32);
  const content = stringField(body, "content", 2000);
  const found = findChannel(state, channelId);
  if (!found) fail(404, "Unknown channel.");
  const member = found.guild?.members.find((item) => item.user.id === authorId);
  const author =
    member?.user ??
    (found.guild ? undefined : (found.channel as APIDMChannel).recipients?.find((user) => user.id === authorId));
  if (!author) fail(404, "Unknown member.");
  if (member) requireNotTimedOut(state, member);
  const message = buildMessage(state, { channelId, author, content });
  createMessage(sim, userId, state, message);
  return message;
}

function memberJoin(sim: Simulator, userId: string, state: WorldState, body: Record<string, unknown>) {
  const guild = state.guilds.find((item) => item.id === body.guildId);
  if (!guild) fail(404, "Unknown guild.");
  const username = stringField(body, "username", 32).trim();
  if (guild.members.length >= simulatorLimits.membersPerGuild) {
    fail(
      400,
      `This server has the most members the simulator holds (${simulatorLimits.membersPerGuild.toLocaleString("en-US")}).`,
    );
  }
  const member = makeMember(makeUser(username), [], worldIso(state));
  guild.members.push(member);
  const data = { ...member, guild_id: guild.id };
  publish(
    sim,
    userId,
    { type: "member_add", guildId: guild.id, data },
    { t: GatewayDispatchEvents.GuildMemberAdd, d: data, intent: GatewayIntentBits.GuildMembers },
  );
  return member;
}

function memberLeave(sim: Simulator, userId: string, state: WorldState, guildId: string, memberId: string) {
  const guild = state.guilds.find((item) => item.id === guildId);
  if (!guild) fail(404, "Unknown guild.");
  const member = guild.members.find((item) => item.user.id === memberId);
  if (!member) fail(404, "Unknown member.");
  if (member.user.id === guild.ownerId) fail(400, "The owner cannot leave the server.");
  if (member.user.bot) fail(400, "Bots leave when they are deleted, not from here.");
  guild.members = guild.members.filter((item) => item !== member);
  const data = { guild_id: guild.id, user: member.user };
  publish(
    sim,
    userId,
    { type: "member_remove", guildId: guild.id, data },
    { t: GatewayDispatchEvents.GuildMemberRemove, d: data, intent: GatewayIntentBits.GuildMembers },
  );
}

/** The server's owner deletes a text channel: its messages go, bots get CHANNEL_DELETE. */
function deleteChannel(sim: Simulator, userId: string, state: WorldState, channelId: string) {
  const guild = state.guilds.find((item) => item.channels.some((channel) => channel.id === channelId));
  const channel = guild?.channels.find((item) => item.id === channelId);
  if (!guild || !channel) fail(404, "Unknown channel.", 10003);
  guild.channels = guild.channels.filter((item) => item !== channel);
  delete state.messages[channel.id];
  publish(
    sim,
    userId,
    { type: "channel_delete", guildId: guild.id, channelId: channel.id, data: channel },
    { t: GatewayDispatchEvents.ChannelDelete, d: channel, intent: GatewayIntentBits.Guilds },
  );
  return channel;
}

function nameList(body: Record<string, unknown>, key: string, pattern: RegExp): string[] {
  const value = body[key] ?? [];
  if (!Array.isArray(value) || value.length > 25) fail(400, `${key} must be a list of at most 25 names.`);
  return value.map((name) => {
    if (typeof name !== "string" || !pattern.test(name))
      fail(400, `${key}: "${String(name).slice(0, 100)}" is not a valid name.`);
    return name;
  });
}

/**
 * Before a proof's bot connects: the channels and roles its blueprint names that the default
 * server lacks (#suggestions, a "Verified" role). New roles sit lowest, below the bot's own role,
 * so the bot may give and take them.
 */
function setupScratchWorld(sim: Simulator, worldId: string, state: WorldState, body: Record<string, unknown>) {
  const channels = nameList(body, "channels", /^[^\s#@:`]{1,100}$/u);
  // Discord's own rule for role names: 1–100 characters, not "@everyone" (line breaks refused here).
  const roles = nameList(body, "roles", /^(?!@everyone$)[^\p{Cc}]{1,100}$/u);
  const guild = state.guilds[0];
  if (!guild) fail(404, "Unknown guild.");
  for (const name of channels) {
    if (!guild.channels.some((channel) => channel.name === name))
      guild.channels.push(makeTextChannel(guild.id, name, guild.channels.length));
  }
  for (const name of roles) {
    if (guild.roles.some((role) => role.name === name)) continue;
    for (const role of guild.roles) if (role.position >= 1) role.position += 1;
    guild.roles.push(makeRole(snowflake(), name, 1, 0n));
  }
  sim.worlds.changed(worldId);
  return snapshot(sim, state);
}

/** A proof is over: its scratch world leaves memory, with its modals and gateway sessions. */
function dropScratchWorld(sim: Simulator, worldId: string): void {
  knownUsers.get(sim)?.delete(worldId);
  sim.interactions.closeWorldModals(worldId);
  sim.gateway.invalidateWorld(worldId);
  sim.worlds.drop(worldId);
  sim.events.forget(worldId);
}

/**
 * The world as new: every server keeps its id, its name and its bots (a bot's own test server
 * stays its own), the same new people are in each, and messages, bans, DMs and the clock go.
 */
function reset(sim: Simulator, userId: string, state: WorldState): WorldState {
  const first = defaultGuild("You", state.guilds[0]?.id);
  const people = defaultPeopleOf(first);
  const guilds = state.guilds.length
    ? state.guilds.map((guild, index) =>
        index === 0 && !guild.botId
          ? first
          : defaultGuild("You", guild.id, { people, botId: guild.botId, name: guild.name }),
      )
    : [first];
  const fresh: WorldState = {
    version: 1,
    ownerUserId: userId,
    guilds,
    bots: state.bots,
    messages: {},
    bans: {},
    dmChannels: [],
  };
  for (const [index, guild] of fresh.guilds.entries()) {
    const before = state.guilds[index];
    for (const bot of fresh.bots) if (!before || hasMember(before, bot.userId)) addBotToGuild(guild, bot);
    // A bot's own server keeps what was made there for its blueprint (#suggestions, a role).
    restoreBotPlaces(guild, before?.botPlaces);
  }
  sim.worlds.replace(userId, fresh);
  // The clock starts again from real time (the fresh world has no offset) and open modals go.
  sim.interactions.closeWorldModals(userId);
  // Connected bots reconnect and get the new world in a fresh READY.
  sim.gateway.invalidateWorld(userId);
  return fresh;
}

async function route(
  sim: Simulator,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<HttpResult | null> {
  const method = request.method ?? "GET";
  const parts = path.split("/").filter(Boolean).map(decodeURIComponent);
  const body = async () => {
    let parsed: unknown;
    try {
      parsed = (await parseBody(request)).json;
    } catch (error) {
      if (error instanceof ApiError) fail(error.status === 413 ? 413 : 400, error.summary ?? error.message);
      throw error;
    }
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
      fail(400, "The body must be a JSON object.");
    return parsed as Record<string, unknown>;
  };
  const [area, id, action, ...rest] = parts;
  if (area === "bots" && id) {
    if (method === "POST" && action === "credentials" && rest.length === 0)
      return { status: 200, body: await credentials(sim, id, await body()) };
    if (method === "GET" && action === "sessions" && rest.length === 0)
      return { status: 200, body: { sessions: sim.gateway.sessionCount(id) } };
  }
  if (area === "worlds" && id) {
    if (method === "GET" && !action) return { status: 200, body: snapshot(sim, await world(sim, id)) };
    if (method === "GET" && action === "events" && rest.length === 0) {
      await world(sim, id);
      const query = new URL(request.url ?? "/", "http://simulator").searchParams;
      // ?after=<seq>: the kept events as JSON (polling); otherwise the live stream.
      if (query.get("after") === "latest") {
        return { status: 200, body: { events: [], cursor: sim.events.latest(), missed: false } };
      }
      if (query.has("after")) {
        const after = Number(query.get("after"));
        if (!Number.isSafeInteger(after) || after < 0) fail(400, "after must be a whole number (a cursor).");
        const limit = Math.min(historyPerWorld, Math.max(1, Number(query.get("limit")) || historyPerWorld));
        return { status: 200, body: sim.events.recent(id, after, limit) };
      }
      sim.events.subscribe(id, response);
      return null;
    }
    if (method === "POST" && action === "messages" && rest.length === 0) {
      const state = await world(sim, id);
      return { status: 200, body: say(sim, id, state, await body()) };
    }
    if (method === "POST" && action === "interactions" && rest.length === 0) {
      const state = await world(sim, id);
      const input = (await body()) as unknown as SimulateInteractionInput;
      for (const key of ["botId", "channelId", "authorId", "name"] as const)
        stringField(input as unknown as Record<string, unknown>, key, 100);
      return { status: 200, body: { interactionId: runSlashCommand(sim, id, state, input) } };
    }
    if (method === "POST" && action === "members" && rest.length === 0) {
      const state = await world(sim, id);
      return { status: 200, body: memberJoin(sim, id, state, await body()) };
    }
    if (method === "DELETE" && action === "members" && rest.length === 2) {
      const state = await world(sim, id);
      memberLeave(sim, id, state, rest[0] ?? "", rest[1] ?? "");
      return { status: 200, body: { ok: true } };
    }
    if (method === "DELETE" && action === "channels" && rest.length === 1) {
      const state = await world(sim, id);
      await readBody(request);
      return { status: 200, body: deleteChannel(sim, id, state, rest[0] ?? "") };
    }
    const handled = await memberActionRoute({
      sim,
      method,
      userId: id,
      segments: action ? [action, ...rest] : [],
      world: () => world(sim, id),
      body,
    });
    if (handled) return handled;
    if (method === "POST" && action === "setup" && rest.length === 0 && isScratchWorld(id)) {
      const state = await world(sim, id);
      return { status: 200, body: setupScratchWorld(sim, id, state, await body()) };
    }
    if (method === "DELETE" && !action && isScratchWorld(id)) {
      await readBody(request);
      dropScratchWorld(sim, id);
      return { status: 200, body: { ok: true } };
    }
    if (method === "POST" && action === "reset" && rest.length === 0) {
      await readBody(request);
      return { status: 200, body: snapshot(sim, reset(sim, id, await world(sim, id))) };
    }
  }
  fail(404, "Not found.");
}

/**
 * The control API. Errors are thrown to the request wrapper (request.ts), which answers a
 * ControlError with its message and anything else with a 500 and a request id.
 */
export async function handleControl(
  sim: Simulator,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
): Promise<void> {
  if (path === "/health" && request.method === "GET") {
    const saves = sim.worlds.saveStatus();
    sendJson(response, { status: 200, body: saves ? { ok: true, saveError: saves } : { ok: true } });
    return;
  }
  const header = request.headers.authorization ?? "";
  const given = header.startsWith("Bearer ") ? header.slice("Bearer ".length) : "";
  if (!sameKey(sim.controlKey, given)) fail(401, "Unauthorized.");
  let result: HttpResult | null;
  try {
    result = await route(sim, request, response, path);
  } catch (error) {
    // Bodies refused by the shared parser: the control API's own shape (the web app reads `error`).
    if (error instanceof ApiError && (error.status === 400 || error.status === 413))
      fail(error.status, error.summary ?? error.message);
    throw error;
  }
  if (result) sendJson(response, result);
}
