import { describe, expect, it } from "vitest";

import { EventHub, historyBytesPerWorld, historyEventBytes, historyPerWorld, historyWorlds } from "./events";

const event = (n: number, data: unknown = { n }) => ({
  type: "message_create" as const,
  at: new Date(0).toISOString(),
  data,
});

describe("the event hub's kept history (GET …/events?after=)", () => {
  it("numbers events, answers those after a cursor, and says when some after it were dropped", () => {
    const hub = new EventHub();
    try {
      const start = hub.recent("alice", 0).cursor;
      for (let n = 1; n <= 3; n += 1) hub.emit("alice", event(n));
      hub.emit("bob", event(99));
      const all = hub.recent("alice", 0).events;
      expect(all.map((kept) => kept.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(all.every((kept) => kept.seq > start)).toBe(true);
      const [, second, third] = all;
      expect(hub.recent("alice", second!.seq)).toMatchObject({
        events: [{ data: { n: 3 } }],
        cursor: third!.seq,
        missed: false,
      });
      // Bob's event took a number in between: a cursor with nothing new stays ahead of everything so far.
      const idle = hub.recent("alice", third!.seq);
      expect(idle.events).toEqual([]);
      expect(idle.cursor).toBeGreaterThan(third!.seq);
      expect(hub.recent("carol", 0).events).toEqual([]);

      for (let n = 4; n <= historyPerWorld + 10; n += 1) hub.emit("alice", event(n));
      const page = hub.recent("alice", second!.seq);
      expect(page.missed).toBe(true);
      expect(page.events[0]!.data).toEqual({ n: 11 });
      expect(hub.recent("alice", 0, 5).events.map((kept) => kept.data)).toEqual(
        [11, 12, 13, 14, 15].map((n) => ({ n })),
      );
    } finally {
      hub.close();
    }
  });

  it("never goes backwards: a dropped world, or a new simulator, numbers after every cursor given", async () => {
    const hub = new EventHub();
    const cursor = hub.recent("alice", 0).cursor;
    hub.emit("alice", event(1));
    const seen = hub.recent("alice", cursor).events[0]!.seq;
    hub.forget("alice");
    hub.emit("alice", event(2));
    expect(hub.recent("alice", seen).events.map((kept) => kept.data)).toEqual([{ n: 2 }]);
    hub.close();
    // A restart takes longer than a millisecond (the sequence starts from the clock, 1,000 a ms).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const restarted = new EventHub();
    try {
      restarted.emit("alice", event(3));
      expect(restarted.recent("alice", seen).events.map((kept) => kept.data)).toEqual([{ n: 3 }]);
    } finally {
      restarted.close();
    }
  });

  it("bounds memory: worlds kept, bytes per world, and a huge event kept as its type only", () => {
    const hub = new EventHub();
    try {
      for (let world = 0; world <= historyWorlds; world += 1) hub.emit(`world-${world}`, event(world));
      expect(hub.recent("world-0", 0).events).toEqual([]);
      expect(hub.recent("world-1", 0).events).toHaveLength(1);

      hub.emit("big", event(1, { text: "x".repeat(historyEventBytes + 1) }));
      expect(hub.recent("big", 0).events[0]!.data).toEqual({ truncated: true });
      const chunk = "y".repeat(historyEventBytes / 2);
      for (let n = 0; n < 40; n += 1) hub.emit("big", event(n, { chunk }));
      const kept = hub.recent("big", 0).events;
      expect(JSON.stringify(kept).length).toBeLessThanOrEqual(historyBytesPerWorld + 1024);
      expect(kept.length).toBeLessThan(40);
    } finally {
      hub.close();
    }
  });
});
