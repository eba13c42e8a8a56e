/** Channels: fetch, edit (name, topic, slowmode…), delete, and creating them in a guild. */
import {
  ChannelType,
  GatewayDispatchEvents,
  OverwriteType,
  PermissionFlagsBits,
  type APITextChannel,
} from "discord-api-types/v10";

import { publish } from "../context";
import type { Router } from "../http";
import { simulatorLimits } from "../limits";
import { makeTextChannel } from "../world";
import {
  bodyObject,
  channelOf,
  errors,
  fieldError,
  guildOf,
  isSnowflake,
  noContent,
  objectAt,
  ok,
  optionalString,
  permissionField,
  requireAuth,
  requireChannelPermission,
  requireGuildPermission,
  selfMember,
  type RestContext,
} from "./common";

function channelEvent(
  context: RestContext,
  type: "channel_create" | "channel_update" | "channel_delete",
  channel: APITextChannel,
) {
  const auth = requireAuth(context);
  const t = {
    channel_create: GatewayDispatchEvents.ChannelCreate,
    channel_update: GatewayDispatchEvents.ChannelUpdate,
    channel_delete: GatewayDispatchEvents.ChannelDelete,
  }[type];
  publish(
    context.sim,
    auth.worldUserId,
    { type, guildId: channel.guild_id, channelId: channel.id, botId: auth.botId, data: channel },
    { t, d: channel, intent: 1 },
  );
}

function applyChannelFields(channel: APITextChannel, body: Record<string, unknown>): void {
  const name = optionalString(body, "name", 100, 1);
  if (name) channel.name = name.toLowerCase().replace(/\s+/g, "-");
  const topic = optionalString(body, "topic", 1024);
  if (topic !== undefined) channel.topic = topic;
  if (body.rate_limit_per_user !== undefined) {
    const value = body.rate_limit_per_user;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 21_600) {
      throw fieldError(["rate_limit_per_user"], "NUMBER_TYPE_MAX", "Int value should be less than or equal to 21600.");
    }
    channel.rate_limit_per_user = value;
  }
  if (typeof body.nsfw === "boolean") channel.nsfw = body.nsfw;
  if (typeof body.position === "number") channel.position = body.position;
  if (body.permission_overwrites !== undefined && body.permission_overwrites !== null)
    channel.permission_overwrites = parseOverwrites(body.permission_overwrites);
}

/** Permission overwrites as Discord takes them: `{ id, type: 0 | 1, allow, deny }`, at most 100. */
function parseOverwrites(value: unknown): NonNullable<APITextChannel["permission_overwrites"]> {
  if (!Array.isArray(value)) throw fieldError(["permission_overwrites"], "BASE_TYPE_LIST", "Must be an array.");
  if (value.length > 100)
    throw fieldError(["permission_overwrites"], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
  return value.map((raw, index) => {
    const path = ["permission_overwrites", index];
    const item = objectAt(raw, path);
    const id = typeof item.id === "number" && Number.isSafeInteger(item.id) ? String(item.id) : item.id;
    if (!isSnowflake(id)) throw fieldError([...path, "id"], "NUMBER_TYPE_COERCE", "Value is not snowflake.");
    if (item.type !== OverwriteType.Role && item.type !== OverwriteType.Member)
      throw fieldError([...path, "type"], "BASE_TYPE_CHOICES", "Value must be one of (0, 1).");
    return {
      id,
      type: item.type,
      allow: permissionField(item.allow ?? "0", [...path, "allow"]),
      deny: permissionField(item.deny ?? "0", [...path, "deny"]),
    };
  });
}

/** A server channel whose permission overwrites the bot may change (View Channel and Manage Roles there). */
function overwriteAccess(context: RestContext, channelId: string) {
  const access = channelOf(requireAuth(context), channelId);
  if (!access.guild) throw errors.missingAccess();
  requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.ManageRoles);
  return access;
}

