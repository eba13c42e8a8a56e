/** Helpers for the simulator's integration tests: users, bots, a control API client, SSE. */
import { db } from "@/lib/db";
import type { BotCredentials, SimulatorEvent, WorldSnapshot } from "@/lib/simulator/types";

export const controlKey = "test-control-key";

export async function createOwner(label: string): Promise<string> {
  const stamp = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return (await db.user.create({ data: { email: `sim-${label}-${stamp}@example.com` } })).id;
}

/** A bot row; `testServer` "shared" (the column's default) puts it in the world's shared server. */
export async function createBotRow(userId: string, name: string, testServer: "own" | "shared" = "shared") {
  return (await db.bot.create({ data: { userId, name, language: "javascript", testServer } })).id;
}

export function control(url: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const response = await fetch(`${url}/control${path}`, {
      method,
      headers: { authorization: `Bearer ${controlKey}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  return {
    call,
    credentials: async (botId: string) => (await call<BotCredentials>("POST", `/bots/${botId}/credentials`)).body,
    world: async (userId: string) => (await call<WorldSnapshot>("GET", `/worlds/${userId}`)).body,
    say: async (userId: string, channelId: string, authorId: string, content: string) =>
      (await call<{ id: string }>("POST", `/worlds/${userId}/messages`, { channelId, authorId, content })).body,
  };
}

/** Reads the world's SSE stream; `next(predicate)` waits for a matching event. */
export async function openEvents(url: string, userId: string) {
  const abort = new AbortController();
  const response = await fetch(`${url}/control/worlds/${userId}/events`, {
    headers: { authorization: `Bearer ${controlKey}` },
    signal: abort.signal,
  });
  const events: SimulatorEvent[] = [];
  const waiters: { predicate: (event: SimulatorEvent) => boolean; resolve: (event: SimulatorEvent) => void }[] = [];
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let index: number;
        while ((index = buffer.indexOf("\n\n")) !== -1) {
          const frame = buffer.slice(0, index);
          buffer = buffer.slice(index + 2);
          const line = frame.split("\n").find((item) => item.startsWith("data: "));
          if (!line) continue;
          const event = JSON.parse(line.slice(6)) as SimulatorEvent;
          events.push(event);
          for (const waiter of [...waiters]) {
            if (waiter.predicate(event)) {
              waiters.splice(waiters.indexOf(waiter), 1);
              waiter.resolve(event);
            }
          }
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    events,
    next(predicate: (event: SimulatorEvent) => boolean, timeoutMs = 10_000): Promise<SimulatorEvent> {
      const found = events.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("timed out waiting for a simulator event")), timeoutMs);
        waiters.push({ predicate, resolve: (event) => (clearTimeout(timer), resolve(event)) });
      });
    },
    close: () => abort.abort(),
  };
}

export function waitFor<T>(check: () => T | undefined | Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tick = async () => {
      const value = await check();
      if (value !== undefined && value !== false) return resolve(value);
      if (Date.now() - started > timeoutMs) return reject(new Error("timed out"));
      setTimeout(() => void tick(), 25);
    };
    void tick();
  });
}
