/**
 * The runner's side of bot analytics: the preload / sitecustomize send what a bot handled over
 * fd 3 as { type: "analytics", events }; this checks each event against a schema (counts
 * clamped), rate-limits each bot, buffers the events and writes what every bot of the process
 * sent, every couple of seconds, in one transaction with recordAnalytics (which hashes user ids
 * and keeps the roll-ups). Should that write fail, each bot's events are written on their own,
 * so one bot's events can never cost another bot its analytics.
 */
import { z } from "zod";

import { analyticsKinds, recordAnalytics, type AnalyticsBatch, type AnalyticsInput } from "@/lib/analytics/ingest";
import { TokenBucket } from "@/lib/rate-limit/token-bucket";

/** A bot may not fill the runner's memory: beyond this many waiting events, new ones are dropped. */
const maxBuffered = 5000;
const batchSize = 2000;
/** Times the bot reports are trusted within this distance from the runner's clock. */
const maxSkewMs = 5 * 60_000;
/** What one event may stand for: no bot sees this many messages from one author in a second. */
export const maxMessageCount = 100_000;
/** Per bot: commands, joins, leaves and errors (one stored row each), and message counts, per second. */
const rawEventsPerSecond = 100;
const messageEventsPerSecond = 500;
/** Per bot and day: events that name a user (each may add a unique-user row). */
const maxActorEventsPerDay = 200_000;

function text(value: unknown, max: number): string | null {
  return typeof value === "string" && value.length > 0 ? value.slice(0, max) : null;
}

/**
 * One event from a bot's preload / sitecustomize. Lenient where a value is only informative (a
 * wrong duration or guild is dropped, not the event), strict where it is counted.
 */
export const analyticsEventSchema = z
  .object({
    kind: z.enum(analyticsKinds),
    at: z.unknown().optional(),
    name: z.unknown().optional(),
    guildId: z.unknown().optional(),
    actorId: z.unknown().optional(),
    durationMs: z.unknown().optional(),
    ok: z.unknown().optional(),
    count: z.unknown().optional(),
  })
  .refine(
    // A message count must be a positive whole number (a huge one is clamped below); others are refused.
    (event) =>
      event.kind !== "message" ||
      event.count === undefined ||
      (typeof event.count === "number" && Number.isSafeInteger(event.count) && event.count > 0),
  );

export function parseAnalyticsEvents(raw: unknown, now = Date.now()): AnalyticsInput[] {
  if (!Array.isArray(raw)) return [];
  const events: AnalyticsInput[] = [];
  for (const item of raw.slice(0, 1000) as unknown[]) {
    const parsed = analyticsEventSchema.safeParse(item);
    if (!parsed.success) continue;
    const event = parsed.data;
    const at = typeof event.at === "string" ? Date.parse(event.at) : Number.NaN;
    const duration =
      typeof event.durationMs === "number" && Number.isFinite(event.durationMs) ? event.durationMs : null;
    events.push({
      at: new Date(Number.isFinite(at) && Math.abs(at - now) < maxSkewMs ? at : now),
      kind: event.kind,
      name: text(event.name, 100) ?? undefined,
      guildId: text(event.guildId, 32),
      actorId: text(event.actorId, 32),
      durationMs: duration === null ? null : Math.min(Math.max(0, duration), 2_147_483_647),
      ok: typeof event.ok === "boolean" ? event.ok : undefined,
      count:
        event.kind === "message"
          ? Math.min(typeof event.count === "number" ? event.count : 1, maxMessageCount)
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
      recordAnalytics(batches).catch(async () => {
        // Something in one bot's events failed the shared write: each bot's again on its own, so
        // only that bot's are lost.
        for (const batch of batches) {
          await recordAnalytics([batch]).catch((error: unknown) =>
            console.error(`[runner] could not store the analytics of bot ${batch.botId}:`, error),
          );
        }
      });
    // One write at a time: they would otherwise compete for the same roll-up rows.
    this.writing = this.writing.then(write);
    return this.writing;
  }
}

const writer = new AnalyticsWriter();

/** A bot's events on their way to the process's writer. */
export class AnalyticsForwarder {
  dropped = 0;
  private readonly raw = new TokenBucket(rawEventsPerSecond, rawEventsPerSecond * 10);
  private readonly messages = new TokenBucket(messageEventsPerSecond, messageEventsPerSecond * 4);
  private actorDay = "";
  private actorEvents = 0;

  constructor(
    private readonly botId: string,
    private readonly ownerUserId: string,
  ) {}

  add(raw: unknown): void {
    for (const event of parseAnalyticsEvents(raw)) {
      const bucket = event.kind === "message" ? this.messages : this.raw;
      if (!bucket.take()) {
        this.dropped += 1;
        continue;
      }
      if (event.actorId && !this.countActor()) event.actorId = null;
      if (!writer.add(this.botId, this.ownerUserId, event)) this.dropped += 1;
    }
  }

  /** False once the bot has named maxActorEventsPerDay users today: still counted, not as unique users. */
  private countActor(): boolean {
    const day = new Date().toISOString().slice(0, 10);
    if (day !== this.actorDay) {
      this.actorDay = day;
      this.actorEvents = 0;
    }
    this.actorEvents += 1;
    return this.actorEvents <= maxActorEventsPerDay;
  }

  /** Writes everything buffered so far (this bot's and the others'); resolves when it is stored. */
  flush(): Promise<void> {
    return writer.flush();
  }
}
