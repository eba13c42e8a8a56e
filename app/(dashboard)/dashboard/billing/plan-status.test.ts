import { describe, expect, it } from "vitest";

import { trialStatus } from "./plan-status";

const created = new Date("2026-01-01T12:00:00Z");

describe("trialStatus", () => {
  it("is 30 days with $5 in credits, counted from the account's creation", () => {
    expect(trialStatus(created, created)).toEqual({
      days: 30,
      endsAt: new Date("2026-01-31T12:00:00Z"),
      daysLeft: 30,
      creditsCents: 500,
    });
  });

  it("rounds part of a day up and stops at 0 once it has ended", () => {
    expect(trialStatus(created, new Date("2026-01-30T18:00:00Z")).daysLeft).toBe(1);
    expect(trialStatus(created, new Date("2026-01-31T12:00:00Z")).daysLeft).toBe(0);
    expect(trialStatus(created, new Date("2026-03-01T00:00:00Z")).daysLeft).toBe(0);
  });
});
