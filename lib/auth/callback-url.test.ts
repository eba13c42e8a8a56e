import { describe, expect, it } from "vitest";

import { env } from "@/lib/env";

import { safeCallbackUrl } from "./callback-url";
import { openRedirectPayloads } from "./callback-url-payloads";

describe("safeCallbackUrl", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeCallbackUrl("/dashboard/bots")).toBe("/dashboard/bots");
    expect(safeCallbackUrl("/dashboard/bots?tab=code#top")).toBe("/dashboard/bots?tab=code#top");
    expect(safeCallbackUrl("/dashboard/bots?next=//evil.example")).toBe("/dashboard/bots?next=//evil.example");
    expect(safeCallbackUrl(`${new URL(env.SITE_URL).origin}/dashboard/settings`)).toBe("/dashboard/settings");
  });

  it("falls back to /dashboard for every payload that tries to leave the site", () => {
    for (const value of openRedirectPayloads) {
      expect(safeCallbackUrl(value), JSON.stringify(value)).toBe("/dashboard");
    }
  });

  it("answers only paths that a browser resolves to the site itself", () => {
    const site = new URL(env.SITE_URL);
    for (const value of [...openRedirectPayloads, "/a/../b", "/dashboard/./bots", "/x?y=1#z"]) {
      const answer = safeCallbackUrl(value);
      expect(answer.startsWith("/") && !answer.startsWith("//"), answer).toBe(true);
      expect(new URL(answer, site).origin).toBe(site.origin);
    }
  });
});
