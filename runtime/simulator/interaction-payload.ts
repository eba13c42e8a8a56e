/**
 * What every INTERACTION_CREATE the simulator builds shares (slash commands, components, modal
 * submits): who acts where, checked; the payload's common fields as Discord sends them; and
 * sending it to the one bot it is for, with its record kept for the bot's responses.
 */
import { randomBytes } from "node:crypto";

import {
  ApplicationIntegrationType,
  GatewayDispatchEvents,
  InteractionContextType,
  Locale,
  type APIInteractionDataResolved,
  type APIMessage,
  type APIMessageInteractionMetadata,
  type APITextChannel,
  type InteractionType,
} from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import { timedOutUntil } from "./clock";
import { publish, type Simulator } from "./context";
import { ControlError } from "./control-error";
import type { InteractionRecord } from "./interaction-store";
import { channelPermissions, guildPermissions } from "./permissions";
import { snowflake } from "./snowflake";
import { findChannel, findMember, type StoredBot, type WorldState } from "./world";

/** A member acting in a guild channel where the bot is. */
export interface InteractionActor {
  bot: StoredBot;
  guild: SimulatorGuild;
  channel: APITextChannel;
  member: SimulatorMember;
  botMember: SimulatorMember;
}

/** Refuses a member whose timeout is not over by the world's clock (Discord greys out their input). */
export function requireNotTimedOut(world: WorldState, member: SimulatorMember): void {
  const until = timedOutUntil(world, member);
  if (until) {
    const name = member.nick ?? member.user.global_name ?? member.user.username;
    throw new ControlError(403, `${name} is timed out until ${until} (the world's clock).`, 50013);
  }
}

export function interactionActor(
  world: WorldState,
  bot: StoredBot,
  channelId: string,
  authorId: string,
): InteractionActor {
  const found = findChannel(world, channelId);
  if (!found?.guild) throw new ControlError(404, "Unknown channel.", 10003);
  const guild = found.guild;
  const member = findMember(guild, authorId);
  if (!member) throw new ControlError(404, "Unknown member.", 10007);
  requireNotTimedOut(world, member);
  const botMember = findMember(guild, bot.userId);
  if (!botMember) throw new ControlError(404, "The bot is not a member of this server.", 10007);
  return { bot, guild, channel: found.channel as APITextChannel, member, botMember };
}

export type Resolved = Required<Pick<APIInteractionDataResolved, "users" | "members" | "roles" | "channels">>;

export function emptyResolved(): Resolved {
  return { users: {}, members: {}, roles: {}, channels: {} };
}

/** The resolved maps that hold something (Discord leaves out empty ones). */
export function presentResolved(resolved: Resolved): APIInteractionDataResolved | undefined {
  const present = Object.fromEntries(Object.entries(resolved).filter(([, map]) => Object.keys(map).length > 0));
  return Object.keys(present).length > 0 ? present : undefined;
}

/** Adds a member of the guild to `resolved` (user and member, with permissions); false if not a member. */
export function resolveMember(guild: SimulatorGuild, id: string, resolved: Resolved): boolean {
  const member = findMember(guild, id);
  if (!member) return false;
  resolved.users[id] = member.user;
  const { user: _user, deaf: _deaf, mute: _mute, ...rest } = member;
  resolved.members[id] = { ...rest, permissions: guildPermissions(guild, member).toString() };
  return true;
}

export function resolveChannel(channel: APITextChannel, resolved: Resolved): void {
  resolved.channels[channel.id] = {
    id: channel.id,
    name: channel.name,
    type: channel.type,
    permissions: "0",
    parent_id: channel.parent_id ?? null,
  } as Resolved["channels"][string];
}

export function integrationOwners(guildId: string): APIMessageInteractionMetadata["authorizing_integration_owners"] {
  return { [ApplicationIntegrationType.GuildInstall]: guildId };
}

export interface BuiltInteraction {
  id: string;
  token: string;
  payload: Record<string, unknown> & { id: string; token: string };
}

/** An interaction's payload: `data` and (components, modals from them) `message` are the caller's. */
export function buildInteraction(
  actor: InteractionActor,
  type: InteractionType,
  data: unknown,
  message?: APIMessage,
): BuiltInteraction {
  const { bot, guild, channel, member, botMember } = actor;
  // Real time, not the world's clock: the bot's library dates the token's 15 minutes from it.
  const id = snowflake();
  const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(32).toString("base64url")}`;
  const locale = Locale.EnglishUS;
  const payload = {
    id,
    application_id: bot.applicationId,
    type,
    data,
    guild: { id: guild.id, locale, features: [] },
    guild_id: guild.id,
    guild_locale: locale,
    channel: {
      id: channel.id,
      type: channel.type,
      name: channel.name,
      guild_id: guild.id,
      position: channel.position,
      permission_overwrites: channel.permission_overwrites ?? [],
      nsfw: channel.nsfw ?? false,
      parent_id: channel.parent_id ?? null,
      topic: channel.topic ?? null,
      rate_limit_per_user: channel.rate_limit_per_user ?? 0,
      last_message_id: channel.last_message_id ?? null,
      flags: 0,
    },
    channel_id: channel.id,
    member: { ...member, permissions: channelPermissions(guild, member, channel).toString() },
    ...(message ? { message } : {}),
    token,
    version: 1,
    app_permissions: channelPermissions(guild, botMember, channel).toString(),
    locale,
    entitlements: [],
    authorizing_integration_owners: integrationOwners(guild.id),
    context: InteractionContextType.Guild,
    attachment_size_limit: 26_214_400,
  };
  return { id, token, payload };
}

export type RecordDetails = Pick<InteractionRecord, "commandName" | "metadata" | "sourceMessageId" | "sourceEphemeral">;

/** Keeps the interaction's record (for the bot's callback) and sends it to that bot only. */
export function sendInteraction(
  sim: Simulator,
  worldUserId: string,
  actor: InteractionActor,
  built: BuiltInteraction,
  type: InteractionType,
  details: RecordDetails,
): void {
  sim.interactions.add({
    id: built.id,
    token: built.token,
    type,
    applicationId: actor.bot.applicationId,
    botId: actor.bot.botId,
    botUserId: actor.bot.userId,
    worldUserId,
    channelId: actor.channel.id,
    guildId: actor.guild.id,
    user: actor.member.user,
    createdAt: Date.now(),
    acknowledged: false,
    ephemeral: new Map(),
    ...details,
  });
  const { token: _token, ...visible } = built.payload;
  publish(
    sim,
    worldUserId,
    {
      type: "interaction_create",
      guildId: actor.guild.id,
      channelId: actor.channel.id,
      botId: actor.bot.botId,
      data: visible,
    },
    { t: GatewayDispatchEvents.InteractionCreate, d: built.payload, toBotUserId: actor.bot.userId },
  );
}
