/** What the hostile-bot suites share: a well-behaved `!ping` bot and how quickly it answers. */
import type { openEventText, TestSimulator } from "./simulator-support";

/** A discord.js bot that answers "!ping <tag>" with "pong <tag>": the neighbour every attack must spare. */
export const pingBot = `
const { Client, Events, GatewayIntentBits } = require("discord.js");
const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
});
client.on(Events.MessageCreate, (message) => {
  if (!message.author.bot && message.content.startsWith("!ping ")) void message.channel.send("pong " + message.content.slice(6));
});
client.login(process.env.DISCORD_TOKEN);
`;

/** Sends `count` "!ping"s into `channelId` as `authorId`, paced like a chat; the time each took to be answered. */
export async function pingLatencies(
  simulator: TestSimulator,
  events: Awaited<ReturnType<typeof openEventText>>,
  where: { userId: string; channelId: string; authorId: string },
  count: number,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${Date.now()}-${i}`;
    const from = events.count;
    const started = performance.now();
    await simulator.call("POST", `/worlds/${where.userId}/messages`, {
      channelId: where.channelId,
      authorId: where.authorId,
      content: `!ping ${tag}`,
    });
    await events.waitFor(new RegExp(`pong ${tag}`), from, 10_000);
    times.push(performance.now() - started);
    // Paced like a chat: the simulator applies Discord's per-channel rate limit (5 messages / 5 s).
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1100 - (performance.now() - started))));
  }
  return times;
}

export function p95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}
