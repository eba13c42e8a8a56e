import { describe, expect, it } from "vitest";

import { newsletterSchema } from "./schemas";

describe("newsletterSchema", () => {
  it.each(["", "   ", "no-at-sign", "a@", "@b.co"])("rejects %j", (email) => {
    expect(newsletterSchema.safeParse({ email }).success).toBe(false);
  });

  it("accepts and trims a real address", () => {
    expect(newsletterSchema.parse({ email: "  ada@example.com " })).toEqual({ email: "ada@example.com" });
  });

  it("rejects addresses longer than 254 characters", () => {
    expect(newsletterSchema.safeParse({ email: `${"a".repeat(250)}@example.com` }).success).toBe(false);
  });
});
