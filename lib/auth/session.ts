/**
 * The signed-in user for server components, actions and route handlers. The cookie alone is not
 * trusted, on every request: its session's row must still exist (not signed out, on this device or
 * from Account Settings → Security), at the account's session version (not ended by a password
 * change or "Sign out everywhere"), and the session must have passed two-factor authentication if
 * the account has it. The cookie is decoded once per distinct cookie (lib/auth/session-token.ts);
 * the check and what the pages show of the account are one query.
 */
import { redirect } from "next/navigation";
import { cache } from "react";

import { db } from "@/lib/db";
import { getClientIp } from "@/lib/request/client-ip";

import { keepSummary, keptSummary, summaryEpoch } from "./session-cache";
import { readSessionToken } from "./request-session";
import type { SessionToken } from "./session-token";
import { lastSeenPrecisionMs, touchSession } from "./sessions";

export type CurrentUser = {
  id: string;
  email: string;
  emailVerified: boolean;
  hasPassword: boolean;
  username: string | null;
  fullName: string | null;
  image: string | null;
  twoFactorEnabled: boolean;
  /** This session: when and how it signed in (re-authentication, lib/auth/reauth.ts). */
  session: { id: string | null; signedInAt: Date | null; signedInWith: "google" | "credentials" | null };
};

/** A session whose password (or Google) step passed but whose authenticator code is still due. */
export const twoFactorPendingLifetimeMs = 10 * 60 * 1000;

interface SessionRow {
  id: string;
  email: string;
  emailVerified: Date | null;
  image: string | null;
  hasPassword: boolean;
  username: string | null;
  fullName: string | null;
  twoFactorEnabled: boolean;
  lastSeenAt: Date;
  ip: string;
}

/**
 * The session's account, if the session still stands: its row exists, is the cookie's account's,
 * has not expired, and was issued at the account's current session version. One query.
 */
async function loadSession(token: SessionToken): Promise<SessionRow | null> {
  // Cookies from before sessions had ids have no row: they sign in again.
  if (!token.sessionId) return null;
  const rows = await db.$queryRaw<SessionRow[]>`
    SELECT u.id, u.email, u."emailVerified", u.image, u."passwordHash" IS NOT NULL AS "hasPassword",
           p.username, p."fullName", t."enabledAt" IS NOT NULL AS "twoFactorEnabled", s."lastSeenAt", s.ip
    FROM "UserSession" s
    JOIN "User" u ON u.id = s."userId"
    LEFT JOIN "Profile" p ON p."userId" = u.id
    LEFT JOIN "TwoFactor" t ON t."userId" = u.id
    WHERE s.id = ${token.sessionId} AND s."userId" = ${token.userId} AND s."expiresAt" > now()
      AND u."sessionVersion" = ${token.sessionVersion} AND s."sessionVersion" = u."sessionVersion"`;
  const row = rows[0];
  if (!row) return null;
  // Security's "last seen" and address, kept to the minute: one write a minute per session at most.
  if (Date.now() - row.lastSeenAt.getTime() >= lastSeenPrecisionMs) touchSession(token.sessionId, await getClientIp());
  return row;
}

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const token = await readSessionToken();
  if (!token || token.twoFactorPending) return null;
  const user = await loadSession(token);
  if (!user) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified !== null,
    hasPassword: user.hasPassword,
    username: user.username,
    fullName: user.fullName,
    image: user.image,
    twoFactorEnabled: user.twoFactorEnabled,
    session: {
      id: token.sessionId,
      signedInAt: token.signedInAt ? new Date(token.signedInAt) : null,
      signedInWith: token.signedInWith,
    },
  };
});

/**
 * The account waiting for its authenticator code in this browser, if any (the /login/two-factor
 * step). Pending sessions last 10 minutes; then the password has to be entered again.
 */
export const getPendingTwoFactor = cache(async (): Promise<{ userId: string; email: string } | null> => {
  const token = await readSessionToken();
  if (!token?.twoFactorPending) return null;
  if (!token.signedInAt || Date.now() - token.signedInAt > twoFactorPendingLifetimeMs) return null;
  const user = await loadSession(token);
  return user && { userId: user.id, email: user.email };
});

/**
 * Who is signed in, for the public pages' header (/api/session): the greeting and the email. Kept
 * for a second per session (lib/auth/session-cache.ts says how a session's end reaches it).
 */
export async function getSessionSummary(): Promise<{ greeting: string; email: string } | null> {
  const token = await readSessionToken();
  if (!token?.sessionId || token.twoFactorPending) return null;
  const kept = keptSummary(token.sessionId, token.userId);
  if (kept) return { greeting: kept.greeting, email: kept.email };
  const checkedAt = summaryEpoch();
  const user = await getCurrentUser();
  if (!user) return null;
  const summary = { greeting: displayName(user), email: user.email };
  keepSummary(token.sessionId, { userId: user.id, ...summary }, checkedAt);
  return summary;
}

/** Pages and actions of the signed-in area: the user, or a redirect to /login that comes back here. */
export async function requireUser(returnTo: string): Promise<CurrentUser> {
  const user = await getCurrentUser();
  if (!user) redirect(`/login?callbackUrl=${encodeURIComponent(returnTo)}`);
  return user;
}

/** The nav greeting: 'Welcome, ' plus the username, else the full name, else the email. */
export function displayName(user: Pick<CurrentUser, "username" | "fullName" | "email">): string {
  return user.username || user.fullName || user.email;
}
