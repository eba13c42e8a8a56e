/**
 * What the Discord Simulator page (/dashboard/tools/simulator) shows of a world snapshot: channels
 * grouped as Discord groups them, members with their roles and state by the world's clock, roles
 * by position, and the user's own bots in the world. Pure, so the page and its tests share it.
 */
import type { APIRole } from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember, WorldSnapshot } from "./types";

const categoryType = 4;
const voiceTypes = new Set([2, 13]);

export type ChannelEntry = { id: string; name: string; kind: "text" | "voice"; topic: string | null; slowmode: number };
export type ChannelGroup = { id: string; name: string; channels: ChannelEntry[] };

type AnyChannel = { id: string; name?: string | null; type: number; position?: number; parent_id?: string | null };

/**
 * Channels under their category, in Discord's order. The simulator has no categories of its own
 * yet, so channels without one fall under Discord's defaults, "Text Channels" and "Voice Channels".
 */
export function channelsByCategory(guild: SimulatorGuild): ChannelGroup[] {
  const all: AnyChannel[] = [...guild.channels, ...(guild.voiceChannels ?? [])];
  const byPosition = (a: AnyChannel, b: AnyChannel) => (a.position ?? 0) - (b.position ?? 0);
  const categories = all.filter((channel) => channel.type === categoryType).sort(byPosition);
  const groups = new Map<string, ChannelGroup>();
  for (const category of categories) {
    groups.set(category.id, { id: category.id, name: category.name ?? "Category", channels: [] });
  }
  const fallback = {
    text: { id: "text", name: "Text Channels", channels: [] as ChannelEntry[] },
    voice: { id: "voice", name: "Voice Channels", channels: [] as ChannelEntry[] },
  };
  for (const channel of all.filter((candidate) => candidate.type !== categoryType).sort(byPosition)) {
    const kind = voiceTypes.has(channel.type) ? "voice" : "text";
    const entry: ChannelEntry = {
      id: channel.id,
      name: channel.name ?? channel.id,
      kind,
      topic: "topic" in channel && typeof channel.topic === "string" && channel.topic ? channel.topic : null,
      slowmode:
        "rate_limit_per_user" in channel && typeof channel.rate_limit_per_user === "number"
          ? channel.rate_limit_per_user
          : 0,
    };
    const parent = channel.parent_id ? groups.get(channel.parent_id) : undefined;
    (parent ?? fallback[kind]).channels.push(entry);
  }
  return [fallback.text, ...groups.values(), fallback.voice].filter((group) => group.channels.length > 0);
}

export function memberName(member: SimulatorMember): string {
  return member.nick ?? member.user.global_name ?? member.user.username;
}

/** The world's time in ms: real time plus how far the world's clock was moved ahead. */
export function worldTime(world: Pick<WorldSnapshot, "clock">, realNow = Date.now()): number {
  return realNow + (world.clock?.offsetMs ?? 0);
}

/** When the member's timeout ends, if it has not ended yet by the world's clock. */
export function timedOutUntil(member: SimulatorMember, worldNow: number): Date | null {
  const until = member.communication_disabled_until;
  if (!until) return null;
  const end = Date.parse(until);
  return Number.isFinite(end) && end > worldNow ? new Date(end) : null;
}

export type RoleEntry = {
  id: string;
  name: string;
  /** "#rrggbb", or null for a role without a colour (Discord's 0). */
  colour: string | null;
  position: number;
  members: number;
  managed: boolean;
};

export function roleColour(color: number): string | null {
  return color ? `#${color.toString(16).padStart(6, "0")}` : null;
}

/** Roles highest first, as Discord's server settings list them; @everyone last. */
export function rolesByPosition(guild: SimulatorGuild): RoleEntry[] {
  return [...guild.roles]
    .sort((a, b) => b.position - a.position)
    .map((role) => ({
      id: role.id,
      name: role.name,
      colour: roleColour(role.color),
      position: role.position,
      members:
        role.id === guild.id
          ? guild.members.length
          : guild.members.filter((member) => member.roles.includes(role.id)).length,
      managed: Boolean(role.managed),
    }));
}

export type MemberEntry = {
  id: string;
  name: string;
  username: string;
  bot: boolean;
  owner: boolean;
  /** Its roles, highest first (not @everyone). */
  roles: Pick<APIRole, "id" | "name">[];
  colour: string | null;
  timedOutUntil: Date | null;
  joinedAt: string | null;
};

