/**
 * The runner's side of bot analytics: the preload / sitecustomize send what a bot handled over
 * fd 3 as { type: "analytics", events }; this checks each event, buffers it and writes batches
 * with recordAnalyticsEvents (which hashes user ids and keeps the roll-ups).
 */
import { analyticsKinds, recordAnalyticsEvents, type AnalyticsInput } from "@/lib/analytics/ingest";

/** A bot may not fill the runner's memory: beyond this many waiting events, new ones are dropped. */
const maxBuffered = 5000;
const batchSize = 500;
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
    });
  }
  return events;
}

/**
 * One write at a time for the whole runner: a hundred bots each flushing every second must not
 * take a hundred pool connections (they starved status and lease writes under load).
 */
let runnerWrites: Promise<void> = Promise.resolve();

export class AnalyticsForwarder {
  private buffer: AnalyticsInput[] = [];
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly botId: string,
    private readonly ownerUserId: string,
    private readonly flushMs = 1000,
  ) {}

  add(raw: unknown): void {
    for (const event of parseAnalyticsEvents(raw)) {
      if (this.buffer.length >= maxBuffered) this.dropped += 1;
      else this.buffer.push(event);
    }
    if (this.buffer.length >= batchSize) void this.flush();
    else if (this.buffer.length > 0 && !this.timer) this.timer = setTimeout(() => void this.flush(), this.flushMs);
  }

  /** Writes everything buffered so far; resolves when it is stored. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const events = this.buffer;
    this.buffer = [];
    const write = async () => {
      for (let start = 0; start < events.length; start += batchSize) {
        await recordAnalyticsEvents(this.botId, this.ownerUserId, events.slice(start, start + batchSize)).catch(
          (error: unknown) => console.error(`[runner] bot ${this.botId}: could not store analytics:`, error),
        );
      }
    };
    this.writing = runnerWrites = Promise.all([this.writing, runnerWrites]).then(write);
    return this.writing;
  }
}
