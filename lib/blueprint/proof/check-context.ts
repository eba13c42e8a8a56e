/**
 * What a running check shares: the scratch world, the events seen, where each step happened, and
 * how the bot's messages read to people (mentions as names).
 */
import type { APIMessage } from "discord-api-types/v10";

import { messagesSince, type EventLog, type SeenMessage, type SimulatorAccess, type WorldNames } from "./observed";

export interface CheckContext {
  access: SimulatorAccess;
  worldId: string;
  botId: string;
  botUserId: string;
  botName: string;
  log: EventLog;
  names: WorldNames;
  /** Stops and starts the bot again, timers moved `passSeconds` earlier (run.ts). */
  restart(passSeconds: number): Promise<void>;
  /** How long a step's expectations may take to show. */
  stepTimeoutMs: number;
}

/** A check that failed, in words for the user. */
export class CheckFailure extends Error {}

/** What the step did, for matching: where it happened and what it answers to. */
export interface StepMark {
  from: number;
  channelId?: string;
  memberId?: string;
  /** The member's message (say) or the message acted on (react). */
  messageId?: string;
  interactionId?: string;
}

export function eventsSince(context: CheckContext, mark: StepMark) {
  return context.log.events.slice(mark.from);
}

export function botMessages(context: CheckContext, mark: StepMark): SeenMessage[] {
  return messagesSince(context.log, mark.from, context.botUserId).filter((item) => item.fromBot);
}

export function messageText(message: APIMessage): string {
  const embed = message.embeds?.[0];
  return (message.content || [embed?.title, embed?.description].filter(Boolean).join(" — ") || "(no text)").slice(
    0,
    300,
  );
}

/** Mentions as people read them: <@id> → @Sam, <#id> → #general, <@&id> → @Moderator. */
export function readable(context: CheckContext, text: string): string {
  const guild = context.names.guild;
  return text.replace(/<(@&|@!?|#)(\d+)>/g, (mention, kind: string, id: string) => {
    if (kind === "#") return `#${context.names.channelName(id) ?? "channel"}`;
    if (kind === "@&") return `@${guild.roles.find((role) => role.id === id)?.name ?? "role"}`;
    if (id === context.botUserId) return `@${context.botName}`;
    return `@${context.names.memberName(id) ?? "someone"}`;
  });
}

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
