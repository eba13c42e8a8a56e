/** Channel messages: list, send, fetch, edit, delete, bulk delete, reactions and typing. */
import {
  GatewayDispatchEvents,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  type APIMessage,
} from "discord-api-types/v10";

import { createMessage, deleteMessages, dmRecipients, updateMessage } from "../actions";
import { worldIso, worldNow } from "../clock";
import { publish } from "../context";
import type { Router } from "../http";
import { buildMessage, mentionsOf } from "../payloads";
import { changeReaction, messageFor, parseEmoji, reactionUserIds } from "../reactions";
import { snowflakeTime } from "../snowflake";
import { channelMessages, findUser, maxMessagesPerChannel, type WorldState } from "../world";
import {
  bodyObject,
  channelOf,
  errors,
  fieldError,
  intQuery,
  isSnowflake,
  noContent,
  ok,
  requireAuth,
  requireChannelPermission,
  snowflakeQuery,
  type RestContext,
} from "./common";
import { parseMessageFields } from "./message-body";

const fourteenDaysMs = 14 * 24 * 60 * 60 * 1000;

export function findMessage(world: WorldState, channelId: string, messageId: string): APIMessage {
  const message = (world.messages[channelId] ?? []).find((item) => item.id === messageId);
  if (!message) throw errors.unknownMessage();
  return message;
}

function listMessages(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.ReadMessageHistory);
  const limit = intQuery(context, "limit", 1, 100, 50);
  const all = channelMessages(auth.world, access.channel.id);
  const before = snowflakeQuery(context, "before");
  const after = snowflakeQuery(context, "after");
  const around = snowflakeQuery(context, "around");
  let selected: APIMessage[];
  if (around !== null) {
    const index = all.findIndex((message) => BigInt(message.id) >= around);
    const center = index === -1 ? all.length : index;
    const start = Math.max(0, center - Math.floor(limit / 2));
    selected = all.slice(start, start + limit);
  } else if (after !== null) {
    selected = all.filter((message) => BigInt(message.id) > after).slice(0, limit);
  } else {
    const older = before !== null ? all.filter((message) => BigInt(message.id) < before) : all;
    selected = older.slice(-limit);
  }
  return ok(selected.toReversed().map((message) => messageFor(auth.world, message, auth.bot.userId)));
}

/**
 * The simulator keeps the last maxMessagesPerChannel messages of a channel; Discord keeps them all.
 * A full history whose oldest kept message is newer than the id means the message was trimmed.
 */
function olderThanKeptHistory(history: APIMessage[], id: string): boolean {
  if (history.length < maxMessagesPerChannel || !/^\d{1,20}$/.test(id)) return false;
  return BigInt(id) < BigInt(history[0]!.id);
}

function sendMessage(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.SendMessages);
  const body = bodyObject(context);
  const fields = parseMessageFields(body, context.files, context.sim.baseUrl);
  if (fields.embeds?.length) requireChannelPermission(access, PermissionFlagsBits.EmbedLinks);
  let referenced: APIMessage | undefined;
  /** A reply to a message older than the channel's kept history (it existed; only its body is gone). */
  let trimmedReference: string | undefined;
  if (fields.messageReference?.message_id) {
    const referenceId = fields.messageReference.message_id;
    const history = auth.world.messages[access.channel.id] ?? [];
    referenced = history.find((item) => item.id === referenceId);
    if (!referenced && olderThanKeptHistory(history, referenceId)) trimmedReference = referenceId;
    else if (!referenced && fields.messageReference.fail_if_not_exists !== false) {
      throw fieldError(["message_reference"], "MESSAGE_REFERENCE_UNKNOWN_MESSAGE", "Unknown message");
    }
  }
  const referenceId = referenced?.id ?? trimmedReference;
  const message = buildMessage(auth.world, {
    channelId: access.channel.id,
    author: findUser(auth.world, auth.bot.userId) ?? {
      id: auth.bot.userId,
      username: auth.bot.username,
      discriminator: "0001",
      global_name: null,
      avatar: null,
      bot: true,
    },
    content: fields.content,
    embeds: fields.embeds,
    components: fields.components,
    attachments: fields.attachments,
    tts: fields.tts,
    nonce: fields.nonce,
    flags: (fields.flags ?? 0) & (MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications),
    messageReference: referenceId
      ? {
          type: 0,
          message_id: referenceId,
          channel_id: access.channel.id,
          ...(access.guild ? { guild_id: access.guild.id } : {}),
        }
      : undefined,
  });
  if (referenced) message.referenced_message = referenced;
  createMessage(context.sim, auth.worldUserId, auth.world, message, auth.botId);
  return ok(message);
}

