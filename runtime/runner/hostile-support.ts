/**
 * What the hostile-bot suites (and npm run bench:hostile) share: a well-behaved `!ping` bot, and
 * rounds of "!ping"s that say whether it answered every one, once and in order, and how quickly.
 */
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

export type PingRound = {
  /** The tags sent, in order. */
  sent: string[];
  /** The tags of the answers, in the order they appeared in the world. */
  answered: string[];
  /** Each answered ping's time to its answer (ms), for printing: speed is the benchmarks' job. */
  latencies: number[];
};

type EventText = Awaited<ReturnType<typeof openEventText>>;

let rounds = 0;

/**
 * Sends `count` "!ping <tag>"s into `channelId` as `authorId`, one every 1.1 s like a chat (the
 * simulator applies Discord's per-channel rate limit, 5 messages / 5 s), without waiting for the
 * answers; then waits until each is answered, giving up on one `answerWithinMs` after it was sent
 * (a deadline for silence, not a latency target).
 */
export async function pingRound(
  simulator: TestSimulator,
  events: EventText,
  where: { userId: string; channelId: string; authorId: string },
  count: number,
  answerWithinMs = 30_000,
): Promise<PingRound> {
  rounds += 1;
  const round = `${Date.now().toString(36)}-${rounds}`;
  const from = events.count;
  const sent: string[] = [];
  const answers: Promise<number | null>[] = [];
  for (let i = 0; i < count; i++) {
    const tag = `${round}-${i}`;
    const started = performance.now();
    await simulator.call("POST", `/worlds/${where.userId}/messages`, {
      channelId: where.channelId,
      authorId: where.authorId,
      content: `!ping ${tag}`,
    });
    sent.push(tag);
    answers.push(
      events.waitFor(new RegExp(`"pong ${tag}"`), from, answerWithinMs).then(
        () => performance.now() - started,
        () => null,
      ),
    );
    if (i < count - 1)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 1100 - (performance.now() - started))));
  }
  const latencies = (await Promise.all(answers)).filter((ms): ms is number => ms !== null);
  return { sent, answered: pongTags(events.since(from), round), latencies };
}

/** The tags of the "pong <round>-<n>" messages among `events`, in order. */
function pongTags(events: string[], round: string): string[] {
  const tags: string[] = [];
  for (const text of events) {
    let event: { type?: string; data?: { content?: unknown } };
    try {
      event = JSON.parse(text) as typeof event;
    } catch {
      continue;
    }
    const content = event.type === "message_create" ? event.data?.content : undefined;
    if (typeof content === "string" && content.startsWith(`pong ${round}-`)) tags.push(content.slice(5));
  }
  return tags;
}

export function p95(values: number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
}
