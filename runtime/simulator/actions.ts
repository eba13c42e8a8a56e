/**
 * Changes shared by the REST routes and the control API, each publishing its control event and
 * gateway dispatch.
 */
import { GatewayDispatchEvents, GatewayIntentBits, type APIDMChannel, type APIMessage } from "discord-api-types/v10";

import { publish, type Simulator } from "./context";
import { gatewayMessage } from "./payloads";
import { findChannel, storeMessage, type WorldState } from "./world";

function messageIntent(guildId: string | undefined): number {
  return guildId ? GatewayIntentBits.GuildMessages : GatewayIntentBits.DirectMessages;
}

/** A DM channel's recipients (only they get its events); undefined for a server's channel. */
export function dmRecipients(world: WorldState, channelId: string): string[] | undefined {
  const found = findChannel(world, channelId);
  return found && !found.guild ? ((found.channel as APIDMChannel).recipients ?? []).map((user) => user.id) : undefined;
}

export function createMessage(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  message: APIMessage,
  botId?: string,
): void {
  storeMessage(world, message);
  const guild = findChannel(world, message.channel_id)?.guild;
  const payload = gatewayMessage(message, guild);
  publish(
    sim,
    worldUserId,
    { type: "message_create", guildId: guild?.id, channelId: message.channel_id, botId, data: payload },
    {
      t: GatewayDispatchEvents.MessageCreate,
      d: payload,
      intent: messageIntent(guild?.id),
      message,
      dmRecipients: dmRecipients(world, message.channel_id),
    },
  );
}

export function updateMessage(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  message: APIMessage,
  botId?: string,
): void {
  const guild = findChannel(world, message.channel_id)?.guild;
  const payload = gatewayMessage(message, guild);
  publish(
    sim,
    worldUserId,
    { type: "message_update", guildId: guild?.id, channelId: message.channel_id, botId, data: payload },
    {
      t: GatewayDispatchEvents.MessageUpdate,
      d: payload,
      intent: messageIntent(guild?.id),
      message,
      dmRecipients: dmRecipients(world, message.channel_id),
    },
  );
}

/** Removes the messages from the channel's history; one MESSAGE_DELETE or a MESSAGE_DELETE_BULK. */
export function deleteMessages(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  channelId: string,
  ids: string[],
  botId?: string,
): void {
  const list = world.messages[channelId] ?? [];
  world.messages[channelId] = list.filter((message) => !ids.includes(message.id));
  const guildId = findChannel(world, channelId)?.guild?.id;
  const base = { channel_id: channelId, ...(guildId ? { guild_id: guildId } : {}) };
  const dispatch = {
    intent: messageIntent(guildId),
    dmRecipients: dmRecipients(world, channelId),
  };
  if (ids.length === 1) {
    const data = { ...base, id: ids[0] };
    publish(
      sim,
      worldUserId,
      { type: "message_delete", guildId, channelId, botId, data },
      { t: GatewayDispatchEvents.MessageDelete, d: data, ...dispatch },
    );
  } else {
    const data = { ...base, ids };
    publish(
      sim,
      worldUserId,
      { type: "message_delete_bulk", guildId, channelId, botId, data },
      { t: GatewayDispatchEvents.MessageDeleteBulk, d: data, ...dispatch },
    );
  }
}
