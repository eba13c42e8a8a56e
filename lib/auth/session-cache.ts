/**
 * What /api/session answers for a session (the public pages' greeting), kept for a moment so a
 * browser's bursts and every open tab cost one database check a second, not one each.
 *
 * Bounded staleness, stated: in this process an entry goes at once when its session ends (Sign
 * Out, Security › Sign out, "Sign out everywhere", a password change or reset, a new sign-in of the
 * account: lib/auth/sessions.ts); a session ended by another process (a second web server) or
 * another writer is still greeted for at most `summaryFreshMs`. Only the greeting and the email
 * are kept: pages, actions and every other route check the session in the database on each request.
 */
export const summaryFreshMs = 1_000;
const maxKept = 10_000;

export interface SessionSummary {
  userId: string;
  greeting: string;
  email: string;
}

/**
 * One store per process, on globalThis: the production server (scripts/server.ts) loads this
 * module apart from Next.js's bundle, and answers from the same entries (lib/auth/session-answer.ts).
 * `epoch` counts forgetSessions calls: a check that began before one is not kept (it may predate the end).
 */
interface Store {
  kept: Map<string, SessionSummary & { until: number }>;
  epoch: number;
}
const storeKey = Symbol.for("cipher.auth.sessionSummaries");
const store: Store = ((globalThis as { [storeKey]?: Store })[storeKey] ??= { kept: new Map(), epoch: 0 });
const kept = store.kept;

export function summaryEpoch(): number {
  return store.epoch;
}

export function keptSummary(sessionId: string, userId: string, now = Date.now()): SessionSummary | null {
  const hit = kept.get(sessionId);
  if (!hit) return null;
  if (hit.until <= now || hit.userId !== userId) {
    kept.delete(sessionId);
    return null;
  }
  return hit;
}

/** Keeps a summary checked since `checkedAt` (summaryEpoch() before the check), unless a session ended meanwhile. */
export function keepSummary(sessionId: string, summary: SessionSummary, checkedAt: number, now = Date.now()): void {
  if (checkedAt !== store.epoch) return;
  if (kept.size >= maxKept) {
    for (const [key, entry] of kept) if (entry.until <= now) kept.delete(key);
    if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
  }
  kept.set(sessionId, { ...summary, until: now + summaryFreshMs });
}

/** Drops what is kept for one session, or for every session of an account. */
export function forgetSessions(which: { sessionId?: string; userId?: string }): void {
  store.epoch += 1;
  if (which.sessionId) kept.delete(which.sessionId);
  if (which.userId) for (const [key, entry] of kept) if (entry.userId === which.userId) kept.delete(key);
}
