/**
 * Rate limits kept in this process's memory: a token bucket per subject, for hot paths where a
 * database write per request would cost more than the request (the REST API's per-key limit).
 * With several web processes each counts on its own. Limits that must hold across processes and
 * restarts (sign-ins, forms) use consumeRateLimit (PostgreSQL).
 */
import type { RateLimitResult } from "./index";
import { TokenBucket } from "./token-bucket";

/** Buckets kept at most; past it the oldest go (a full bucket is the same as none). */
const maxBuckets = 50_000;
const storeKey = Symbol.for("cipher.memoryRateLimits");
const buckets = ((globalThis as Record<symbol, unknown>)[storeKey] ??= new Map<string, TokenBucket>()) as Map<
  string,
  TokenBucket
>;

/** Takes one request from `subject`'s bucket of `perMinute` (a burst of the whole minute's worth). */
export function consumeMemoryRateLimit(
  bucket: string,
  subject: string,
  perMinute: number,
  now = Date.now(),
): RateLimitResult & { remaining?: number; resetSeconds?: number } {
  const key = `${bucket}:${perMinute}:${subject}`;
  let tokens = buckets.get(key);
  if (!tokens) {
    if (buckets.size >= maxBuckets) buckets.delete(buckets.keys().next().value!);
    tokens = new TokenBucket(perMinute / 60, perMinute, now);
    buckets.set(key, tokens);
  }
  const perSecond = perMinute / 60;
  if (!tokens.take(now)) {
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens.available(now)) / perSecond)) };
  }
  const left = tokens.available(now);
  return {
    allowed: true,
    remaining: Math.floor(left),
    resetSeconds: Math.max(1, Math.ceil((perMinute - left) / perSecond)),
  };
}
