/**
 * Discord-style rate limits: fixed windows per bot, route and top-level resource, reported in
 * X-RateLimit-* headers on every response, plus a global per-bot limit. discord.js and discord.py
 * pace themselves from these headers; a bot that ignores them gets a 429.
 */
import { createHash } from "node:crypto";

export const globalLimitPerSecond = 50;

interface Window {
  count: number;
  resetAt: number;
}

export interface RateLimitDecision {
  headers: Record<string, string>;
  /** Set when the request is refused: the 429 body. */
  limited?: { message: string; retry_after: number; global: boolean; code?: number };
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly global = new Map<string, Window>();
  private sweepAt = Date.now() + 60_000;

  check(
    botKey: string,
    routePattern: string,
    majorId: string,
    limit: number,
    windowMs: number,
    now = Date.now(),
  ): RateLimitDecision {
    this.sweep(now);
    const bucket = createHash("sha1").update(routePattern).digest("hex").slice(0, 16);
    const globalWindow = this.window(this.global, botKey, 1000, now);
    if (globalWindow.count >= globalLimitPerSecond) {
      const retryAfter = (globalWindow.resetAt - now) / 1000;
      return {
        headers: {
          "Retry-After": String(Math.max(1, Math.ceil(retryAfter))),
          "X-RateLimit-Global": "true",
          "X-RateLimit-Scope": "global",
        },
        limited: { message: "You are being rate limited.", retry_after: round(retryAfter), global: true },
      };
    }
    const window = this.window(this.windows, `${botKey}:${bucket}:${majorId}`, windowMs, now);
    const resetAfter = (window.resetAt - now) / 1000;
    const headers: Record<string, string> = {
      "X-RateLimit-Limit": String(limit),
      "X-RateLimit-Reset": (window.resetAt / 1000).toFixed(3),
      "X-RateLimit-Reset-After": resetAfter.toFixed(3),
      "X-RateLimit-Bucket": bucket,
    };
    if (window.count >= limit) {
      headers["X-RateLimit-Remaining"] = "0";
      headers["Retry-After"] = String(Math.max(1, Math.ceil(resetAfter)));
      headers["X-RateLimit-Scope"] = "user";
      return {
        headers,
        limited: { message: "You are being rate limited.", retry_after: round(resetAfter), global: false },
      };
    }
    window.count += 1;
    globalWindow.count += 1;
    headers["X-RateLimit-Remaining"] = String(limit - window.count);
    return { headers };
  }

  private window(map: Map<string, Window>, key: string, windowMs: number, now: number): Window {
    let window = map.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + windowMs };
      map.set(key, window);
    }
    return window;
  }

  private sweep(now: number): void {
    if (now < this.sweepAt) return;
    this.sweepAt = now + 60_000;
    for (const map of [this.windows, this.global]) {
      for (const [key, window] of map) if (window.resetAt <= now) map.delete(key);
    }
  }
}

function round(seconds: number): number {
  return Math.max(0.001, Math.round(seconds * 1000) / 1000);
}
