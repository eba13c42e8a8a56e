/**
 * Collects every bot's output lines, redacts its token and secret variables (and the runner's
 * own paths on this host), and writes them to BotLogLine in batches
 * (every flushIntervalMs or maxBatch lines), keeping the newest maxLinesPerBot lines per bot.
 * After each batch it NOTIFYs `cipher_bot_logs` with the bot id, for the live log views.
 */
import { dirname, resolve } from "node:path";

import { db } from "@/lib/db";

import { preloadDir, runtimeNodeModules } from "./paths";

export type LogStream = "stdout" | "stderr" | "system";

export interface LogSinkOptions {
  flushIntervalMs?: number;
  maxBatch?: number;
  maxLinesPerBot?: number;
  /** Longest line kept, in characters; longer lines are cut with a marker. */
  maxLineLength?: number;
  /** Output lines per bot per second beyond which lines are dropped (system lines never are). */
  maxLinesPerSecond?: number;
  /** RUNNER_DATA_DIR: shown in logs as /runner-data (a bot's own folder as /bot). */
  dataDir?: string;
}

/** Secrets shorter than this are not redacted (they would blank ordinary words). */
export const minSecretLength = 6;
/** A secret and the placeholder shown instead. */
export type Secret = { value: string; label: string };

/**
 * The host's paths a bot's log may show (stack traces, runner errors), longest first, each with
 * the neutral name shown instead: a user learns nothing about the runner's machine from them.
 */
export function hostPathNames(dataDir: string | undefined, botId: string): [string, string][] {
  const repo = resolve(preloadDir, "..", "..", "..");
  const pairs: [string, string][] = [[repo, "/cipher"]];
  try {
    pairs.push([runtimeNodeModules(), "/cipher/node_modules"]);
  } catch {
    // No modules found: nothing to hide there.
  }
  if (dataDir) {
    const data = resolve(dataDir);
    pairs.push([data, "/runner-data"], [`${data}/bots/${botId}`, "/bot"]);
  }
  return pairs.filter(([path]) => path.length > 1 && path !== dirname(path)).sort((a, b) => b[0].length - a[0].length);
}

/**
 * One pass over a line, longest path first, each only where a path starts: a name put in is never
 * matched again, and a bot's own folder named like a host path (a checkout at /app) stays as it is.
 */
export function pathReplacer(pairs: [string, string][]): (line: string) => string {
  if (pairs.length === 0) return (line) => line;
  const names = new Map(pairs);
  const paths = pairs.map(([path]) => path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|");
  // Only where a path starts (not inside a longer one, e.g. a bot's own app/ folder), or in a file:// URL.
  const pattern = new RegExp(`(?<=^|[^\\w.~/-]|file://)(?:${paths})`, "g");
  return (line) => line.replace(pattern, (path) => names.get(path) ?? path);
}

/** Replaces every secret in `line`, and a secret's beginning where the line was cut (`cut`). */
export function redactSecrets(line: string, secrets: readonly Secret[], cut = false): string {
  let out = line;
  for (const { value, label } of secrets) out = out.replaceAll(value, label);
  if (!cut) return out;
  // The line stops part-way through a secret: its first characters must not show either.
  for (const { value, label } of secrets) {
    for (let length = Math.min(value.length - 1, out.length); length >= 3; length--) {
      if (out.endsWith(value.slice(0, length))) {
        out = `${out.slice(0, out.length - length)}${label}`;
        break;
      }
    }
  }
  return out;
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
  private secrets = new Map<string, Secret[]>();
  private hostPaths = new Map<string, (line: string) => string>();
  private readonly dataDir: string | undefined;
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
    this.dataDir = options.dataDir;
  }

  /**
   * Strings never written for this bot, replaced by a placeholder: its tokens ("[redacted
   * token]") and its secret variables' values ("[redacted secret]").
   */
  setSecrets(botId: string, tokens: (string | null | undefined)[], variables: string[] = []): void {
    const usable = (value: string | null | undefined): value is string =>
      typeof value === "string" && value.length >= minSecretLength;
    const secrets = new Map<string, string>();
    for (const value of variables.filter(usable)) secrets.set(value, "[redacted secret]");
    for (const value of tokens.filter(usable)) secrets.set(value, "[redacted token]");
    this.secrets.set(
      botId,
      [...secrets].map(([value, label]) => ({ value, label })).toSorted((a, b) => b.value.length - a.value.length),
    );
  }

  /** The line as the bot's owner may see it: no secrets, no host paths. `cut`: it was cut short. */
  redact(botId: string, line: string, cut = false): string {
    const out = redactSecrets(line, this.secrets.get(botId) ?? [], cut);
    let neutral = this.hostPaths.get(botId);
    if (!neutral) this.hostPaths.set(botId, (neutral = pathReplacer(hostPathNames(this.dataDir, botId))));
    return neutral(out);
  }

  /** `cut`: the line splitter kept only the line's beginning (the line was longer than it holds). */
  add(botId: string, stream: LogStream, line: string, cut = false): void {
    if (stream !== "system" && !this.allow(botId)) return;
    // Redacted whole, before it is cut: a secret across the cut is then gone entirely.
    let text = this.redact(botId, line.replace(/\r$/, ""), cut);
    if (cut || text.length > this.maxLineLength) {
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

/**
 * Splits a stream's chunks into lines, holding back a partial last line until it completes. A
 * line longer than maxPending is passed on once, cut (`cut` true), and the rest of it is
 * dropped as it arrives: a piece starting mid-line could begin with the end of a secret that
 * no redaction would recognise.
 */
export function lineSplitter(onLine: (line: string, cut: boolean) => void, maxPending = 64 * 1024) {
  let buffer = "";
  let dropping = false;
  return {
    push(chunk: string) {
      let rest = chunk;
      if (dropping) {
        const end = rest.indexOf("\n");
        if (end === -1) return;
        dropping = false;
        rest = rest.slice(end + 1);
      }
      buffer += rest;
      let index: number;
      while ((index = buffer.indexOf("\n")) !== -1) {
        const line = buffer.slice(0, index);
        buffer = buffer.slice(index + 1);
        if (line.length > maxPending) onLine(line.slice(0, maxPending), true);
        else onLine(line, false);
      }
      if (buffer.length > maxPending) {
        onLine(buffer.slice(0, maxPending), true);
        buffer = "";
        dropping = true;
      }
    },
    end() {
      if (buffer) onLine(buffer, false);
      buffer = "";
      dropping = false;
    },
  };
}
