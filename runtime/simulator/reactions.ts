/**
 * Reactions on messages, by bots (REST) and by members (control API): who reacted is kept per
 * message and emoji, counts on the message, and MESSAGE_REACTION_ADD / _REMOVE go to bots with
 * the reactions intent, shaped as Discord sends them.
 */
import {
  GatewayDispatchEvents,
  GatewayIntentBits,
  type APIMessage,
  type APIPartialEmoji,
  type APIReaction,
} from "discord-api-types/v10";

import type { SimulatorGuild } from "@/lib/simulator/types";

import { dmRecipients } from "./actions";
import { publish, type Simulator } from "./context";
import { ApiError, errors } from "./http";
import { simulatorLimits } from "./limits";
import type { WorldState } from "./world";

/** An emoji from a URL: `name:id` (or `<:name:id>`, `<a:name:id>`) for a custom one, else unicode. */
export function parseEmoji(raw: string): APIPartialEmoji {
  const custom = /^<?a?:?([\w~-]+):(\d+)>?$/.exec(raw);
  if (custom) return { id: custom[2] ?? null, name: custom[1] ?? null };
  if (!raw || raw.length > 32) throw errors.unknownEmoji();
  return { id: null, name: raw };
}

export function emojiKey(emoji: APIPartialEmoji): string {
  return emoji.id ? `${emoji.name}:${emoji.id}` : (emoji.name ?? "");
}

/** The message as one bot sees it over REST (`me` on its reactions). */
export function messageFor(world: WorldState, message: APIMessage, botUserId: string): APIMessage {
  if (!message.reactions?.length) return message;
  const users = world.reactionUsers?.[message.id] ?? {};
  return {
    ...message,
    reactions: message.reactions.map((reaction) => ({
      ...reaction,
      me: (users[emojiKey(reaction.emoji)] ?? []).includes(botUserId),
    })),
  };
}

/** Who reacted with this emoji on this message, oldest first. */
export function reactionUserIds(world: WorldState, messageId: string, emoji: APIPartialEmoji): string[] {
  return world.reactionUsers?.[messageId]?.[emojiKey(emoji)] ?? [];
}

export interface ReactionChange {
  guild?: SimulatorGuild;
  channelId: string;
  message: APIMessage;
  emoji: APIPartialEmoji;
  userId: string;
  add: boolean;
  /** The bot that acted, for the control event (none: a member). */
  botId?: string;
  /** Runs before an emoji new to the message is added (the permission it needs). */
  beforeNewEmoji?: () => void;
}

/** Adds or removes one user's reaction, publishing the event; false when nothing changed. */
export function changeReaction(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  change: ReactionChange,
): boolean {
  const { guild, message, emoji, userId, add } = change;
  const key = emojiKey(emoji);
  world.reactionUsers ??= {};
  const perMessage = (world.reactionUsers[message.id] ??= {});
  const users = (perMessage[key] ??= []);
  if (add === users.includes(userId)) {
    if (users.length === 0) delete perMessage[key];
    return false;
  }
  if (add) {
    if (users.length === 0) {
      try {
        change.beforeNewEmoji?.();
      } catch (error) {
        delete perMessage[key];
        throw error;
      }
    }
    if (users.length === 0 && (message.reactions?.length ?? 0) >= simulatorLimits.reactionsPerMessage) {
      delete perMessage[key];
      throw new ApiError(400, 30010, `Maximum number of reactions reached (${simulatorLimits.reactionsPerMessage})`);
    }
    users.push(userId);
  } else {
    users.splice(users.indexOf(userId), 1);
  }
  const reactions = message.reactions ?? [];
  let reaction = reactions.find((item) => emojiKey(item.emoji) === key);
  if (!reaction) {
    reaction = {
      count: 0,
      count_details: { burst: 0, normal: 0 },
      me: false,
      me_burst: false,
      burst_colors: [],
      emoji,
    } satisfies APIReaction;
    reactions.push(reaction);
  }
  reaction.count = users.length;
  reaction.count_details.normal = users.length;
  message.reactions = reactions.filter((item) => item.count > 0);
  if (users.length === 0) delete perMessage[key];
  const member = guild?.members.find((item) => item.user.id === userId);
  const data = {
    user_id: userId,
    channel_id: change.channelId,
    message_id: message.id,
    emoji,
    ...(guild ? { guild_id: guild.id } : {}),
    ...(add && member ? { member, message_author_id: message.author.id } : {}),
    ...(add && !member ? { message_author_id: message.author.id } : {}),
    burst: false,
    ...(add ? { burst_colors: [] } : {}),
    type: 0,
  };
  publish(
    sim,
    worldUserId,
    {
      type: add ? "reaction_add" : "reaction_remove",
      guildId: guild?.id,
      channelId: change.channelId,
      botId: change.botId,
      data,
    },
    {
      t: add ? GatewayDispatchEvents.MessageReactionAdd : GatewayDispatchEvents.MessageReactionRemove,
      d: data,
      intent: guild ? GatewayIntentBits.GuildMessageReactions : GatewayIntentBits.DirectMessageReactions,
      // In a DM, only the bots in it see the reaction.
      dmRecipients: dmRecipients(world, change.channelId),
    },
  );
  return true;
}
