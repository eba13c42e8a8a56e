/** The control API's Server-Sent Events: every change in a world, as it happens. */
import type { ServerResponse } from "node:http";

import type { SimulatorEvent } from "@/lib/simulator/types";

const heartbeatMs = 15_000;

export class EventHub {
  private readonly subscribers = new Map<string, Set<ServerResponse>>();
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
    const set = this.subscribers.get(worldUserId);
    if (!set) return;
    const frame = `data: ${JSON.stringify(event)}\n\n`;
    for (const response of set) response.write(frame);
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
