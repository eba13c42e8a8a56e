/**
 * Interaction responses (no Authorization header, as on Discord): the callback, follow-ups and
 * edits of the original response. Each becomes a message in the world, linked to its
 * interaction; ephemeral ones (flags 64) are kept out of the channel's history and the gateway
 * but still reach the control event stream, flagged.
 */
import {
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  MessageType,
  type APIMessage,
} from "discord-api-types/v10";

import { createMessage, deleteMessages, updateMessage } from "../actions";
import { publish } from "../context";
import type { Router } from "../http";
import { callbackWindowMs, type InteractionRecord } from "../interaction-store";
import { openModal, parseModal } from "../modals";
import { buildMessage, type NewMessage } from "../payloads";
import { findChannel, findUser, type WorldState } from "../world";
import { bodyObject, errors, fieldError, noContent, ok, type RestContext } from "./common";
import { parseMessageFields } from "./message-body";
import { applyEdit } from "./messages";

async function worldOf(context: RestContext, record: InteractionRecord): Promise<WorldState> {
  return context.sim.worlds.get(record.worldUserId);
}

/**
 * How a response message presents itself: a slash command's says which command it answers; a
 * component's (and a modal's opened from one) replies to the message the component is on.
 */
function responseKind(record: InteractionRecord): Partial<NewMessage> {
  const base = { interactionMetadata: record.metadata };
  if (record.type === InteractionType.ApplicationCommand) {
    return {
      ...base,
      type: MessageType.ChatInputCommand,
      interaction: { id: record.id, type: record.type, name: record.commandName, user: record.user },
    };
  }
  const source = record.sourceMessageId && !record.sourceEphemeral ? record.sourceMessageId : undefined;
  if (!source) return { ...base, type: MessageType.ChatInputCommand };
  return {
    ...base,
    type: MessageType.Reply,
    messageReference: {
      type: 0,
      message_id: source,
      channel_id: record.channelId,
      ...(record.guildId ? { guild_id: record.guildId } : {}),
    },
  };
}

function responseMessage(
  context: RestContext,
  world: WorldState,
  record: InteractionRecord,
  body: Record<string, unknown>,
  loading: boolean,
): APIMessage {
  const fields = parseMessageFields(body, context.files, context.sim.baseUrl, loading);
  const flags =
    ((fields.flags ?? 0) &
      (MessageFlags.Ephemeral | MessageFlags.SuppressEmbeds | MessageFlags.SuppressNotifications)) |
    (loading ? MessageFlags.Loading : 0);
  const author = findUser(world, record.botUserId) ?? {
    id: record.botUserId,
    username: "bot",
    discriminator: "0001",
    global_name: null,
    avatar: null,
    bot: true,
  };
  const message = buildMessage(world, {
    channelId: record.channelId,
    author,
    content: loading ? "" : fields.content,
    embeds: loading ? [] : fields.embeds,
    components: loading ? [] : fields.components,
    attachments: loading ? [] : fields.attachments,
    tts: fields.tts,
    flags,
    webhookId: record.applicationId,
    applicationId: record.applicationId,
    ...responseKind(record),
  });
  if (message.message_reference?.message_id) {
    const referenced = (world.messages[record.channelId] ?? []).find(
      (item) => item.id === message.message_reference?.message_id,
    );
    if (referenced) message.referenced_message = referenced;
  }
  return message;
}

/** Stores and announces a response message (ephemeral ones only to the control stream). */
function postResponse(context: RestContext, world: WorldState, record: InteractionRecord, message: APIMessage): void {
  if ((message.flags ?? 0) & MessageFlags.Ephemeral) {
    record.ephemeral.set(message.id, message);
    publish(context.sim, record.worldUserId, {
      type: "message_create",
      guildId: record.guildId,
      channelId: record.channelId,
      botId: record.botId,
      data: { ...message, guild_id: record.guildId },
    });
  } else {
    createMessage(context.sim, record.worldUserId, world, message, record.botId);
  }
}

/** An edited response (or source) message: ephemeral ones reach only the control stream. */
function announceEdit(context: RestContext, world: WorldState, record: InteractionRecord, message: APIMessage): void {
  if ((message.flags ?? 0) & MessageFlags.Ephemeral) {
    publish(context.sim, record.worldUserId, {
      type: "message_update",
      guildId: record.guildId,
      channelId: record.channelId,
      botId: record.botId,
      data: { ...message, guild_id: record.guildId },
    });
  } else {
    updateMessage(context.sim, record.worldUserId, world, message, record.botId);
  }
}

const invalidResponseType = () =>
  fieldError(
    ["type"],
    "INTERACTION_RESPONSE_TYPE_INVALID",
    "Interaction response type is invalid for this interaction",
  );

function findResponse(world: WorldState, record: InteractionRecord, messageId: string): APIMessage {
  const id = messageId === "@original" ? record.originalMessageId : messageId;
  if (!id) throw errors.unknownMessage();
  // After an update (7) or a deferred update (6), @original is the message the component is on.
  if (id === record.sourceMessageId) {
    const source = record.sourceEphemeral ?? (world.messages[record.channelId] ?? []).find((item) => item.id === id);
    if (!source) throw errors.unknownMessage();
    return source;
  }
  const message =
    record.ephemeral.get(id) ??
    (world.messages[record.channelId] ?? []).find((item) => item.id === id && item.webhook_id === record.applicationId);
  if (!message) throw errors.unknownMessage();
  return message;
}