export function channelRoutes(router: Router<RestContext>): void {
  router
    .add("GET", "/channels/:channelId", (context, params) => {
      const access = channelOf(requireAuth(context), params.channelId ?? "");
      requireChannelPermission(access, PermissionFlagsBits.ViewChannel);
      return ok(access.channel);
    })
    .add(
      "PATCH",
      "/channels/:channelId",
      (context, params) => {
        const access = channelOf(requireAuth(context), params.channelId ?? "");
        if (!access.guild) throw errors.missingAccess();
        requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.ManageChannels);
        const channel = access.channel as APITextChannel;
        applyChannelFields(channel, bodyObject(context));
        channelEvent(context, "channel_update", channel);
        return ok(channel);
      },
      { limit: 5, windowMs: 5000 },
    )
    .add(
      "DELETE",
      "/channels/:channelId",
      (context, params) => {
        const auth = requireAuth(context);
        const access = channelOf(auth, params.channelId ?? "");
        if (!access.guild) throw errors.missingAccess();
        requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.ManageChannels);
        const channel = access.channel as APITextChannel;
        access.guild.channels = access.guild.channels.filter((item) => item.id !== channel.id);
        delete auth.world.messages[channel.id];
        channelEvent(context, "channel_delete", channel);
        return ok(channel);
      },
      { limit: 5, windowMs: 5000 },
    )
    .add(
      "PUT",
      "/channels/:channelId/permissions/:overwriteId",
      (context, params) => {
        const access = overwriteAccess(context, params.channelId ?? "");
        const id = params.overwriteId ?? "";
        if (!isSnowflake(id)) throw fieldError(["overwrite_id"], "NUMBER_TYPE_COERCE", "Value is not snowflake.");
        const body = bodyObject(context);
        if (body.type !== OverwriteType.Role && body.type !== OverwriteType.Member)
          throw fieldError(["type"], "BASE_TYPE_CHOICES", "Value must be one of (0, 1).");
        const allow = permissionField(body.allow ?? "0", ["allow"]);
        const deny = permissionField(body.deny ?? "0", ["deny"]);
        // A bot may only allow or deny what it has itself in the channel (Discord's rule).
        if (access.permissions !== -1n && (BigInt(allow) | BigInt(deny)) & ~access.permissions)
          throw errors.missingPermissions();
        const channel = access.channel as APITextChannel;
        const kept = (channel.permission_overwrites ?? []).filter((item) => item.id !== id);
        if (kept.length >= 100)
          throw fieldError(["permission_overwrites"], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
        channel.permission_overwrites = [...kept, { id, type: body.type, allow, deny }];
        channelEvent(context, "channel_update", channel);
        return noContent();
      },
      { limit: 5, windowMs: 5000 },
    )
    .add(
      "DELETE",
      "/channels/:channelId/permissions/:overwriteId",
      (context, params) => {
        const access = overwriteAccess(context, params.channelId ?? "");
        const channel = access.channel as APITextChannel;
        const overwrites = channel.permission_overwrites ?? [];
        if (!overwrites.some((item) => item.id === params.overwriteId)) throw errors.unknownOverwrite();
        channel.permission_overwrites = overwrites.filter((item) => item.id !== params.overwriteId);
        channelEvent(context, "channel_update", channel);
        return noContent();
      },
      { limit: 5, windowMs: 5000 },
    )
    .add("GET", "/guilds/:guildId/channels", (context, params) =>
      ok(guildOf(requireAuth(context), params.guildId ?? "").channels),
    )
    .add(
      "POST",
      "/guilds/:guildId/channels",
      (context, params) => {
        const auth = requireAuth(context);
        const guild = guildOf(auth, params.guildId ?? "");
        requireGuildPermission(guild, selfMember(auth, guild), PermissionFlagsBits.ManageChannels);
        if (guild.channels.length >= simulatorLimits.channelsPerGuild) throw errors.maxChannels();
        const body = bodyObject(context);
        const name = optionalString(body, "name", 100, 1);
        if (!name) throw fieldError(["name"], "BASE_TYPE_REQUIRED", "This field is required");
        const type = body.type ?? ChannelType.GuildText;
        if (type !== ChannelType.GuildText && type !== ChannelType.GuildAnnouncement) {
          throw fieldError(["type"], "BASE_TYPE_CHOICES", "The simulator has text channels only (type 0 or 5).");
        }
        const channel = makeTextChannel(guild.id, name.toLowerCase().replace(/\s+/g, "-"), guild.channels.length);
        applyChannelFields(channel, { ...body, name: undefined });
        guild.channels.push(channel);
        channelEvent(context, "channel_create", channel);
        return { status: 201, body: channel };
      },
      { limit: 5, windowMs: 10_000 },
    )
    .add("PATCH", "/guilds/:guildId/channels", (context, params) => {
      const auth = requireAuth(context);
      const guild = guildOf(auth, params.guildId ?? "");
      requireGuildPermission(guild, selfMember(auth, guild), PermissionFlagsBits.ManageChannels);
      if (!Array.isArray(context.body)) throw fieldError([], "BASE_TYPE_LIST", "Must be an array.");
      for (const [index, raw] of context.body.entries()) {
        const item = objectAt(raw, [index]);
        const channel = guild.channels.find((candidate) => candidate.id === item.id);
        if (!channel) throw errors.unknownChannel();
        if (typeof item.position === "number") {
          channel.position = item.position;
          channelEvent(context, "channel_update", channel);
        }
      }
      return { status: 204 };
    });
}
