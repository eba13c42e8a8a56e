/**
 * When a message in the Test tab gets no answer, what the tab can tell about why: the bot is not
 * connected (or crashed), does not receive server messages, receives them without their text, or
 * received it and stayed silent. Each with the slash commands it does answer, when it has any.
 */
import { GatewayIntentBits } from "discord-api-types/v10";

export interface NoReplyBot {
  username: string;
  userId: string;
  connected: boolean;
  intents: number | null;
  commands: { name: string }[];
}

export function noReplyReason(
  bot: NoReplyBot | undefined,
  status: string | undefined,
  content: string,
): { reason: string; hint: string | null } {
  const names = (bot?.commands ?? []).map((command) => `/${command.name}`);
  const commands = names.length
    ? `It answers slash commands: ${names.slice(0, 8).join(", ")}${names.length > 8 ? "…" : ""}. Pick one under Slash command.`
    : null;
  if (status === "crashed" || status === "restarting") {
    return {
      reason: "The bot crashed, so it cannot answer.",
      hint: "Overview says why and links to the error in its logs.",
    };
  }
  if (!bot || !bot.connected || bot.intents === null) {
    return { reason: "The bot is not connected.", hint: "Start it (above) and send the message again." };
  }
  const intents = bot.intents;
  if ((intents & GatewayIntentBits.GuildMessages) === 0) {
    return {
      reason: `${bot.username} does not receive server messages: its code does not ask for the GuildMessages intent.`,
      hint: commands,
    };
  }
  const mentioned = content.includes(`<@${bot.userId}>`);
  if ((intents & GatewayIntentBits.MessageContent) === 0 && !mentioned) {
    return {
      reason: `${bot.username} sees messages without their text: its code does not ask for the MessageContent intent (on Discord, also switch it on in the Developer Portal).`,
      hint: commands,
    };
  }
  return {
    reason: `${bot.username} received the message and did not answer.`,
    hint: commands ?? "Its Logs tab shows what it printed, errors included.",
  };
}
