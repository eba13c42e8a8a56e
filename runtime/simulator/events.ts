/** The control API's Server-Sent Events: every change in a world, as it happens. */
import type { ServerResponse } from "node:http";

import type { SimulatorEvent } from "@/lib/simulator/types";

const heartbeatMs = 15_000;

/** Each world's newest events, kept for `GET …/events?after=` (the REST API's polling view). */
export const historyPerWorld = 200;
/** Worlds whose history is kept, the least recently active dropped first. */
export const historyWorlds = 200;
/** Bytes (as JSON) one world's kept events may take; the oldest go first. */
export const historyBytesPerWorld = 256 * 1024;
/** An event bigger than this is kept as its type and time only (`data: { truncated: true }`). */
export const historyEventBytes = 32 * 1024;

export type NumberedEvent = SimulatorEvent & { seq: number };

interface KeptHistory {
  events: NumberedEvent[];
  sizes: number[];
  bytes: number;
  /** The newest seq dropped from this world's history (to say `missed`). */
  droppedThrough: number;
}

export class EventHub {
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
  private readonly history = new Map<string, KeptHistory>();
  /**
   * One sequence for every world, starting from the clock, so a cursor never goes backwards: not
   * when a world's history is dropped and started again, nor across a restart of the simulator.
   */
  private lastSeq = Date.now() * 1000;
  private readonly timer = setInterval(() => this.heartbeat(), heartbeatMs);

  constructor() {
    this.timer.unref();
  }

  subscribe(worldUserId: string, response: ServerResponse): void {
    response.writeHead(200, {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      Connection: "keep-alive",
      "X-Accel-Buffering": "no",
    });
    response.write(": connected\n\n");
    let set = this.subscribers.get(worldUserId);
    if (!set) {
      set = new Set();
      this.subscribers.set(worldUserId, set);
    }
    set.add(response);
    response.on("close", () => {
      set.delete(response);
      if (set.size === 0) this.subscribers.delete(worldUserId);
    });
  }

  /** Whether someone is watching this world's events (it then stays in memory). */
  watching(worldUserId: string): boolean {
    return this.subscribers.has(worldUserId);
  }

  emit(worldUserId: string, event: SimulatorEvent): void {
    this.remember(worldUserId, event);
    const set = this.subscribers.get(worldUserId);
    if (!set) return;
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const response of set) response.write(frame);
  }

  /**
   * The world's kept events after `after` (a seq from an earlier answer; 0: all kept), oldest
   * first, and the cursor to pass next time. `missed` says events after `after` were dropped.
   */
  recent(
    worldUserId: string,
    after: number,
    limit = historyPerWorld,
  ): { events: NumberedEvent[]; cursor: number; missed: boolean } {
    const kept = this.history.get(worldUserId);
    const events = (kept?.events ?? []).filter((event) => event.seq > after).slice(0, limit);
    return {
      events,
      // Nothing new: the sequence as it stands, so whatever happens next comes after it.
      cursor: events.at(-1)?.seq ?? Math.max(after, this.lastSeq),
      missed: kept !== undefined && after > 0 && after < kept.droppedThrough,
    };
  }

  /** The newest sequence number given so far: a cursor for "from now on". */
  latest(): number {
    return this.lastSeq;
  }

  /** A world that is gone (a proof's scratch world): its history goes with it. */
  forget(worldUserId: string): void {
    this.history.delete(worldUserId);
  }

  private remember(worldUserId: string, event: SimulatorEvent): void {
    let kept = this.history.get(worldUserId);
    if (kept) this.history.delete(worldUserId);
    else {
      kept = { events: [], sizes: [], bytes: 0, droppedThrough: 0 };
      if (this.history.size >= historyWorlds) this.history.delete(this.history.keys().next().value!);
    }
    this.history.set(worldUserId, kept);
    this.lastSeq += 1;
    let numbered: NumberedEvent = { ...event, seq: this.lastSeq };
    let size = JSON.stringify(numbered).length;
    if (size > historyEventBytes) {
      numbered = { ...event, data: { truncated: true }, seq: this.lastSeq };
      size = JSON.stringify(numbered).length;
    }
    kept.events.push(numbered);
    kept.sizes.push(size);
    kept.bytes += size;
    while (kept.events.length > historyPerWorld || kept.bytes > historyBytesPerWorld) {
      kept.droppedThrough = kept.events.shift()!.seq;
      kept.bytes -= kept.sizes.shift()!;
    }
  }

  close(): void {
    clearInterval(this.timer);
    for (const set of this.subscribers.values()) for (const response of set) response.end();
    this.subscribers.clear();
  }

  private heartbeat(): void {
    for (const set of this.subscribers.values()) for (const response of set) response.write(": heartbeat\n\n");
  }
}
