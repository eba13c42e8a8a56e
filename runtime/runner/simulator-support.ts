/** Drives the real simulator from the runner's tests: its control API and its event stream. */
import { controlCaller } from "@/runtime/simulator/control-call";
import { startSimulator } from "@/runtime/simulator/server";

export const simulatorKey = "runner-test-control-key";

interface WorldView {
  guilds: {
    id: string;
    channels: { id: string; name: string }[];
    members: { user: { id: string; username: string } }[];
  }[];
}

export async function startTestSimulator() {
  const simulator = await startSimulator({ port: 0, host: "127.0.0.1", controlKey: simulatorKey });
  const call = controlCaller(simulator.url, simulatorKey);
  return { url: simulator.url, close: () => simulator.close(), call };
}

export type TestSimulator = Awaited<ReturnType<typeof startTestSimulator>>;

/**
 * The user's world, with the ids tests need: #general, the owner "You" and member "Sam" of its
 * shared server, or with `botId`, of the server that bot is placed in (its own, for bots made
 * through lib/bots/service).
 */
export async function worldIds(simulator: TestSimulator, userId: string, botId?: string) {
  const placed = botId ? await simulator.call<{ guildId: string }>("POST", `/bots/${botId}/credentials`) : undefined;
  const world = await simulator.call<WorldView>("GET", `/worlds/${userId}`);
  const guild = placed ? world.guilds.find((item) => item.id === placed.guildId)! : world.guilds[0]!;
  const channel = (name: string) => guild.channels.find((item) => item.name === name)!.id;
  const member = (name: string) => guild.members.find((item) => item.user.username === name)!.user.id;
  return { guildId: guild.id, general: channel("general"), owner: member("You"), sam: member("Sam") };
}

/** Everything the world's SSE stream says, searchable as text. */
export async function openEventText(simulator: TestSimulator, userId: string) {
  const abort = new AbortController();
  const response = await fetch(`${simulator.url}/control/worlds/${userId}/events`, {
    headers: { authorization: `Bearer ${simulatorKey}` },
    signal: abort.signal,
  });
  const events: string[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let index: number;
        while ((index = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, index);
          buffer = buffer.slice(index + 1);
          if (line.startsWith("data: ")) events.push(line.slice(6));
        }
      }
    } catch {
      // Closed by the test.
    }
  })();
  return {
    /** Resolves with the first event (from index `from` on) whose JSON matches. */
    async waitFor(pattern: RegExp, from = 0, timeoutMs = 15_000): Promise<string> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = events.slice(from).find((event) => pattern.test(event));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`No simulator event matched ${pattern}; last: ${events.slice(-5).join("\n")}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    get count() {
      return events.length;
    },
    /** Every event from index `from` on, in the order the stream sent them. */
    since: (from: number): string[] => events.slice(from),
    close: () => abort.abort(),
  };
}
