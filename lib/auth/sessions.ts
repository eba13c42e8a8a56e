/**
 * Sessions on the server. A session cookie is a sealed JWT, so deleting it in one browser does not
 * stop a copy of it: each cookie has a row (UserSession, keyed by the cookie's `sid`), and a cookie
 * is accepted only while its row exists at the account's session version (lib/auth/session.ts
 * checks both on every request). Sign Out deletes the row; "Sign out everywhere" and a password
 * change or reset bump the version and delete the rows. Account Settings → Security lists the rows.
 */
import { headers } from "next/headers";

import { db } from "@/lib/db";
import { getClientIp } from "@/lib/request/client-ip";

import { readSessionToken } from "./request-session";
import { forgetSessions } from "./session-cache";

/** A row's last-seen time (and address) is written at most this often. */
export const lastSeenPrecisionMs = 60_000;

/**
 * The row for a cookie being issued (Auth.js's jwt callback, at sign-in): the browser's User-Agent
 * and address come from the request that signs in.
 */
export async function recordSession(session: {
  id: string;
  userId: string;
  sessionVersion: number;
  signedInWith: "google" | "credentials";
  expiresAt: Date;
}): Promise<void> {
  let userAgent = "";
  let ip = "";
  try {
    userAgent = ((await headers()).get("user-agent") ?? "").slice(0, 512);
    ip = (await getClientIp()).slice(0, 64);
  } catch {
    // Outside a request (scripts): nothing to tell the device by.
  }
  const now = new Date();
  await db.$transaction([
    // Rows of cookies that expired, or that a password change or "Sign out everywhere" ended.
    db.userSession.deleteMany({
      where: {
        userId: session.userId,
        OR: [{ expiresAt: { lt: now } }, { sessionVersion: { lt: session.sessionVersion } }],
      },
    }),
    db.userSession.create({ data: { ...session, userAgent, ip, createdAt: now, lastSeenAt: now } }),
  ]);
  // A new session (after a password change, say): whatever this process kept of the account's
  // others is checked again.
  forgetSessions({ userId: session.userId });
}

/**
 * Whether a cookie's session still stands (its row, at the account's version): for Auth.js's own
 * endpoints (/api/auth/session), which read the cookie without lib/auth/session.ts.
 */
export async function sessionStands(token: { sub?: string; sid?: string; sv?: number }): Promise<boolean> {
  if (!token.sub || !token.sid) return false;
  const sessionVersion = token.sv ?? 0;
  const count = await db.userSession.count({
    where: {
      id: token.sid,
      userId: token.sub,
      sessionVersion,
      expiresAt: { gt: new Date() },
      user: { sessionVersion },
    },
  });
  return count > 0;
}

/** Marks a session seen now, from `ip` (fire and forget: a failure only leaves the time older). */
export function touchSession(sessionId: string, ip: string, now = new Date()): void {
  db.userSession
    .updateMany({ where: { id: sessionId }, data: { lastSeenAt: now, ip: ip.slice(0, 64) } })
    .catch((error: unknown) => console.error("[sessions] could not record a session's last use", error));
}

/** Ends the current request's session (signed in or waiting for its code): its row goes. */
export async function revokeCurrentSession(): Promise<void> {
  const token = await readSessionToken();
  if (!token) return;
  if (!token.sessionId) {
    // A cookie from before sessions had ids: only the session version can end it.
    await db.user.updateMany({ where: { id: token.userId }, data: { sessionVersion: { increment: 1 } } });
    forgetSessions({ userId: token.userId });
    return;
  }
  await endSession(token.userId, token.sessionId);
}

/** Ends one session of the account (Security › Sign out on one device). False if it was not there. */
export async function endSession(userId: string, sessionId: string): Promise<boolean> {
  const { count } = await db.userSession.deleteMany({ where: { id: sessionId, userId } });
  forgetSessions({ sessionId });
  return count > 0;
}

/**
 * Ends every session of the account at once, this one included, and every sign-in to the REST
 * API (its access and refresh tokens; API keys stay, they are revoked one by one on Tools → API
 * Keys); the caller re-issues this browser's session if it should stay signed in. Also what a
 * password change or reset does.
 */
export async function endAllSessions(userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { id: true } }),
    db.userSession.deleteMany({ where: { userId } }),
    db.apiLogin.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
  ]);
  forgetSessions({ userId });
}

/**
 * After the account's session version was bumped elsewhere (a password reset): its sessions'
 * rows go, and nothing this process kept of them is used again.
 */
export async function dropEndedSessions(userId: string): Promise<void> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  await db.userSession.deleteMany({ where: { userId, sessionVersion: { lt: user?.sessionVersion ?? 0 } } });
  await db.apiLogin.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } });
  forgetSessions({ userId });
}

export interface ActiveSession {
  id: string;
  userAgent: string;
  ip: string;
  signedInWith: string;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The account's sessions that still stand, most recently used first. */
export async function listActiveSessions(userId: string, now = new Date()): Promise<ActiveSession[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { sessionVersion: true } });
  if (!user) return [];
  return db.userSession.findMany({
    where: { userId, sessionVersion: user.sessionVersion, expiresAt: { gt: now } },
    orderBy: { lastSeenAt: "desc" },
    select: { id: true, userAgent: true, ip: true, signedInWith: true, createdAt: true, lastSeenAt: true },
    take: 100,
  });
}
