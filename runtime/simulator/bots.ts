/**
 * Cipher bots in worlds: who a token belongs to, and adding a bot to its world — its owner's, or,
 * for the short-lived copy a builder proof runs (Bot.kind "proof"), a scratch world of its own
 * (`proof-<botId>`) that is never saved and never touches the owner's.
 */
import { db } from "@/lib/db";

import type { BotAuth, Simulator } from "./context";
import { snowflake } from "./snowflake";
import { verifyToken } from "./tokens";
import { addBotToGuild, type StoredBot, type WorldState } from "./world";

const cacheMs = 5_000;

export interface BotRow {
  id: string;
  /** The world it lives in: its owner's user id, or its scratch world's key. */
  worldId: string;
  name: string;
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
    select: { id: true, userId: true, name: true, kind: true },
  });
  if (!row) return null;
  return { id: row.id, name: row.name, worldId: row.kind === "proof" ? scratchWorldId(row.id) : row.userId };
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

/** Adds the bot (user, member of each guild with its managed role) to the world if needed. */
export function ensureBotInWorld(world: WorldState, row: BotRow, userId?: string): StoredBot {
  let bot = world.bots.find((item) => item.botId === row.id);
  if (!bot) {
    const id = userId ?? snowflake();
    bot = { botId: row.id, applicationId: id, userId: id, username: username(row.name), commands: [] };
    world.bots.push(bot);
  }
  for (const guild of world.guilds) addBotToGuild(guild, bot);
  return bot;
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
    const bot = known ?? ensureBotInWorld(world, row, claims.botUserId);
    if (!known) sim.worlds.changed(row.worldId);
    return { botId: row.id, worldUserId: row.worldId, world, bot };
  };
}
