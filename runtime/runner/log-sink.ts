/**
 * Collects every bot's output lines, redacts its token and secret variables (and the runner's
 * own paths on this host; the same redactor serves the bot's status, see `redact`), and writes
 * them to BotLogLine in batches (every flushIntervalMs or maxBatch lines), keeping the newest
 * maxLinesPerBot lines per bot.
 * After each batch it NOTIFYs `cipher_bot_logs` with the bot id, for the live log views.
 */
import { dirname, resolve } from "node:path";
import { inspect } from "node:util";

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

/**
 * Secrets shorter than this are not redacted: a value of one to three characters ("1", "eu",
 * "yes") would blank those letters inside every word of every line, and is no secret anyone could
 * not guess. From four characters on, every occurrence is replaced (so a value of 8 or more never
 * shows, whatever the bot prints).
 */
export const minSecretLength = 4;
/** A secret and the placeholder shown instead. */
export type Secret = { value: string; label: string };

export const tokenLabel = "[redacted token]";
export const secretLabel = "[redacted secret]";

/**
 * The forms of a value a log line may hold: as it is, each of its lines (a line splitter cuts a
 * value that spans lines; the settings refuse such secrets, older rows may hold one), and escaped
 * as JSON.stringify, Node's util.inspect (console.log of an object, Node's own error messages)
 * and Python's repr() show it inside their quotes.
 */
export function secretForms(value: string): string[] {
  const forms = new Set([
    value,
    ...value.split(/[\r\n]+/),
    JSON.stringify(value).slice(1, -1),
    inspect(value).slice(1, -1),
    pythonRepr(value),
  ]);
  return [...forms].filter((form) => form.length >= minSecretLength);
}

/** Python's repr() of a str, without its quotes (single-quoted form). */
function pythonRepr(value: string): string {
  const named: Record<string, string> = { "\\": "\\\\", "'": "\\'", "\n": "\\n", "\r": "\\r", "\t": "\\t" };
  return value.replace(
    /[\\'\n\r\t]|[\x00-\x1f\x7f]/g,
    (char) => named[char] ?? `\\x${char.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}

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

/**
 * Replaces every secret in `line`, and a secret's beginning where the line was cut (`cut`). All
 * occurrences are found in the line as it came, and overlapping ones are replaced as one: no
 * piece of one secret is left beside another's placeholder.
 */
export function redactSecrets(line: string, secrets: readonly Secret[], cut = false): string {
  const spans: { start: number; end: number; label: string }[] = [];
  for (const { value, label } of secrets) {
    if (!value) continue;
    for (let at = line.indexOf(value); at !== -1; at = line.indexOf(value, at + 1)) {
      spans.push({ start: at, end: at + value.length, label });
    }
    if (!cut) continue;
    // The line stops part-way through a secret: its first characters must not show either.
    for (let length = Math.min(value.length - 1, line.length); length >= 3; length--) {
      if (line.endsWith(value.slice(0, length))) {
        spans.push({ start: line.length - length, end: line.length, label });
        break;
      }
    }
  }
  if (spans.length === 0) return line;
  spans.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let position = 0;
  let current = { ...spans[0]! };
  for (const span of spans.slice(1)) {
    if (span.start <= current.end) {
      current.end = Math.max(current.end, span.end);
      continue;
    }
    out += line.slice(position, current.start) + current.label;
    position = current.end;
    current = { ...span };
  }
  return out + line.slice(position, current.start) + current.label + line.slice(current.end);
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
   * token]") and its secret variables' values ("[redacted secret]"), in every form a line may
   * hold them (secretForms).
   */
  setSecrets(
    botId: string,
    tokens: (string | null | undefined)[],
    variables: (string | null | undefined)[] = [],
  ): void {
    const secrets = new Map<string, string>();
    const add = (values: (string | null | undefined)[], label: string) => {
      for (const value of values)
        if (typeof value === "string") for (const form of secretForms(value)) secrets.set(form, label);
    };
    add(variables, secretLabel);
    add(tokens, tokenLabel);
    this.secrets.set(
      botId,
      [...secrets].map(([value, label]) => ({ value, label })).toSorted((a, b) => b.value.length - a.value.length),
    );
  }

  /**
   * The text as the bot's owner may see it: no secrets, no host paths. The one redactor for
   * everything the runner writes about a bot: its log lines (add) and its status reasons
   * (supervisor). `cut`: it was cut short.
   */
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
      let alive = await aliveBots(botIds);
      try {
        const rows = batch.filter((line) => alive.has(line.botId));
        if (rows.length) await db.botLogLine.createMany({ data: rows });
      } catch (error) {
        // A bot deleted between the check and the insert (a proof's scratch bot, a deleted bot): its
        // lines go with it, the others are stored.
        if (!isForeignKeyViolation(error)) throw error;
        alive = await aliveBots(botIds);
        const rows = batch.filter((line) => alive.has(line.botId));
        if (rows.length) await db.botLogLine.createMany({ data: rows });
      }
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

async function aliveBots(botIds: string[]): Promise<Set<string>> {
  const existing = await db.bot.findMany({ where: { id: { in: botIds } }, select: { id: true } });
  return new Set(existing.map((bot) => bot.id));
}

function isForeignKeyViolation(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === "P2003" || (typeof message === "string" && /ForeignKeyConstraintViolation|foreign key/i.test(message))
  );
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
