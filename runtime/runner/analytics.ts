/**
 * The runner's side of bot analytics: the preload / sitecustomize send what a bot handled over
 * fd 3 as { type: "analytics", events }; this checks each event, buffers it and writes what every
 * bot of the process sent, every couple of seconds, in one transaction with recordAnalytics
 * (which hashes user ids and keeps the roll-ups).
 */
import { analyticsKinds, recordAnalytics, type AnalyticsBatch, type AnalyticsInput } from "@/lib/analytics/ingest";

/** A bot may not fill the runner's memory: beyond this many waiting events, new ones are dropped. */
const maxBuffered = 5000;
const batchSize = 2000;
/** Times the bot reports are trusted within this distance from the runner's clock. */
const maxSkewMs = 5 * 60_000;

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value.length > 0 ? value.slice(0, max) : null;
}

export function parseAnalyticsEvents(raw: unknown, now = Date.now()): AnalyticsInput[] {
  if (!Array.isArray(raw)) return [];
  const events: AnalyticsInput[] = [];
  for (const item of raw.slice(0, 1000) as unknown[]) {
    if (!item || typeof item !== "object") continue;
    const event = item as Record<string, unknown>;
    if (typeof event.kind !== "string" || !(analyticsKinds as readonly string[]).includes(event.kind)) continue;
    const at = typeof event.at === "string" ? Date.parse(event.at) : Number.NaN;
    const duration =
      typeof event.durationMs === "number" && Number.isFinite(event.durationMs) ? event.durationMs : null;
    events.push({
      at: new Date(Number.isFinite(at) && Math.abs(at - now) < maxSkewMs ? at : now),
      kind: event.kind as AnalyticsInput["kind"],
      name: text(event.name, 100) ?? undefined,
      guildId: text(event.guildId, 32),
      actorId: text(event.actorId, 32),
      durationMs: duration === null ? null : Math.max(0, duration),
      ok: typeof event.ok === "boolean" ? event.ok : undefined,
      count:
        event.kind === "message" && typeof event.count === "number" && Number.isInteger(event.count) && event.count > 0
          ? Math.min(event.count, 1_000_000)
          : undefined,
    });
  }
  return events;
}

/** How often the process writes what its bots reported (the Analytics page refreshes every 5 s). */
const writeEveryMs = 2000;

/**
 * Every bot's events, written together: one transaction every couple of seconds for the whole
 * process instead of one per bot per second. A hundred bots each writing every second had taken
 * most of the runner's CPU (and, in parallel, the pool's connections from status and lease writes).
 */
class AnalyticsWriter {
  private readonly pending = new Map<string, AnalyticsBatch>();
  private size = 0;
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();

  /** Buffers a bot's events; false when the bot already has maxBuffered waiting (dropped). */
  add(botId: string, userId: string, event: AnalyticsInput): boolean {
    let batch = this.pending.get(botId);
    if (!batch) this.pending.set(botId, (batch = { botId, userId, events: [] }));
    if (batch.events.length >= maxBuffered) return false;
    batch.events.push(event);
    this.size += 1;
    if (this.size >= batchSize) void this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), writeEveryMs);
      this.timer.unref();
    }
    return true;
  }

  /** Writes everything buffered so far; resolves once it is stored (or the write has failed). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batches = [...this.pending.values()];
    this.pending.clear();
    this.size = 0;
    if (batches.length === 0) return this.writing;
    const write = () =>
      recordAnalytics(batches).catch((error: unknown) =>
        console.error(`[runner] could not store analytics of ${batches.length} bot(s):`, error),
      );
    // One write at a time: they would otherwise compete for the same roll-up rows.
    this.writing = this.writing.then(write);
    return this.writing;
  }
}

const writer = new AnalyticsWriter();

/** A bot's events on their way to the process's writer. */
export class AnalyticsForwarder {
  dropped = 0;

  constructor(
    private readonly botId: string,
    private readonly ownerUserId: string,
  ) {}

  add(raw: unknown): void {
    for (const event of parseAnalyticsEvents(raw)) {
      if (!writer.add(this.botId, this.ownerUserId, event)) this.dropped += 1;
    }
  }

  /** Writes everything buffered so far (this bot's and the others'); resolves when it is stored. */
  flush(): Promise<void> {
    return writer.flush();
  }
}
