import { describe, expect, it } from "vitest";

import { parsePeriod, percentChange, periodWindow, uptimeShare } from "./periods";

const at = (iso: string) => new Date(iso);

describe("analytics periods", () => {
  it("defaults to 7 days and accepts only the four periods", () => {
    expect(parsePeriod(undefined)).toBe("7d");
    expect(parsePeriod("30d")).toBe("30d");
    expect(parsePeriod("1y")).toBe("7d");
  });

  it("24h: 24 hourly buckets ending with the current hour, previous window the 24 h before", () => {
    const window = periodWindow("24h", at("2026-11-22T21:35:00Z"));
    expect(window.end.toISOString()).toBe("2026-11-22T22:00:00.000Z");
    expect(window.start.toISOString()).toBe("2026-11-21T22:00:00.000Z");
    expect(window.previousStart.toISOString()).toBe("2026-11-20T22:00:00.000Z");
    expect(window.buckets).toHaveLength(24);
    expect(window.buckets.at(-1)!.toISOString()).toBe("2026-11-22T21:00:00.000Z");
  });

  it("an exact hour boundary still includes the hour that just started", () => {
    const window = periodWindow("24h", at("2026-11-22T21:00:00Z"));
    expect(window.end.toISOString()).toBe("2026-11-22T22:00:00.000Z");
  });

  it("7d uses 6-hour buckets (28), 30d and 90d daily buckets aligned to UTC midnight", () => {
    expect(periodWindow("7d", at("2026-11-22T21:35:00Z")).buckets).toHaveLength(28);
    const month = periodWindow("30d", at("2026-11-22T21:35:00Z"));
    expect(month.buckets).toHaveLength(30);
    expect(month.end.toISOString()).toBe("2026-11-23T00:00:00.000Z");
    expect(periodWindow("90d", at("2026-11-22T21:35:00Z")).buckets).toHaveLength(90);
  });

  it("change is relative to the previous period; nothing before means no percentage", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 100)).toBe(-50);
    expect(percentChange(0, 0)).toBe(0);
    expect(percentChange(10, 0)).toBeNull();
  });

  it("uptime counts the time running between status changes, from the status at the window's start", () => {
    const start = at("2026-11-22T00:00:00Z");
    const end = at("2026-11-22T10:00:00Z");
    const now = at("2026-11-23T00:00:00Z");
    // Running from the start until 02:00, stopped, running again 06:00–10:00: 6 of 10 hours.
    const changes = [
      { at: at("2026-11-22T02:00:00Z"), status: "stopped" },
      { at: at("2026-11-22T06:00:00Z"), status: "running" },
    ];
    expect(uptimeShare(changes, "running", start, end, now)).toBeCloseTo(0.6);
    expect(uptimeShare([], "stopped", start, end, now)).toBe(0);
    expect(uptimeShare([], "running", start, end, now)).toBe(1);
    // Deployed at 08:00 with no history before the window, up since: 100 %, not 20 %.
    expect(uptimeShare([{ at: at("2026-11-22T08:00:00Z"), status: "running" }], null, start, end, now)).toBe(1);
    // The window's future part does not count: running the whole 5 hours so far is 100%.
    expect(uptimeShare([], "running", start, end, at("2026-11-22T05:00:00Z"))).toBe(1);
  });
});
