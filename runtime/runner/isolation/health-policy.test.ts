import { describe, expect, it } from "vitest";

import { defaultSelfTestPolicy, describeDelay, retryDelayMs } from "./health-policy";

describe("when a failed sandbox check runs again", () => {
  it("waits 5 s after the first failure and doubles with each failure in a row", () => {
    expect([1, 2, 3, 4, 5].map((failures) => retryDelayMs(failures))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
  });

  it("never waits longer than its cap, however many checks failed", () => {
    expect(retryDelayMs(7)).toBe(defaultSelfTestPolicy.capMs);
    expect(retryDelayMs(10_000)).toBe(defaultSelfTestPolicy.capMs);
  });

  it("follows a policy of its own (tests, operators)", () => {
    const policy = { ...defaultSelfTestPolicy, firstRetryMs: 1_000, capMs: 3_000 };
    expect([1, 2, 3].map((failures) => retryDelayMs(failures, policy))).toEqual([1_000, 2_000, 3_000]);
  });

  it("says the wait in seconds, then minutes", () => {
    expect(describeDelay(5_000)).toBe("in 5 s");
    expect(describeDelay(80_000)).toBe("in 80 s");
    expect(describeDelay(300_000)).toBe("in 5 min");
  });
});
