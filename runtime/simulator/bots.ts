/**
 * Cipher bots in worlds: who a token belongs to, and adding a bot to its world — its owner's, or,
 * for the short-lived copy a builder proof runs (Bot.kind "proof"), a scratch world of its own
 * (`proof-<botId>`) that is never saved and never touches the owner's.
 */
import { db } from "@/lib/db";

import type { BotAuth, Simulator } from "./context";
import { simulatorLimits } from "./limits";
import { snowflake } from "./snowflake";
import { verifyToken } from "./tokens";
import {
  addBotToGuild,
  defaultGuild,
  defaultPeopleOf,
  hasMember,
  ownGuildName,
  removeBotFromGuild,
  removeGuild,
  type StoredBot,
  type WorldState,
} from "./world";

const cacheMs = 5_000;

export interface BotRow {
  id: string;
  /** The world it lives in: its owner's user id, or its scratch world's key. */
  worldId: string;
  name: string;
  /** Which server it joins in its world: its own, or the shared one (Bot.testServer). */
  testServer: "own" | "shared";
}

const scratchPrefix = "proof-";

/** The scratch world of a proof's bot. */
export function scratchWorldId(botId: string): string {
  return `${scratchPrefix}${botId}`;
}

/** Whether a world key names a scratch world (user ids never start with "proof-"). */
export function isScratchWorld(worldId: string): boolean {
  return worldId.startsWith(scratchPrefix);
}

/** The bot's row unless it is archived or missing. */
export async function activeBot(botId: string): Promise<BotRow | null> {
  const row = await db.bot.findFirst({
    where: { id: botId, archivedAt: null },
    select: { id: true, userId: true, name: true, kind: true, testServer: true },
  });
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    worldId: row.kind === "proof" ? scratchWorldId(row.id) : row.userId,
    testServer: row.testServer === "own" ? "own" : "shared",
  };
}

/** Whether a scratch world's proof bot still exists (its world is usable only while it does). */
export async function scratchWorldExists(worldId: string): Promise<boolean> {
  const botId = worldId.slice(scratchPrefix.length);
  return (await db.bot.count({ where: { id: botId, kind: "proof", archivedAt: null } })) > 0;
}

function username(name: string): string {
  const trimmed = name.trim().slice(0, 32);
  return trimmed.length >= 2 ? trimmed : `${trimmed || "bot"}-bot`;
}

/** The world's shared server (the first guild that is no bot's own), made again if it went. */
export function sharedGuild(world: WorldState) {
  let guild = world.guilds.find((item) => !item.botId);
  if (!guild) {
    guild = defaultGuild("You", undefined, { people: defaultPeopleOf(world.guilds[0]) });
    world.guilds.unshift(guild);
  }
  return guild;
}

/**
 * Puts the bot in the server it belongs in and takes it out of every other: in a scratch world,
 * its every guild; otherwise its own test server (made the first time, with the world's people)
 * or the shared one, as its row says. True when its membership changed (its sessions must then
 * reconnect to see their new READY).
 */
export function placeBot(world: WorldState, row: BotRow, bot: StoredBot): boolean {
  let changed = false;
  if (isScratchWorld(row.worldId)) {
    for (const guild of world.guilds) {
      if (!hasMember(guild, bot.userId)) changed = true;
      addBotToGuild(guild, bot);
    }
    return changed;
  }
  let target = row.testServer === "own" ? world.guilds.find((guild) => guild.botId === row.id) : undefined;
  const ownGuilds = world.guilds.filter((guild) => guild.botId).length;
  if (!target && row.testServer === "own" && ownGuilds < simulatorLimits.ownGuildsPerWorld) {
    target = defaultGuild("You", undefined, {
      people: defaultPeopleOf(sharedGuild(world)),
      botId: row.id,
      name: ownGuildName(row.name),
    });
    world.guilds.push(target);
  }
  target ??= sharedGuild(world);
  if (target.botId) target.name = ownGuildName(row.name);
  for (const guild of world.guilds) {
    if (guild !== target && removeBotFromGuild(guild, bot)) changed = true;
  }
  if (!hasMember(target, bot.userId)) changed = true;
  addBotToGuild(target, bot);
  if (changed) moveGuildCommands(bot, target.id);
  return changed;
}