function getMessage(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  requireChannelPermission(access, PermissionFlagsBits.ViewChannel, PermissionFlagsBits.ReadMessageHistory);
  return ok(
    messageFor(auth.world, findMessage(auth.world, access.channel.id, params.messageId ?? ""), auth.bot.userId),
  );
}

function editMessage(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  const message = findMessage(auth.world, access.channel.id, params.messageId ?? "");
  if (message.author.id !== auth.bot.userId) throw errors.cannotEditOthers();
  const fields = parseMessageFields(bodyObject(context), context.files, context.sim.baseUrl, true);
  applyEdit(auth.world, message, fields, access.guild);
  updateMessage(context.sim, auth.worldUserId, auth.world, message, auth.botId);
  return ok(messageFor(auth.world, message, auth.bot.userId));
}

export function applyEdit(
  world: WorldState,
  message: APIMessage,
  fields: ReturnType<typeof parseMessageFields>,
  guild: Parameters<typeof mentionsOf>[1],
): void {
  if (fields.content !== undefined) {
    message.content = fields.content;
    Object.assign(message, mentionsOf(world, guild, fields.content));
  }
  if (fields.embeds) message.embeds = fields.embeds;
  if (fields.components) message.components = fields.components;
  if (fields.attachments) message.attachments = [...message.attachments, ...fields.attachments];
  if (fields.flags !== undefined)
    message.flags =
      ((message.flags ?? 0) & ~MessageFlags.SuppressEmbeds) | (fields.flags & MessageFlags.SuppressEmbeds);
  message.edited_timestamp = worldIso(world);
}

function deleteMessage(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  const message = findMessage(auth.world, access.channel.id, params.messageId ?? "");
  if (message.author.id !== auth.bot.userId) requireChannelPermission(access, PermissionFlagsBits.ManageMessages);
  deleteMessages(context.sim, auth.worldUserId, auth.world, access.channel.id, [message.id], auth.botId);
  return noContent();
}

