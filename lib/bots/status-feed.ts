/**
 * The status badges and counts poll /api/bots/status every couple of seconds from every open
 * dashboard tab; this keeps that to one database read per user per second however many tabs
 * and badges ask.
 */
import { listBotStatuses, type LiveBotStatus } from "./hosting";

const freshForMs = 1_000;
const cache = new Map<string, { at: number; bots: Promise<LiveBotStatus[]> }>();

export function getBotStatusesCached(userId: string, now = Date.now()): Promise<LiveBotStatus[]> {
  const hit = cache.get(userId);
  if (hit && now - hit.at < freshForMs) return hit.bots;
  const bots = listBotStatuses(userId);
  cache.set(userId, { at: now, bots });
  // A failed read is not cached; old entries are dropped so the map stays small.
  bots.catch(() => cache.delete(userId));
  if (cache.size > 10_000) {
    for (const [key, entry] of cache) if (now - entry.at >= freshForMs) cache.delete(key);
  }
  return bots;
}
