import { GatewayIntentBits } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";

import { noReplyReason } from "./no-reply";

const bot = (intents: number | null, commands: string[] = []) => ({
  username: "Economy Bot",
  userId: "42",
  connected: intents !== null,
  intents,
  commands: commands.map((name) => ({ name })),
});
const { Guilds, GuildMessages, MessageContent } = GatewayIntentBits;

describe("why a message in the Test tab got no answer", () => {
  it("a slash-command bot without message intents lists the commands it answers", () => {
    const answer = noReplyReason(bot(Guilds, ["balance", "daily"]), "running", "hello");
    expect(answer.reason).toMatch(/does not receive server messages/);
    expect(answer.hint).toBe("It answers slash commands: /balance, /daily. Pick one under Slash command.");
  });

  it("without Message Content the text is missing, unless the bot is mentioned", () => {
    expect(noReplyReason(bot(Guilds | GuildMessages), "running", "!help").reason).toMatch(/MessageContent intent/);
    expect(noReplyReason(bot(Guilds | GuildMessages), "running", "<@42> help").reason).toMatch(/did not answer/);
    expect(noReplyReason(bot(Guilds | GuildMessages | MessageContent), "running", "hi").reason).toMatch(
      /received the message and did not answer/,
    );
  });

  it("an offline or crashed bot is said to be so first", () => {
    expect(noReplyReason(bot(null), "stopped", "hi").reason).toBe("The bot is not connected.");
    expect(noReplyReason(bot(Guilds), "crashed", "hi").reason).toMatch(/crashed/);
    expect(noReplyReason(undefined, undefined, "hi").reason).toBe("The bot is not connected.");
  });
});
