/** Discord's payload shapes built from the world: guilds, messages and the like. */
import {
  GuildDefaultMessageNotifications,
  GuildExplicitContentFilter,
  GuildMFALevel,
  GuildNSFWLevel,
  GuildPremiumTier,
  GuildVerificationLevel,
  Locale,
  MessageType,
  type APIAttachment,
  type APIEmbed,
  type APIGuild,
  type APIMessage,
  type APIUser,
  type GatewayGuildCreateDispatchData,
  type GuildHubType,
  type GuildSystemChannelFlags,
  type MessageFlags,
} from "discord-api-types/v10";

import type { SimulatorGuild, SimulatorMember } from "@/lib/simulator/types";

import { worldNow } from "./clock";
import { snowflake } from "./snowflake";
import { findChannel, type WorldState } from "./world";

export function apiGuild(guild: SimulatorGuild): APIGuild {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    icon_hash: null,
    splash: null,
    discovery_splash: null,
    owner_id: guild.ownerId,
    region: "us-west",
    afk_channel_id: null,
    afk_timeout: 300,
    widget_enabled: false,
    widget_channel_id: null,
    verification_level: GuildVerificationLevel.None,
    default_message_notifications: GuildDefaultMessageNotifications.OnlyMentions,
    explicit_content_filter: GuildExplicitContentFilter.Disabled,
    roles: guild.roles,
    emojis: [],
    features: [],
    mfa_level: GuildMFALevel.None,
    application_id: null,
    system_channel_id: guild.channels[0]?.id ?? null,
    system_channel_flags: 0 as GuildSystemChannelFlags,
    rules_channel_id: null,
    max_presences: null,
    max_members: 500_000,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: GuildPremiumTier.None,
    premium_subscription_count: 0,
    preferred_locale: Locale.EnglishUS,
    public_updates_channel_id: null,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    nsfw_level: GuildNSFWLevel.Default,
    stickers: [],
    premium_progress_bar_enabled: false,
    hub_type: null as GuildHubType | null,
    safety_alerts_channel_id: null,
    incidents_data: null,
  };
}

export function guildCreatePayload(
  guild: SimulatorGuild,
  members: SimulatorMember[],
  joinedAt: string,
  withVoiceStates = false,
): GatewayGuildCreateDispatchData {
  return {
    ...apiGuild(guild),
    joined_at: joinedAt,
    large: false,
    unavailable: false,
    member_count: guild.members.length,
    // Voice states come only with the GuildVoiceStates intent, as on Discord.
    voice_states: withVoiceStates
      ? (guild.voiceStates ?? []).map((state) => ({
          guild_id: guild.id,
          channel_id: state.channelId,
          user_id: state.userId,
          session_id: `voice-${state.userId}`,
          deaf: false,
          mute: false,
          self_deaf: false,
          self_mute: false,
          self_video: false,
          suppress: false,
          request_to_speak_timestamp: null,
        }))
      : [],
    members,
    channels: [...guild.channels, ...(guild.voiceChannels ?? [])],
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

export interface NewMessage {
  channelId: string;
  author: APIUser;
  content?: string;
  embeds?: APIEmbed[];
  attachments?: APIAttachment[];
  components?: APIMessage["components"];
  tts?: boolean;
  flags?: number;
  nonce?: string | number;
  type?: MessageType;
  messageReference?: APIMessage["message_reference"];
  webhookId?: string;
  applicationId?: string;
  interactionMetadata?: APIMessage["interaction_metadata"];
  interaction?: APIMessage["interaction"];
}

/** Parses `<@id>`, `<@!id>`, `<@&role>` and @everyone mentions like Discord does. */
export function mentionsOf(world: WorldState, guild: SimulatorGuild | undefined, content: string) {
  const userIds = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((match) => match[1] ?? ""))];
  const mentions = userIds.flatMap((id): APIMessage["mentions"] => {
    const member = guild?.members.find((item) => item.user.id === id);
    if (member) {
      const { user, ...rest } = member;
      // Gateway mentions carry the partial member too.
      return [{ ...user, member: rest } as APIUser];
    }
    const bot = world.bots.find((item) => item.userId === id);
    return bot
      ? [{ id: bot.userId, username: bot.username, discriminator: "0001", global_name: null, avatar: null, bot: true }]
      : [];
  });
  const roleIds = [...new Set([...content.matchAll(/<@&(\d+)>/g)].map((match) => match[1] ?? ""))];
  return {
    mentions,
    mention_roles: roleIds.filter((id) => guild?.roles.some((role) => role.id === id)),
    mention_everyone: /@(everyone|here)/.test(content),
  };
}

export function buildMessage(world: WorldState, input: NewMessage): APIMessage {
  const found = findChannel(world, input.channelId);
  const guild = found?.guild;
  const content = input.content ?? "";
  // Dated by the world's clock: ids and timestamps agree (discord.js and discord.py read the id's time).
  const now = worldNow(world);
  const message: APIMessage = {
    id: snowflake(now),
    type: input.type ?? (input.messageReference ? MessageType.Reply : MessageType.Default),
    channel_id: input.channelId,
    author: input.author,
    content,
    timestamp: new Date(now).toISOString(),
    edited_timestamp: null,
    tts: input.tts ?? false,
    ...mentionsOf(world, guild, content),
    attachments: input.attachments ?? [],
    embeds: input.embeds ?? [],
    components: input.components ?? [],
    pinned: false,
    flags: (input.flags ?? 0) as MessageFlags,
  };
  if (input.nonce !== undefined) message.nonce = input.nonce;
  if (input.messageReference) message.message_reference = input.messageReference;
  if (input.webhookId) message.webhook_id = input.webhookId;
  if (input.applicationId) message.application_id = input.applicationId;
  if (input.interactionMetadata) message.interaction_metadata = input.interactionMetadata;
  if (input.interaction) message.interaction = input.interaction;
  return message;
}

/** A message as the gateway sends it in a guild: with `guild_id` and the author's `member`. */
export function gatewayMessage(
  message: APIMessage,
  guild: SimulatorGuild | undefined,
): APIMessage & { guild_id?: string; member?: unknown } {
  if (!guild) return message;
  const member = guild.members.find((item) => item.user.id === message.author.id);
  if (!member || message.webhook_id) return { ...message, guild_id: guild.id };
  const { user: _user, ...rest } = member;
  return { ...message, guild_id: guild.id, member: rest };
}