/** Members with their roles and state; people first, then bots, each by name. */
export function membersOf(guild: SimulatorGuild, worldNow: number): MemberEntry[] {
  const roles = [...guild.roles].sort((a, b) => b.position - a.position);
  return guild.members
    .map((member) => {
      const own = roles.filter((role) => role.id !== guild.id && member.roles.includes(role.id));
      return {
        id: member.user.id,
        name: memberName(member),
        username: member.user.username,
        bot: Boolean(member.user.bot),
        owner: member.user.id === guild.ownerId,
        roles: own.map(({ id, name }) => ({ id, name })),
        colour: roleColour(own.find((role) => role.color)?.color ?? 0),
        timedOutUntil: timedOutUntil(member, worldNow),
        joinedAt: member.joined_at ?? null,
      };
    })
    .sort((a, b) => Number(a.bot) - Number(b.bot) || a.name.localeCompare(b.name));
}

export type BotEntry = {
  botId: string;
  name: string;
  connected: boolean;
  commands: number;
  /** False when the bot has not joined this world yet (it joins when it first runs or is tested). */
  inWorld: boolean;
  /** The bot is set to connect to the real Discord, not to this world. */
  onDiscord: boolean;
  /** The server it is in (its own test server or the shared one); null while it is in none. */
  guildId: string | null;
};

export type OwnBot = { id: string; name: string; onDiscord?: boolean };

/**
 * The user's own bots (already filtered to theirs and not archived) beside the world's bot
 * entries; a bot the world knows but the user no longer has (archived) is left out.
 */
export function botsOf(world: Pick<WorldSnapshot, "bots" | "guilds">, ownBots: OwnBot[]): BotEntry[] {
  return ownBots.map((bot) => {
    const inWorld = world.bots.find((candidate) => candidate.botId === bot.id);
    const guild = inWorld
      ? world.guilds.find((candidate) => candidate.members.some((member) => member.user.id === inWorld.userId))
      : undefined;
    return {
      guildId: guild?.id ?? null,
      botId: bot.id,
      name: bot.name,
      connected: Boolean(inWorld?.connected),
      commands: inWorld?.commands.length ?? 0,
      inWorld: Boolean(inWorld),
      onDiscord: Boolean(bot.onDiscord),
    };
  });
}

/** Which of the user's bots posted in each channel (for a link to that bot's Test tab). */
export function botsByChannel(world: WorldSnapshot, ownBots: OwnBot[]): Map<string, BotEntry[]> {
  const entries = botsOf(world, ownBots);
  const byUserId = new Map<string, BotEntry>();
  for (const bot of world.bots) {
    const entry = entries.find((candidate) => candidate.botId === bot.botId);
    if (entry) byUserId.set(bot.userId, entry);
  }
  const result = new Map<string, BotEntry[]>();
  for (const [channelId, messages] of Object.entries(world.messages)) {
    const seen = new Map<string, BotEntry>();
    for (const message of messages) {
      const bot = byUserId.get(message.author.id);
      if (bot) seen.set(bot.botId, bot);
    }
    if (seen.size) result.set(channelId, [...seen.values()]);
  }
  return result;
}

export type ServerEntry = {
  id: string;
  name: string;
  /** The bot whose own test server it is; null for the shared server. */
  ownerBot: { id: string; name: string } | null;
  /** False for a bot's own server it is not in (it tests in the shared one now; the server waits for it). */
  inUse: boolean;
};

/**
 * The world's servers the page offers: the shared one first, then each of the user's bots' own
 * test servers by name (the servers of bots they no longer have are left out).
 */
export function serversOf(world: Pick<WorldSnapshot, "guilds" | "bots">, ownBots: OwnBot[]): ServerEntry[] {
  const shared: ServerEntry[] = [];
  const own: ServerEntry[] = [];
  for (const guild of world.guilds) {
    if (!guild.botId) {
      shared.push({ id: guild.id, name: guild.name, ownerBot: null, inUse: true });
      continue;
    }
    const bot = ownBots.find((candidate) => candidate.id === guild.botId);
    const userId = world.bots.find((candidate) => candidate.botId === guild.botId)?.userId;
    const inUse = guild.members.some((member) => member.user.id === userId);
    if (bot) own.push({ id: guild.id, name: guild.name, ownerBot: { id: bot.id, name: bot.name }, inUse });
  }
  return [...shared, ...own.sort((a, b) => a.name.localeCompare(b.name))];
}
