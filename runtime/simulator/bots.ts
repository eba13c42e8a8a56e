/** Cipher bots in worlds: who a token belongs to, and adding a bot to its owner's world. */
import { db } from "@/lib/db";

import type { BotAuth, Simulator } from "./context";
import { snowflake } from "./snowflake";
import { verifyToken } from "./tokens";
import { addBotToGuild, type StoredBot, type WorldState } from "./world";

const cacheMs = 5_000;

export interface BotRow {
  id: string;
  userId: string;
  name: string;
}

/** The bot's row unless it is archived or missing. */
export async function activeBot(botId: string): Promise<BotRow | null> {
  return db.bot.findFirst({ where: { id: botId, archivedAt: null }, select: { id: true, userId: true, name: true } });
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
    const world = await sim.worlds.get(row.userId);
    const known = world.bots.find((item) => item.botId === row.id);
    if (known && known.userId !== claims.botUserId) return null;
    const bot = known ?? ensureBotInWorld(world, row, claims.botUserId);
    if (!known) sim.worlds.changed(row.userId);
    return { botId: row.id, worldUserId: row.userId, world, bot };
  };
}