function bulkDelete(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  requireChannelPermission(access, PermissionFlagsBits.ManageMessages);
  const ids = bodyObject(context).messages;
  if (!Array.isArray(ids) || !ids.every(isSnowflake))
    throw fieldError(["messages"], "BASE_TYPE_REQUIRED", "This field is required");
  if (ids.length < 2) throw fieldError(["messages"], "BASE_TYPE_MIN_LENGTH", "Must be 2 or more in length.");
  if (ids.length > 100) throw fieldError(["messages"], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
  const now = worldNow(auth.world);
  if (ids.some((id) => now - snowflakeTime(id) > fourteenDaysMs)) throw errors.tooOld();
  const existing = new Set((auth.world.messages[access.channel.id] ?? []).map((message) => message.id));
  const found = [...new Set(ids)].filter((id) => existing.has(id));
  if (found.length > 0) deleteMessages(context.sim, auth.worldUserId, auth.world, access.channel.id, found, auth.botId);
  return noContent();
}

/** Adds or removes one user's reaction (the bot's own, or another's with Manage Messages); false when nothing changed. */
export function setReaction(
  context: RestContext,
  channelId: string,
  messageId: string,
  rawEmoji: string,
  userId: string,
  add: boolean,
): boolean {
  const auth = requireAuth(context);
  const access = channelOf(auth, channelId);
  const message = findMessage(auth.world, access.channel.id, messageId);
  return changeReaction(context.sim, auth.worldUserId, auth.world, {
    guild: access.guild,
    channelId: access.channel.id,
    message,
    emoji: parseEmoji(rawEmoji),
    userId,
    add,
    botId: auth.botId,
    beforeNewEmoji: () => requireChannelPermission(access, PermissionFlagsBits.AddReactions),
  });
}

function typing(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  const access = channelOf(auth, params.channelId ?? "");
  requireChannelPermission(access, PermissionFlagsBits.SendMessages);
  const guild = access.guild;
  const member = guild?.members.find((item) => item.user.id === auth.bot.userId);
  const data = {
    channel_id: access.channel.id,
    user_id: auth.bot.userId,
    timestamp: Math.floor(worldNow(auth.world) / 1000),
    ...(guild ? { guild_id: guild.id, member } : {}),
  };
  publish(
    context.sim,
    auth.worldUserId,
    { type: "typing_start", guildId: guild?.id, channelId: access.channel.id, botId: auth.botId, data },
    {
      t: GatewayDispatchEvents.TypingStart,
      d: data,
      intent: guild ? GatewayIntentBits.GuildMessageTyping : GatewayIntentBits.DirectMessageTyping,
      // In a DM, only the bots in it see the typing.
      dmRecipients: dmRecipients(auth.world, access.channel.id),
    },
  );
  return noContent();
}

export function messageRoutes(router: Router<RestContext>): void {
  const base = "/channels/:channelId/messages";
  // The bot's own reaction: PUT adds it, DELETE removes it.
  const ownReaction =
    (add: boolean): Parameters<typeof router.add>[2] =>
    (context, params) => {
      setReaction(
        context,
        params.channelId ?? "",
        params.messageId ?? "",
        params.emoji ?? "",
        requireAuth(context).bot.userId,
        add,
      );
      return noContent();
    };
  const reaction = `${base}/:messageId/reactions/:emoji`;
  router
    .add("GET", base, listMessages)
    .add("POST", base, sendMessage, { limit: 5, windowMs: 5000 })
    .add("POST", `${base}/bulk-delete`, bulkDelete, { limit: 1, windowMs: 1000 })
    .add("GET", `${base}/:messageId`, getMessage)
    .add("PATCH", `${base}/:messageId`, editMessage, { limit: 5, windowMs: 5000 })
    .add("DELETE", `${base}/:messageId`, deleteMessage, { limit: 5, windowMs: 1000 })
    .add("PUT", `${reaction}/@me`, ownReaction(true), { limit: 1, windowMs: 250 })
    .add("DELETE", `${reaction}/@me`, ownReaction(false), { limit: 1, windowMs: 250 })
    .add(
      "DELETE",
      `${reaction}/:userId`,
      (context, params) => {
        const auth = requireAuth(context);
        requireChannelPermission(channelOf(auth, params.channelId ?? ""), PermissionFlagsBits.ManageMessages);
        setReaction(
          context,
          params.channelId ?? "",
          params.messageId ?? "",
          params.emoji ?? "",
          params.userId ?? "",
          false,
        );
        return noContent();
      },
      { limit: 1, windowMs: 250 },
    )
    .add("GET", reaction, (context, params) => {
      const auth = requireAuth(context);
      const access = channelOf(auth, params.channelId ?? "");
      const message = findMessage(auth.world, access.channel.id, params.messageId ?? "");
      const users = reactionUserIds(auth.world, message.id, parseEmoji(params.emoji ?? ""));
      return ok(
        users.flatMap((id) => {
          const user = findUser(auth.world, id);
          return user ? [user] : [];
        }),
      );
    })
    .add("POST", "/channels/:channelId/typing", typing, { limit: 5, windowMs: 5000 });
}
