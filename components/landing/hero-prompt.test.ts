import { describe, expect, it } from "vitest";

import { MAX_CARRIED_PROMPT, signupHref } from "./hero-prompt";

describe("signupHref", () => {
  it("goes to /signup without a query when the prompt is blank", () => {
    expect(signupHref("")).toBe("/signup");
    expect(signupHref("   \n")).toBe("/signup");
  });

  it("carries the trimmed prompt, encoded, as ?prompt=", () => {
    const href = signupHref("  A bot that says hi & bye?  ");
    expect(href).toBe("/signup?prompt=A+bot+that+says+hi+%26+bye%3F");
    expect(new URL(href, "http://x").searchParams.get("prompt")).toBe("A bot that says hi & bye?");
  });

  it("caps the carried prompt length", () => {
    const prompt = new URL(signupHref("x".repeat(5000)), "http://x").searchParams.get("prompt");
    expect(prompt).toHaveLength(MAX_CARRIED_PROMPT);
  });
});
