import { describe, expect, it } from "vitest";

import { pageParam } from "./page-param";

describe("pageParam", () => {
  it("reads whole page numbers and falls back to 1 for anything else", () => {
    expect(pageParam("3")).toBe(3);
    expect(pageParam(["2", "5"])).toBe(2);
    for (const junk of [undefined, "", "0", "-1", "1.5", "abc", "9999999"]) expect(pageParam(junk)).toBe(1);
  });
});
