/**
 * The runner's end of a bot's fd 3 channel (its preload / sitecustomize writes one JSON object a
 * line): readiness, heartbeats, analytics batches and built-in database calls. The bot controls
 * every byte of it, so each line is checked against a schema, an over-long line is dropped
 * without being held, database calls wait in a bounded queue and are rate-limited per bot, and
 * answers the bot does not read are not buffered without end. A flooding bot gets errors; its
 * neighbours on the runner do not notice.
 */
import type { Duplex } from "node:stream";

import { z } from "zod";

import { TokenBucket } from "@/lib/rate-limit/token-bucket";

export const channelLimits = {
  /** Longest line read (a database value is at most 100 KB of JSON, escaped perhaps six-fold). */
  maxLineChars: 2 * 1024 * 1024,
  /** Database calls waiting for their turn; beyond this a call is refused at once. */
  maxPendingCalls: 100,
  /** Sustained database calls a second (a token bucket of `callBurst`). */
  callsPerSecond: 200,
  callBurst: 400,
  /** Answers written but not yet read by the bot; beyond this, answers are dropped. */
  maxUnreadReplyBytes: 8 * 1024 * 1024,
  /** Events in one analytics message. */
  maxAnalyticsEvents: 1000,
  /** Malformed lines are reported in the bot's log at most once in this many ms. */
  garbageReportMs: 10_000,
};

export const databaseOps = ["get", "set", "delete", "list", "increment"] as const;

const requestId = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

const heartbeatSchema = z.object({
  type: z.literal("heartbeat"),
  pingMs: z.number().nullish(),
});

const readySchema = z.object({
  type: z.literal("ready"),
  user: z.object({ id: z.string().max(32), tag: z.string().max(64) }).nullish(),
});

const loginSchema = z.object({ type: z.literal("login") });

const analyticsSchema = z.object({
  type: z.literal("analytics"),
  // Each event is checked (and clamped) by the analytics parser; here only the batch's size.
  events: z.array(z.unknown()).max(channelLimits.maxAnalyticsEvents),
});

const databaseSchema = z.object({
  type: z.literal("db"),
  id: requestId,
  op: z.enum(databaseOps),
  args: z.array(z.unknown()).max(3),
});

export const channelMessageSchema = z.discriminatedUnion("type", [
  heartbeatSchema,
  readySchema,
  loginSchema,
  analyticsSchema,
  databaseSchema,
]);

export type ChannelMessage = z.infer<typeof channelMessageSchema>;
export type ReadyMessage = z.infer<typeof readySchema>;
export type HeartbeatMessage = z.infer<typeof heartbeatSchema>;
export type AnalyticsMessage = z.infer<typeof analyticsSchema>;
/** A call from the bot's preload (its built-in database); the answer goes back on fd 3. */
export type RequestMessage = z.infer<typeof databaseSchema>;
export type RequestHandler = (request: RequestMessage) => Promise<unknown>;

/** A line from fd 3 as a message, or null when it is not one of ours (or not valid). */
export function parseChannelLine(line: string): ChannelMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  const parsed = channelMessageSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The id of a database call whose other fields were invalid, so it can still be answered. */
function refusedCallId(line: string): number | null {
  try {
    const value = JSON.parse(line) as { type?: unknown; id?: unknown };
    if (value?.type !== "db") return null;
    const id = requestId.safeParse(value.id);
    return id.success ? id.data : null;
  } catch {
    return null;
  }
}

/**
 * Splits a stream into lines of at most maxChars. A longer line is dropped as it arrives (never
 * held whole in memory), and reported once with its length.
 */
