/**
 * Rate limits in PostgreSQL (sliding windows over fixed buckets), so they hold across server
 * processes and restarts without another service. Counted per client IP, or per account for
 * signed-in users (./subject.ts). One row per key and window; old windows are swept lazily.
 */
import { db } from "@/lib/db";

export type RateLimitRule = {
  /** Names the thing being limited, e.g. "form:contact". */
  bucket: string;
  limit: number;
  windowMs: number;
};

export type RateLimitResult =
  | { allowed: true; /** Attempts left in the sliding window. */ remaining?: number; resetSeconds?: number }
  | { allowed: false; retryAfterSeconds: number };

/** Forms on the site: 10 submissions a minute from one address, per form. */
export const formRateLimit = (form: string): RateLimitRule => ({ bucket: `form:${form}`, limit: 10, windowMs: 60_000 });

export const rateLimitedMessage = "Too many attempts from your network. Please wait a minute and try again.";

/**
 * Counts one attempt for `subject` (usually the client IP) and says whether it is allowed. The
 * count is a sliding window: this window's attempts plus the previous window's, weighted by how
 * much of it still overlaps the last `windowMs`, so a burst cannot double up across a boundary.
 */
export async function consumeRateLimit(
  rule: RateLimitRule,
  subject: string,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowStart = new Date(Math.floor(now.getTime() / rule.windowMs) * rule.windowMs);
  const previousStart = new Date(windowStart.getTime() - rule.windowMs);
  const key = `${rule.bucket}:${subject}`;
  const rows = await db.$queryRaw<{ count: number; previous: number | null }[]>`
    WITH current AS (
      INSERT INTO "RateLimitWindow" ("key", "windowStart", "count") VALUES (${key}, ${windowStart}, 1)
      ON CONFLICT ("key", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + 1
      RETURNING "count"
    )
    SELECT current."count",
      (SELECT "count" FROM "RateLimitWindow" WHERE "key" = ${key} AND "windowStart" = ${previousStart}) AS previous
    FROM current`;
  if (Math.random() < 0.01) void sweepExpiredWindows(now);
  const count = rows[0]?.count ?? 1;
  const previous = rows[0]?.previous ?? 0;
  const overlap = 1 - (now.getTime() - windowStart.getTime()) / rule.windowMs;
  const retryAfterMs = windowStart.getTime() + rule.windowMs - now.getTime();
  const used = count + previous * overlap;
  if (used <= rule.limit) {
    return {
      allowed: true,
      remaining: Math.max(0, Math.floor(rule.limit - used)),
      resetSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)),
    };
  }
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
}

async function sweepExpiredWindows(now: Date) {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  await db.rateLimitWindow.deleteMany({ where: { windowStart: { lt: dayAgo } } }).catch((error: unknown) => {
    console.error("[rate-limit] sweeping old windows failed", error);
  });
}
