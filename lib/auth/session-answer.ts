/**
 * What /api/session answers (the public pages' header: who is signed in), in one place for its two
 * servers: the route (app/api/session/route.ts) checks the session in the database, and the
 * production server (scripts/server.ts) sends what is already known without Next.js — a request
 * with no session cookie is signed out, and a session the route checked within the last second
 * (lib/auth/session-cache.ts) gets the same answer again. Anything else goes to the route.
 */
import { parse } from "cookie";

import { keptSummary } from "./session-cache";
import { keptSessionToken, sessionCookieIn, type CookieReader } from "./session-token";

export interface SessionAnswer {
  user: { greeting: string; email: string } | null;
}

export const sessionAnswerPath = "/api/session";

/** Headers of every answer: for this browser only, never stored. */
export const sessionAnswerHeaders: Record<string, string> = { "Cache-Control": "private, no-store" };

/** The answer from what this process already knows, or undefined when the database has to say. */
export function keptSessionAnswer(cookieHeader: string | undefined): SessionAnswer | undefined {
  const cookie = sessionCookieIn(cookieReader(cookieHeader ?? ""));
  if (!cookie) return { user: null };
  const token = keptSessionToken(cookie.name, cookie.value);
  // Never decoded here (or expired): the route decodes it, checks it and keeps the result.
  if (!token) return undefined;
  if (!token.sessionId || token.twoFactorPending) return { user: null };
  const summary = keptSummary(token.sessionId, token.userId);
  return summary ? { user: { greeting: summary.greeting, email: summary.email } } : undefined;
}

function cookieReader(header: string): CookieReader {
  const all = Object.entries(parse(header)).flatMap(([name, value]) => (value === undefined ? [] : [{ name, value }]));
  return {
    get: (name) => all.find((cookie) => cookie.name === name),
    getAll: () => all,
  };
}
