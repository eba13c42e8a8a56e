import { describe, expect, it } from "vitest";

import { EventHub, historyPerWorld, historyWorlds } from "./events";

const event = (n: number) => ({ type: "message_create" as const, at: new Date(0).toISOString(), data: { n } });

describe("the event hub's kept history (GET …/events?after=)", () => {
  it("numbers each world's events, answers those after a cursor, and says when older ones were dropped", () => {
    const hub = new EventHub();
    try {
      for (let n = 1; n <= 3; n += 1) hub.emit("alice", event(n));
      hub.emit("bob", event(99));
      expect(hub.recent("alice", 0).events.map((kept) => kept.seq)).toEqual([1, 2, 3]);
      expect(hub.recent("alice", 2)).toMatchObject({ events: [{ seq: 3, data: { n: 3 } }], cursor: 3, missed: false });
      expect(hub.recent("alice", 3)).toEqual({ events: [], cursor: 3, missed: false });
      expect(hub.recent("bob", 0).events).toEqual([expect.objectContaining({ seq: 1, data: { n: 99 } })]);
      expect(hub.recent("carol", 0)).toEqual({ events: [], cursor: 0, missed: false });

      for (let n = 4; n <= historyPerWorld + 10; n += 1) hub.emit("alice", event(n));
      const page = hub.recent("alice", 2);
      expect(page.missed).toBe(true);
      expect(page.events[0]!.seq).toBe(11);
      expect(hub.recent("alice", 0, 5).events.map((kept) => kept.seq)).toEqual([11, 12, 13, 14, 15]);
    } finally {
      hub.close();
    }
  });

  it("keeps at most historyWorlds worlds, dropping the least recently active", () => {
    const hub = new EventHub();
    try {
      for (let world = 0; world <= historyWorlds; world += 1) hub.emit(`world-${world}`, event(world));
      expect(hub.recent("world-0", 0).events).toEqual([]);
      expect(hub.recent("world-1", 0).events).toHaveLength(1);
      expect(hub.recent(`world-${historyWorlds}`, 0).events).toHaveLength(1);
    } finally {
      hub.close();
    }
  });
});
