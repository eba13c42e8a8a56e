import { describe, expect, it } from "vitest";

import { snowflake, snowflakeTime } from "./snowflake";

describe("snowflake", () => {
  it("encodes its creation time and increases", () => {
    const at = Date.UTC(2025, 0, 1);
    const first = snowflake(at);
    const second = snowflake(at);
    expect(snowflakeTime(first)).toBe(at);
    expect(BigInt(second)).toBeGreaterThan(BigInt(first));
    expect(first).toMatch(/^\d{17,20}$/);
  });
});