export function boundedLineSplitter(
  onLine: (line: string) => void,
  onOverlong: (chars: number) => void,
  maxChars: number,
) {
  let buffer = "";
  /** Characters of an over-long line dropped so far; -1 while not inside one. */
  let dropping = -1;
  return {
    push(chunk: string) {
      let rest = chunk;
      if (dropping >= 0) {
        const end = rest.indexOf("\n");
        if (end === -1) {
          dropping += rest.length;
          return;
        }
        onOverlong(dropping + end);
        dropping = -1;
        rest = rest.slice(end + 1);
      }
      buffer += rest;
      let index: number;
      while ((index = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        if (line.length > maxChars) onOverlong(line.length);
        else onLine(line);
      }
      if (buffer.length > maxChars) {
        dropping = buffer.length;
        buffer = "";
      }
    },
  };
}

export interface ChannelHandlers {
  /** Any valid message: the bot's event loop is alive. */
  onAlive(): void;
  onReady(message: ReadyMessage): void;
  onHeartbeat(pingMs: number | null | undefined): void;
  onAnalytics(message: AnalyticsMessage): void;
  onRequest: RequestHandler | null;
  /** A line for the bot's own log (system stream). */
  log(line: string): void;
}

export type ChannelOptions = Partial<typeof channelLimits>;

const busyError = (limit: number) => ({
  name: "CipherDbError",
  error: `Too many database calls waiting: at most ${limit} at a time. Await each call before making more.`,
});
const rateError = (perSecond: number) => ({
  name: "CipherDbError",
  error: `Too many database calls: at most ${perSecond} a second. Slow down and try again.`,
});
const invalidError = {
  name: "CipherDbError",
  error: "Invalid database call: expected get, set, delete, list or increment with their arguments.",
};

/** Reads and answers a bot's fd 3 channel. Every message that passes the schema counts as a sign of life. */
export function attachChannel(channel: Duplex, handlers: ChannelHandlers, options: ChannelOptions = {}) {
  const limits = { ...channelLimits, ...options };
  const bucket = new TokenBucket(limits.callsPerSecond, limits.callBurst);
  let calls: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  let garbage = 0;
  let garbageReportedAt = 0;
  const stats = { messages: 0, garbage: 0, refusedCalls: 0, droppedReplies: 0 };

  const answer = (reply: object) => {
    if (!channel.writable) return;
    // A bot that never reads its answers would otherwise grow the runner's write buffer forever.
    if (channel.writableLength > limits.maxUnreadReplyBytes) {
      stats.droppedReplies += 1;
      return;
    }
    channel.write(`${JSON.stringify(reply)}\n`);
  };

  const reportGarbage = (what: string) => {
    garbage += 1;
    stats.garbage += 1;
    const now = Date.now();
    if (now - garbageReportedAt < limits.garbageReportMs) return;
    garbageReportedAt = now;
    handlers.log(
      `Ignored ${garbage} ${garbage === 1 ? "message" : "messages"} on the runner's channel (fd 3): ${what}. Only the Cipher preload may write there.`,
    );
    garbage = 0;
  };

  const request = (message: RequestMessage) => {
    const onRequest = handlers.onRequest;
    if (!onRequest) return answer({ id: message.id, ok: false, ...invalidError });
    if (waiting >= limits.maxPendingCalls) {
      stats.refusedCalls += 1;
      return answer({ id: message.id, ok: false, ...busyError(limits.maxPendingCalls) });
    }
    if (!bucket.take()) {
      stats.refusedCalls += 1;
      return answer({ id: message.id, ok: false, ...rateError(limits.callsPerSecond) });
    }
    waiting += 1;
    // One call at a time, in the order the bot made them (as with a local file).
    const result = calls.then(() => onRequest(message));
    calls = result.catch(() => {}).finally(() => (waiting -= 1));
    result.then(
      (value) => answer({ id: message.id, ok: true, value: value ?? null }),
      (error: unknown) =>
        answer({ id: message.id, ok: false, error: (error as Error).message, name: (error as Error).name }),
    );
  };

  const splitter = boundedLineSplitter(
    (line) => {
      if (line.trim() === "") return;
      const message = parseChannelLine(line);
      if (!message) {
        const id = refusedCallId(line);
        if (id !== null) {
          stats.refusedCalls += 1;
          answer({ id, ok: false, ...invalidError });
        }
        reportGarbage("not a valid message");
        return;
      }
      stats.messages += 1;
      handlers.onAlive();
      switch (message.type) {
        case "heartbeat":
          handlers.onHeartbeat(message.pingMs);
          return;
        case "ready":
          handlers.onReady(message);
          return;
        case "analytics":
          handlers.onAnalytics(message);
          return;
        case "db":
          request(message);
          return;
        case "login":
          return;
      }
    },
    (chars) =>
      reportGarbage(
        `a line of ${chars.toLocaleString("en-US")} characters (the most is ${limits.maxLineChars.toLocaleString("en-US")})`,
      ),
    limits.maxLineChars,
  );
  channel.setEncoding("utf8");
  channel.on("data", (chunk: string) => splitter.push(chunk));
  channel.on("error", () => {});
  return {
    stats,
    /** Database calls accepted and not yet answered. */
    get waiting() {
      return waiting;
    },
  };
}
