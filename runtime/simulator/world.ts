/**
 * One user's simulated Discord: the JSON document stored in SimulatorWorld.state, its defaults
 * (runtime/README.md) and the lookups every route needs.
 */
import {
  ChannelType,
  PermissionFlagsBits,
  type APIApplicationCommand,
  type APIBan,
  type APIDMChannel,
  type APIGuildVoiceChannel,
  type APIMessage,
  type APIRole,
  type APITextChannel,
  type APIUser,
  type GuildMemberFlags,
  type RoleFlags,
} from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import { simulatorLimits } from "./limits";
import { snowflake } from "./snowflake";

export const maxMessagesPerChannel = simulatorLimits.messagesPerChannel;

export interface StoredBot {
  botId: string;
  applicationId: string;
  userId: string;
  username: string;
  /** Global commands (no guild_id) and guild commands (with guild_id). */
  commands: APIApplicationCommand[];
}

export interface WorldState {
  version: 1;
  /** The user who owns this world (owner of its guilds). */
  ownerUserId: string;
  guilds: SimulatorGuild[];
  bots: StoredBot[];
  messages: Record<string, APIMessage[]>;
  bans: Record<string, APIBan[]>;
  dmChannels: APIDMChannel[];
  /** Who reacted: message id → emoji key (`name` or `name:id`) → user ids. */
  reactionUsers?: Record<string, Record<string, string[]>>;
  /** How far the world's clock runs ahead of real time (clock.ts); absent: 0. */
  clockOffsetMs?: number;
}

const p = PermissionFlagsBits;
const everyonePermissions =
  p.ViewChannel |
  p.SendMessages |
  p.ReadMessageHistory |
  p.AddReactions |
  p.EmbedLinks |
  p.AttachFiles |
  p.UseApplicationCommands |
  p.CreateInstantInvite |
  p.ChangeNickname |
  p.UseExternalEmojis |
  p.Connect |
  p.Speak;
const moderatorPermissions = p.KickMembers | p.BanMembers | p.ModerateMembers | p.ManageMessages;
export const botRolePermissions =
  p.ViewChannel |
  p.SendMessages |
  p.ReadMessageHistory |
  p.EmbedLinks |
  p.AddReactions |
  p.ManageMessages |
  p.KickMembers |
  p.BanMembers |
  p.ModerateMembers |
  p.ManageRoles |
  p.ManageChannels;

export function makeUser(username: string, bot = false): APIUser {
  return {
    id: snowflake(),
    username,
    discriminator: bot ? "0001" : "0",
    global_name: bot ? null : username,
    avatar: null,
    ...(bot ? { bot: true } : {}),
  };
}

export function makeRole(
  id: string,
  name: string,
  position: number,
  permissions: bigint,
  extra: Partial<APIRole> = {},
): APIRole {
  return {
    id,
    name,
    color: 0,
    colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
    hoist: false,
    icon: null,
    unicode_emoji: null,
    position,
    permissions: permissions.toString(),
    managed: false,
    mentionable: false,
    flags: 0 as RoleFlags,
    ...extra,
  };
}

export function makeMember(user: APIUser, roles: string[], joinedAt = new Date().toISOString()): SimulatorMember {
  return {
    user,
    nick: null,
    avatar: null,
    banner: null,
    roles,
    joined_at: joinedAt,
    premium_since: null,
    deaf: false,
    mute: false,
    flags: 0 as GuildMemberFlags,
    pending: false,
    communication_disabled_until: null,
  };
}

export function makeTextChannel(
  guildId: string,
  name: string,
  position: number,
  topic: string | null = null,
): APITextChannel {
  return {
    id: snowflake(),
    type: ChannelType.GuildText,
    guild_id: guildId,
    name,
    position,
    permission_overwrites: [],
    parent_id: null,
    topic,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
  };
}

/** A voice channel: no audio, but bots see it and who is in it. */
export function makeVoiceChannel(guildId: string, name: string, position: number): APIGuildVoiceChannel {
  return {
    id: snowflake(),
    type: ChannelType.GuildVoice,
    guild_id: guildId,
    name,
    position,
    permission_overwrites: [],
    parent_id: null,
    nsfw: false,
    rate_limit_per_user: 0,
    last_message_id: null,
    bitrate: 64_000,
    user_limit: 0,
    rtc_region: null,
    flags: 0 as APIGuildVoiceChannel["flags"],
  };
}