/**
 * Guild commands a bot registered for the server it left follow it to its new one (its test
 * server is one server to the user; the discord.js guide registers commands for GUILD_ID), unless
 * it already has one of that name and type there. They are registered afresh at its next start.
 */
function moveGuildCommands(bot: StoredBot, guildId: string): void {
  const key = (command: StoredBot["commands"][number]) => `${command.type ?? 1}:${command.name}`;
  const there = new Set(bot.commands.filter((command) => command.guild_id === guildId).map(key));
  bot.commands = bot.commands.flatMap((command) => {
    if (!command.guild_id || command.guild_id === guildId) return [command];
    if (there.has(key(command))) return [];
    there.add(key(command));
    return [{ ...command, guild_id: guildId }];
  });
}

/** Drops the own servers of the bots in `inactive` (archived or deleted; inactiveOwners). */
export function pruneOwnGuilds(world: WorldState, inactive: Set<string>): boolean {
  const gone = world.guilds.filter((guild) => guild.botId && inactive.has(guild.botId));
  for (const guild of gone) removeGuild(world, guild);
  return gone.length > 0;
}

/**
 * The bots, among those with an own server in this world when asked, that are no longer active
 * (a server made meanwhile by another placement is not among them, so it is never pruned).
 */
export async function inactiveOwners(world: WorldState): Promise<Set<string>> {
  const ids = world.guilds.flatMap((guild) => (guild.botId ? [guild.botId] : []));
  if (!ids.length) return new Set();
  const rows = await db.bot.findMany({ where: { id: { in: ids }, archivedAt: null }, select: { id: true } });
  const active = new Set(rows.map((row) => row.id));
  return new Set(ids.filter((id) => !active.has(id)));
}

/**
 * Adds the bot to the world if needed and places it (placeBot). `changed`: its membership
 * changed.
 */
export function ensureBotInWorld(
  world: WorldState,
  row: BotRow,
  userId?: string,
): { bot: StoredBot; changed: boolean } {
  let bot = world.bots.find((item) => item.botId === row.id);
  if (!bot) {
    const id = userId ?? snowflake();
    bot = { botId: row.id, applicationId: id, userId: id, username: username(row.name), commands: [] };
    world.bots.push(bot);
  } else if (bot.username !== username(row.name)) renameBot(world, bot, username(row.name));
  return { bot, changed: placeBot(world, row, bot) };
}

/** The bot was renamed in Cipher: its user, member and managed role take the new name. */
function renameBot(world: WorldState, bot: StoredBot, name: string): void {
  bot.username = name;
  for (const guild of world.guilds) {
    for (const member of guild.members) if (member.user.id === bot.userId) member.user.username = name;
    for (const role of guild.roles) if (role.managed && role.tags?.bot_id === bot.userId) role.name = name;
  }
}

/** The guild the bot is in (its own test server or the shared one); a scratch world's first. */
export function guildOfBot(world: WorldState, bot: StoredBot) {
  return world.guilds.find((guild) => hasMember(guild, bot.userId));
}

export function createBotResolver(sim: Pick<Simulator, "tokenKey" | "worlds" | "events">) {
  const cache = new Map<string, { row: BotRow | null; until: number }>();
  return async function resolveBot(token: string): Promise<BotAuth | null> {
    const claims = verifyToken(sim.tokenKey, token);
    if (!claims) return null;
    let cached = cache.get(claims.botId);
    if (!cached || cached.until < Date.now()) {
      cached = { row: await activeBot(claims.botId), until: Date.now() + cacheMs };
      cache.set(claims.botId, cached);
    }
    const row = cached.row;
    if (!row) return null;
    const world = await sim.worlds.get(row.worldId);
    const known = world.bots.find((item) => item.botId === row.id);
    if (known && known.userId !== claims.botUserId) return null;
    const bot = known ?? ensureBotInWorld(world, row, claims.botUserId).bot;
    if (!known) sim.worlds.changed(row.worldId);
    return { botId: row.id, worldUserId: row.worldId, world, bot };
  };
}
