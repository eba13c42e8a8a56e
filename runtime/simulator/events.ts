/** The control API's Server-Sent Events: every change in a world, as it happens. */
import type { ServerResponse } from "node:http";

import type { SimulatorEvent } from "@/lib/simulator/types";

const heartbeatMs = 15_000;

/** Each world's newest events, kept for `GET …/events?after=` (the REST API's polling view). */
export const historyPerWorld = 200;
/** Worlds whose history is kept, the least recently active dropped first (bounds the memory). */
export const historyWorlds = 200;

export type NumberedEvent = SimulatorEvent & { seq: number };

export class EventHub {
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
  private readonly history = new Map<string, { next: number; events: NumberedEvent[] }>();
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
   * first, and the cursor to pass next time. `missed` says older events were dropped meanwhile.
   */
  recent(
    worldUserId: string,
    after: number,
    limit = historyPerWorld,
  ): { events: NumberedEvent[]; cursor: number; missed: boolean } {
    const kept = this.history.get(worldUserId);
    if (!kept) return { events: [], cursor: after, missed: false };
    const events = kept.events.filter((event) => event.seq > after).slice(0, limit);
    const oldest = kept.events[0]?.seq ?? kept.next;
    return {
      events,
      cursor: events.at(-1)?.seq ?? Math.max(after, kept.next - 1),
      missed: after > 0 && after < oldest - 1,
    };
  }

  private remember(worldUserId: string, event: SimulatorEvent): void {
    let kept = this.history.get(worldUserId);
    if (kept) this.history.delete(worldUserId);
    else {
      kept = { next: 1, events: [] };
      if (this.history.size >= historyWorlds) this.history.delete(this.history.keys().next().value!);
    }
    this.history.set(worldUserId, kept);
    kept.events.push({ ...event, seq: kept.next });
    kept.next += 1;
    if (kept.events.length > historyPerWorld) kept.events.splice(0, kept.events.length - historyPerWorld);
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