/** The people of the default guild, by username (You, Alex, Sam, Riley). */
export type DefaultPeople = Partial<Record<string, APIUser>>;

/** The default people of `guild` (their users, so another server of the same world has the same people). */
export function defaultPeopleOf(guild: SimulatorGuild | undefined): DefaultPeople {
  const people: DefaultPeople = {};
  for (const member of guild?.members ?? []) {
    if (!member.user.bot && ["You", "Alex", "Sam", "Riley"].includes(member.user.username))
      people[member.user.username] ??= member.user;
  }
  return people;
}

/**
 * The default guild of runtime/README.md; `guildId` keeps a reset world's guild id stable.
 * `options.people` reuses users (the same You, Alex, Sam and Riley in every server of a world),
 * `options.botId` makes it that bot's own test server, `options.name` names it.
 */
export function defaultGuild(
  ownerName = "You",
  guildId: string = snowflake(),
  options: { people?: DefaultPeople; botId?: string; name?: string } = {},
): SimulatorGuild {
  const person = (name: string) => options.people?.[name] ?? makeUser(name);
  const you = person(ownerName);
  const alex = person("Alex");
  const sam = person("Sam");
  const riley = person("Riley");
  const member = makeRole(snowflake(), "Member", 1, 0n);
  const moderator = makeRole(snowflake(), "Moderator", 2, moderatorPermissions, { color: 0x3498db, hoist: true });
  const admin = makeRole(snowflake(), "Admin", 3, p.Administrator, { color: 0xe74c3c, hoist: true });
  const lounge = makeVoiceChannel(guildId, "Lounge", 3);
  return {
    id: guildId,
    name: options.name ?? sharedGuildName,
    ...(options.botId ? { botId: options.botId } : {}),
    ownerId: you.id,
    channels: [
      makeTextChannel(guildId, "general", 0, "General chat"),
      makeTextChannel(guildId, "bot-commands", 1, "Try your bot's commands here"),
      makeTextChannel(guildId, "mod-log", 2, "Moderation log"),
    ],
    roles: [makeRole(guildId, "@everyone", 0, everyonePermissions), member, moderator, admin],
    members: [
      makeMember(you, [admin.id]),
      makeMember(alex, [moderator.id]),
      makeMember(sam, [member.id]),
      makeMember(riley, [member.id]),
    ],
    // You sit in the Lounge, so a music bot's /play has somewhere to play to.
    voiceChannels: [lounge],
    voiceStates: [{ userId: you.id, channelId: lounge.id }],
  };
}

export const sharedGuildName = "Cipher Test Server";

/** A bot's own test server is named after it ("Economy Bot Test Server"); Discord allows 2–100 characters. */
export function ownGuildName(botName: string): string {
  return `${botName.trim().slice(0, 80) || "Bot"} Test Server`;
}

export function defaultWorld(ownerUserId: string): WorldState {
  return { version: 1, ownerUserId, guilds: [defaultGuild()], bots: [], messages: {}, bans: {}, dmChannels: [] };
}

/** Adds the bot's user and managed role to `guild`, the role just above Member (below Moderator). */
export function addBotToGuild(guild: SimulatorGuild, bot: StoredBot): void {
  if (guild.members.some((member) => member.user.id === bot.userId)) return;
  const user: APIUser = {
    id: bot.userId,
    username: bot.username,
    discriminator: "0001",
    global_name: null,
    avatar: null,
    bot: true,
  };
  const memberRole = guild.roles.find((role) => role.name === "Member" && !role.managed);
  const below = memberRole?.position ?? 0;
  for (const role of guild.roles) if (role.position > below) role.position += 1;
  const role = makeRole(snowflake(), bot.username, below + 1, botRolePermissions, {
    managed: true,
    tags: { bot_id: bot.userId },
  });
  guild.roles.push(role);
  guild.members.push(makeMember(user, [role.id]));
}

