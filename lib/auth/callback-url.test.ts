import { describe, expect, it } from "vitest";

import { safeCallbackUrl } from "./callback-url";

describe("safeCallbackUrl", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeCallbackUrl("/dashboard/bots")).toBe("/dashboard/bots");
    expect(safeCallbackUrl("/dashboard/bots?tab=code#top")).toBe("/dashboard/bots?tab=code#top");
  });

  it("falls back to /dashboard for other origins and tricks", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "dashboard",
      "",
      null,
      undefined,
      "/login",
      `/${"a".repeat(3000)}`,
    ]) {
      expect(safeCallbackUrl(value)).toBe("/dashboard");
    }
  });
});
