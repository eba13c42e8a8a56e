import { describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { consumeRateLimit, type RateLimitRule } from "./index";

const rule: RateLimitRule = { bucket: `test-${Date.now().toString(36)}`, limit: 3, windowMs: 60_000 };

describe("consumeRateLimit", () => {
  it("allows the limit in one window, refuses the next attempt with the seconds left", async () => {
    const now = new Date("2026-01-01T10:00:15Z");
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(consumeRateLimit(rule, "203.0.113.1", now)).resolves.toMatchObject({ allowed: true });
    }
    await expect(consumeRateLimit(rule, "203.0.113.1", now)).resolves.toEqual({
      allowed: false,
      retryAfterSeconds: 45,
    });
  });

  it("counts each address separately and lets the previous window's attempts fade out", async () => {
    const now = new Date("2026-01-01T10:00:20Z");
    await expect(consumeRateLimit(rule, "203.0.113.2", now)).resolves.toMatchObject({ allowed: true });
    // 4 attempts (3 allowed, 1 refused) in 10:00; right after the boundary they still count fully.
    const boundary = new Date("2026-01-01T10:01:00.500Z");
    await expect(consumeRateLimit(rule, "203.0.113.1", boundary)).resolves.toMatchObject({ allowed: false });
    // Two windows later nothing of the burst is left.
    const later = new Date("2026-01-01T10:02:30Z");
    await expect(consumeRateLimit(rule, "203.0.113.1", later)).resolves.toMatchObject({ allowed: true });
  });

  it("refuses a burst that straddles a window boundary", async () => {
    const burstRule = { ...rule, bucket: `${rule.bucket}-burst`, limit: 10 };
    for (let attempt = 0; attempt < 10; attempt++) {
      const at = new Date(Date.parse("2026-01-01T12:00:59Z") + attempt * 50);
      await expect(consumeRateLimit(burstRule, "203.0.113.4", at)).resolves.toMatchObject({ allowed: true });
    }
    const afterBoundary = new Date("2026-01-01T12:01:00.600Z");
    await expect(consumeRateLimit(burstRule, "203.0.113.4", afterBoundary)).resolves.toMatchObject({ allowed: false });
  });

  it("keeps an exact count under concurrent attempts", async () => {
    const now = new Date("2026-01-01T11:00:00Z");
    const results = await Promise.all(
      Array.from({ length: 8 }, () => consumeRateLimit({ ...rule, limit: 5 }, "203.0.113.3", now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    const row = await db.rateLimitWindow.findFirst({ where: { key: `${rule.bucket}:203.0.113.3` } });
    expect(row?.count).toBe(8);
  });
});