/** Takes the bot out of `guild`: its member, its managed role and its voice state. */
export function removeBotFromGuild(guild: SimulatorGuild, bot: StoredBot): boolean {
  if (!guild.members.some((member) => member.user.id === bot.userId)) return false;
  guild.members = guild.members.filter((member) => member.user.id !== bot.userId);
  const role = guild.roles.find((item) => item.managed && item.tags?.bot_id === bot.userId);
  if (role) {
    guild.roles = guild.roles.filter((item) => item !== role);
    for (const other of guild.roles) if (other.position > role.position) other.position -= 1;
  }
  guild.voiceStates = guild.voiceStates?.filter((state) => state.userId !== bot.userId);
  return true;
}

/** Whether the bot (by its user id) is a member of `guild`. */
export function hasMember(guild: SimulatorGuild, userId: string): boolean {
  return guild.members.some((member) => member.user.id === userId);
}

/** Removes a guild with what the world keeps about it (messages, bans, reactions). */
export function removeGuild(world: WorldState, guild: SimulatorGuild): void {
  world.guilds = world.guilds.filter((item) => item !== guild);
  for (const channel of guild.channels) {
    forgetMessages(world, world.messages[channel.id] ?? []);
    delete world.messages[channel.id];
  }
  delete world.bans[guild.id];
}

export function findChannel(
  world: WorldState,
  channelId: string,
): { guild?: SimulatorGuild; channel: APITextChannel | APIDMChannel } | undefined {
  for (const guild of world.guilds) {
    const channel = guild.channels.find((item) => item.id === channelId);
    if (channel) return { guild, channel };
  }
  const dm = world.dmChannels.find((item) => item.id === channelId);
  return dm ? { channel: dm } : undefined;
}

export function findUser(world: WorldState, userId: string): APIUser | undefined {
  for (const guild of world.guilds) {
    const member = guild.members.find((item) => item.user.id === userId);
    if (member) return member.user;
  }
  const bot = world.bots.find((item) => item.userId === userId);
  if (bot)
    return {
      id: bot.userId,
      username: bot.username,
      discriminator: "0001",
      global_name: null,
      avatar: null,
      bot: true,
    };
  for (const dm of world.dmChannels) {
    const user = dm.recipients?.find((item) => item.id === userId);
    if (user) return user;
  }
  return undefined;
}

export function findMember(guild: SimulatorGuild, userId: string): SimulatorMember | undefined {
  return guild.members.find((member) => member.user.id === userId);
}

export function channelMessages(world: WorldState, channelId: string): APIMessage[] {
  world.messages[channelId] ??= [];
  return world.messages[channelId];
}

export function storeMessage(world: WorldState, message: APIMessage): void {
  const list = channelMessages(world, message.channel_id);
  list.push(message);
  if (list.length > maxMessagesPerChannel) forgetMessages(world, list.splice(0, list.length - maxMessagesPerChannel));
  trimWorldMessages(world);
  const found = findChannel(world, message.channel_id);
  if (found) found.channel.last_message_id = message.id;
}

/** Drops what is kept about messages no longer kept (who reacted). */
function forgetMessages(world: WorldState, removed: APIMessage[]): void {
  if (!world.reactionUsers) return;
  for (const message of removed) delete world.reactionUsers[message.id];
}

/**
 * A world keeps at most simulatorLimits.messagesPerWorld messages across its channels (hundreds of
 * channels × 100 each would otherwise make one world's document huge): beyond that, the
 * channel holding the most gives up its oldest.
 */
function trimWorldMessages(world: WorldState): void {
  let total = 0;
  for (const list of Object.values(world.messages)) total += list.length;
  while (total > simulatorLimits.messagesPerWorld) {
    let largest: APIMessage[] | undefined;
    for (const list of Object.values(world.messages)) if (!largest || list.length > largest.length) largest = list;
    if (!largest?.length) return;
    const excess = Math.min(total - simulatorLimits.messagesPerWorld, Math.max(1, largest.length - 1));
    forgetMessages(world, largest.splice(0, excess));
    total -= excess;
  }
}
