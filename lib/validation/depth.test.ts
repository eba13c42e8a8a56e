import { describe, expect, it } from "vitest";

import { maxInputDepth, nestsDeeperThan } from "./depth";

function nested(levels: number): unknown {
  let value: unknown = "leaf";
  for (let index = 0; index < levels; index++) value = index % 2 ? [value] : { a: value };
  return value;
}

describe("input depth", () => {
  it("accepts ordinary bodies and refuses anything nested beyond the limit, even 20,000 deep", () => {
    expect(nestsDeeperThan({ files: [{ path: "a", content: "b" }], n: 1 })).toBe(false);
    expect(nestsDeeperThan(nested(maxInputDepth))).toBe(false);
    expect(nestsDeeperThan(nested(maxInputDepth + 1))).toBe(true);
    expect(nestsDeeperThan(JSON.parse("[".repeat(20_000) + "]".repeat(20_000)))).toBe(true);
    expect(nestsDeeperThan("text")).toBe(false);
    expect(nestsDeeperThan(new Uint8Array(10))).toBe(false);
  });
});
