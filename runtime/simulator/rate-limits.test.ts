import { describe, expect, it } from "vitest";

import { RateLimiter } from "./rate-limits";

describe("rate limits", () => {
  it("count down in headers, refuse the request over the limit and reset after the window", () => {
    const limiter = new RateLimiter();
    const now = 1_000_000;
    for (let index = 0; index < 5; index += 1) {
      const decision = limiter.check("bot", "POST /channels/:id/messages", "c1", 5, 5000, now);
      expect(decision.limited).toBeUndefined();
      expect(decision.headers["X-RateLimit-Remaining"]).toBe(String(4 - index));
    }
    const refused = limiter.check("bot", "POST /channels/:id/messages", "c1", 5, 5000, now + 1000);
    expect(refused.limited).toMatchObject({ retry_after: 4, global: false });
    expect(refused.headers["X-RateLimit-Scope"]).toBe("user");
    expect(limiter.check("bot", "POST /channels/:id/messages", "c2", 5, 5000, now + 1000).limited).toBeUndefined();
    expect(limiter.check("bot", "POST /channels/:id/messages", "c1", 5, 5000, now + 5000).limited).toBeUndefined();
  });

  it("has a global limit per bot", () => {
    const limiter = new RateLimiter();
    for (let index = 0; index < 50; index += 1) limiter.check("bot", "GET /x", String(index), 100, 1000, 5000);
    const refused = limiter.check("bot", "GET /x", "y", 100, 1000, 5000);
    expect(refused.limited?.global).toBe(true);
    expect(refused.headers["X-RateLimit-Global"]).toBe("true");
  });
});