async function callback(context: RestContext, params: Record<string, string>) {
  const record = context.sim.interactions.get(params.interactionId ?? "", params.token ?? "");
  if (!record || Date.now() - record.createdAt > callbackWindowMs) throw errors.unknownInteraction();
  if (record.acknowledged) throw errors.alreadyAcknowledged();
  const body = bodyObject(context);
  const type = body.type;
  const data = (body.data && typeof body.data === "object" ? body.data : {}) as Record<string, unknown>;
  const world = await worldOf(context, record);
  let message: APIMessage | undefined;
  switch (type) {
    case InteractionResponseType.ChannelMessageWithSource:
    case InteractionResponseType.DeferredChannelMessageWithSource:
      message = responseMessage(
        context,
        world,
        record,
        data,
        type === InteractionResponseType.DeferredChannelMessageWithSource,
      );
      record.acknowledged = true;
      record.originalMessageId = message.id;
      postResponse(context, world, record, message);
      break;
    case InteractionResponseType.DeferredMessageUpdate:
    case InteractionResponseType.UpdateMessage: {
      // Components, and modals opened from one, answer on the message they came from.
      if (!record.sourceMessageId) throw invalidResponseType();
      const source = findResponse(world, record, record.sourceMessageId);
      record.acknowledged = true;
      record.originalMessageId = source.id;
      if (type === InteractionResponseType.UpdateMessage) {
        message = source;
        applyEdit(
          world,
          message,
          parseMessageFields(data, context.files, context.sim.baseUrl, true),
          findChannel(world, record.channelId)?.guild,
        );
        announceEdit(context, world, record, message);
      }
      break;
    }
    case InteractionResponseType.Modal: {
      // A modal cannot answer a modal.
      if (record.type === InteractionType.ModalSubmit) throw invalidResponseType();
      const modal = parseModal(body.data);
      record.acknowledged = true;
      openModal(context.sim, record, modal);
      break;
    }
    default:
      throw fieldError(["type"], "BASE_TYPE_CHOICES", "Value must be one of {4, 5, 6, 7, 9}.");
  }
  publish(context.sim, record.worldUserId, {
    type: "interaction_response",
    guildId: record.guildId,
    channelId: record.channelId,
    botId: record.botId,
    data: {
      interactionId: record.id,
      type,
      ...(message ? { message } : {}),
      ...(type === InteractionResponseType.Modal ? { modal: data } : {}),
    },
  });
  if (context.query.get("with_response") !== "true") return noContent();
  const flags = message?.flags ?? 0;
  return ok({
    interaction: {
      id: record.id,
      type: record.type,
      ...(message
        ? {
            response_message_id: message.id,
            response_message_loading: (flags & MessageFlags.Loading) !== 0,
            response_message_ephemeral: (flags & MessageFlags.Ephemeral) !== 0,
          }
        : {}),
    },
    resource: { type, ...(message ? { message } : {}) },
  });
}

function record(context: RestContext, params: Record<string, string>): InteractionRecord {
  const found = context.sim.interactions.byWebhook(params.applicationId ?? "", params.token ?? "");
  if (!found || !found.acknowledged) throw errors.unknownWebhook();
  return found;
}

async function followUp(context: RestContext, params: Record<string, string>) {
  const found = record(context, params);
  const world = await worldOf(context, found);
  const message = responseMessage(context, world, found, bodyObject(context), false);
  postResponse(context, world, found, message);
  publish(context.sim, found.worldUserId, {
    type: "interaction_response",
    guildId: found.guildId,
    channelId: found.channelId,
    botId: found.botId,
    data: { interactionId: found.id, type: "follow_up", message },
  });
  return ok(message);
}

async function editResponse(context: RestContext, params: Record<string, string>) {
  const found = record(context, params);
  const world = await worldOf(context, found);
  const message = findResponse(world, found, params.messageId ?? "");
  const fields = parseMessageFields(bodyObject(context), context.files, context.sim.baseUrl, true);
  const wasLoading = ((message.flags ?? 0) & MessageFlags.Loading) !== 0;
  applyEdit(world, message, fields, findChannel(world, found.channelId)?.guild);
  if (wasLoading) {
    message.flags = ((message.flags ?? 0) & ~MessageFlags.Loading) as MessageFlags;
    message.edited_timestamp = null;
  }
  announceEdit(context, world, found, message);
  return ok(message);
}

async function deleteResponse(context: RestContext, params: Record<string, string>) {
  const found = record(context, params);
  const world = await worldOf(context, found);
  const message = findResponse(world, found, params.messageId ?? "");
  // An ephemeral message a component was on is kept by the interaction that made it.
  const keeper =
    message === found.sourceEphemeral
      ? context.sim.interactions.findEphemeral(found.worldUserId, message.id)?.record
      : found;
  if (keeper?.ephemeral.delete(message.id) || message === found.sourceEphemeral) {
    publish(context.sim, found.worldUserId, {
      type: "message_delete",
      guildId: found.guildId,
      channelId: found.channelId,
      botId: found.botId,
      data: { id: message.id, channel_id: found.channelId, guild_id: found.guildId },
    });
  } else {
    deleteMessages(context.sim, found.worldUserId, world, found.channelId, [message.id], found.botId);
  }
  return noContent();
}

export function interactionRoutes(router: Router<RestContext>): void {
  const webhook = "/webhooks/:applicationId/:token";
  router
    .add("POST", "/interactions/:interactionId/:token/callback", callback, { noAuth: true })
    .add("POST", webhook, followUp, { noAuth: true, limit: 5, windowMs: 2000 })
    .add(
      "GET",
      `${webhook}/messages/:messageId`,
      async (context, params) => {
        const found = record(context, params);
        return ok(findResponse(await worldOf(context, found), found, params.messageId ?? ""));
      },
      { noAuth: true },
    )
    .add("PATCH", `${webhook}/messages/:messageId`, editResponse, { noAuth: true, limit: 5, windowMs: 2000 })
    .add("DELETE", `${webhook}/messages/:messageId`, deleteResponse, { noAuth: true, limit: 5, windowMs: 2000 });
}
