import { describe, expect, it } from "vitest";

import { int4Max, parseWholeNumber, wholeNumber } from "./numbers";

describe("whole numbers from users", () => {
  it("parses plain digits within the range and nothing else", () => {
    expect(parseWholeNumber("1")).toBe(1);
    expect(parseWholeNumber("0042")).toBe(42);
    expect(parseWholeNumber(String(int4Max))).toBe(int4Max);
    for (const raw of [
      String(int4Max + 1),
      "99999999999",
      "-1",
      "0",
      "1e5",
      "+3",
      " 3",
      "3.0",
      "abc",
      "",
      undefined,
      "0x10",
    ]) {
      expect(parseWholeNumber(raw)).toBeNull();
    }
    expect(parseWholeNumber(["7", "8"])).toBe(7);
  });

  it("refuses in schemas what an integer column cannot hold", () => {
    const schema = wholeNumber();
    expect(schema.safeParse(1).success).toBe(true);
    for (const value of [0, -1, 2 ** 31, 1.5, Number.NaN, Infinity, "3"])
      expect(schema.safeParse(value).success).toBe(false);
  });
});
