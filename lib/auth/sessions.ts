/**
 * Ending sessions on the server. Session cookies are signed JWTs, so deleting the cookie in one
 * browser does not stop a copy of it: Sign Out records the cookie's id as revoked, and "Sign out
 * everywhere" bumps the account's session version, which every request checks
 * (lib/auth/session.ts).
 */
import { db } from "@/lib/db";

import { auth } from "./index";

/** As long as a session cookie can live (lib/auth/index.ts); a revoked id is kept that long. */
const sessionMaxAgeMs = 30 * 24 * 60 * 60 * 1000;

/** Revokes the current request's session cookie (signed in or waiting for its code). */
export async function revokeCurrentSession(now = new Date()): Promise<void> {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return;
  if (!session.sessionId) {
    // A cookie from before sessions had ids: only the session version can end it.
    await db.user.updateMany({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
    return;
  }
  const expiresAt = new Date(now.getTime() + sessionMaxAgeMs);
  await db.$transaction([
    db.revokedSession.deleteMany({ where: { userId, expiresAt: { lt: now } } }),
    db.revokedSession.createMany({ data: [{ sessionId: session.sessionId, userId, expiresAt }], skipDuplicates: true }),
  ]);
}

/**
 * Ends every session of the account at once, this one included; the caller re-issues this
 * browser's session if it should stay signed in. Revoked ids are no longer needed after that.
 */
export async function endAllSessions(userId: string): Promise<void> {
  await db.$transaction([
    db.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } }, select: { id: true } }),
    db.revokedSession.deleteMany({ where: { userId } }),
  ]);
}
