/**
 * Collects every bot's output lines, redacts tokens, and writes them to BotLogLine in batches
 * (every flushIntervalMs or maxBatch lines), keeping the newest maxLinesPerBot lines per bot.
 * After each batch it NOTIFYs `cipher_bot_logs` with the bot id, for the live log views.
 */
import { db } from "@/lib/db";

export type LogStream = "stdout" | "stderr" | "system";

export interface LogSinkOptions {
  flushIntervalMs?: number;
  maxBatch?: number;
  maxLinesPerBot?: number;
  /** Longest line kept, in characters; longer lines are cut with a marker. */
  maxLineLength?: number;
  /** Output lines per bot per second beyond which lines are dropped (system lines never are). */
  maxLinesPerSecond?: number;
}

interface PendingLine {
  botId: string;
  stream: LogStream;
  line: string;
  at: Date;
}

interface FloodState {
  windowStart: number;
  count: number;
  dropped: number;
}

export class LogSink {
  private pending: PendingLine[] = [];
  private secrets = new Map<string, string[]>();
  private flood = new Map<string, FloodState>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> = Promise.resolve();
  private readonly flushIntervalMs: number;
  private readonly maxBatch: number;
  private readonly maxLinesPerBot: number;
  private readonly maxLineLength: number;
  private readonly maxLinesPerSecond: number;

  constructor(options: LogSinkOptions = {}) {
    this.flushIntervalMs = options.flushIntervalMs ?? 250;
    this.maxBatch = options.maxBatch ?? 200;
    this.maxLinesPerBot = options.maxLinesPerBot ?? 10_000;
    this.maxLineLength = options.maxLineLength ?? 4096;
    this.maxLinesPerSecond = options.maxLinesPerSecond ?? 500;
  }

  /** Strings never written for this bot (its tokens); replaced by a placeholder. */
  setSecrets(botId: string, secrets: (string | null | undefined)[]): void {
    const kept = secrets.filter((secret): secret is string => typeof secret === "string" && secret.length >= 8);
    this.secrets.set(
      botId,
      kept.toSorted((a, b) => b.length - a.length),
    );
  }

  redact(botId: string, line: string): string {
    let out = line;
    for (const secret of this.secrets.get(botId) ?? []) out = out.replaceAll(secret, "[redacted token]");
    return out;
  }

  add(botId: string, stream: LogStream, line: string): void {
    if (stream !== "system" && !this.allow(botId)) return;
    let text = this.redact(botId, line.replace(/\r$/, ""));
    if (text.length > this.maxLineLength) {
      text = `${text.slice(0, this.maxLineLength)}… [line cut at ${this.maxLineLength} characters]`;
    }
    this.pending.push({ botId, stream, line: text, at: new Date() });
    if (this.pending.length >= this.maxBatch) void this.flush();
    else this.timer ??= setTimeout(() => void this.flush(), this.flushIntervalMs);
  }

  private allow(botId: string): boolean {
    const now = Date.now();
    let state = this.flood.get(botId);
    if (!state || now - state.windowStart >= 1000) {
      if (state && state.dropped > 0) {
        const dropped = state.dropped;
        state.dropped = 0;
        this.add(
          botId,
          "system",
          `${dropped} output lines dropped: more than ${this.maxLinesPerSecond} lines a second.`,
        );
      }
      state = { windowStart: now, count: 0, dropped: 0 };
      this.flood.set(botId, state);
    }
    state.count += 1;
    if (state.count > this.maxLinesPerSecond) {
      state.dropped += 1;
      return false;
    }
    return true;
  }

  /** Writes everything pending; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    this.flushing = this.flushing.then(() => (batch.length ? this.write(batch) : undefined));
    return this.flushing;
  }

  private async write(batch: PendingLine[]): Promise<void> {
    const botIds = [...new Set(batch.map((line) => line.botId))];
    try {
      const existing = await db.bot.findMany({ where: { id: { in: botIds } }, select: { id: true } });
      const alive = new Set(existing.map((bot) => bot.id));
      const rows = batch.filter((line) => alive.has(line.botId));
      if (rows.length) await db.botLogLine.createMany({ data: rows });
      for (const botId of alive) {
        await db.$executeRaw`DELETE FROM "BotLogLine" WHERE "botId" = ${botId} AND id <= (
          SELECT id FROM "BotLogLine" WHERE "botId" = ${botId} ORDER BY id DESC OFFSET ${this.maxLinesPerBot} LIMIT 1)`;
        await db.$executeRaw`SELECT pg_notify('cipher_bot_logs', ${botId})`;
      }
    } catch (error) {
      console.error("[runner] could not store log lines:", error);
    }
  }

  async close(): Promise<void> {
    await this.flush();
  }
}

/** Splits a stream's chunks into lines, holding back a partial last line until it completes. */
export function lineSplitter(onLine: (line: string) => void, maxPending = 64 * 1024) {
  let buffer = "";
  return {
    push(chunk: string) {
      buffer += chunk;
      let index: number;
      while ((index = buffer.indexOf("\n")) !== -1) {
        onLine(buffer.slice(0, index));
        buffer = buffer.slice(index + 1);
      }
      // A huge line without a newline is emitted in pieces rather than held forever.
      while (buffer.length > maxPending) {
        onLine(buffer.slice(0, maxPending));
        buffer = buffer.slice(maxPending);
      }
    },
    end() {
      if (buffer) onLine(buffer);
      buffer = "";
    },
  };
}
