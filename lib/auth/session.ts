/**
 * The signed-in user for server components, actions and route handlers. The cookie alone is not
 * trusted, on every request: the user must still exist, the session must not predate a password
 * change or "Sign out everywhere" (session version), must not have been signed out (revoked
 * session id) and must have passed two-factor authentication if the account has it. All in the
 * one query that loads the user.
 */
import { redirect } from "next/navigation";
import { cache } from "react";

import { db } from "@/lib/db";

import { auth } from "./index";

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

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id || session.twoFactorPending) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      emailVerified: true,
      image: true,
      passwordHash: true,
      sessionVersion: true,
      profile: { select: { username: true, fullName: true } },
      twoFactor: { select: { enabledAt: true } },
      revokedSessions: { where: { sessionId: session.sessionId ?? "" }, select: { sessionId: true } },
    },
  });
  if (!user || user.sessionVersion !== session.sessionVersion || user.revokedSessions.length > 0) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified !== null,
    hasPassword: user.passwordHash !== null,
    username: user.profile?.username ?? null,
    fullName: user.profile?.fullName ?? null,
    image: user.image,
    twoFactorEnabled: Boolean(user.twoFactor?.enabledAt),
    session: {
      id: session.sessionId ?? null,
      signedInAt: session.signedInAt ? new Date(session.signedInAt) : null,
      signedInWith: session.signedInWith ?? null,
    },
  };
});

/**
 * The account waiting for its authenticator code in this browser, if any (the /login/two-factor
 * step). Pending sessions last 10 minutes; then the password has to be entered again.
 */
export const getPendingTwoFactor = cache(async (): Promise<{ userId: string; email: string } | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id || !session.twoFactorPending) return null;
  if (!session.signedInAt || Date.now() - session.signedInAt > twoFactorPendingLifetimeMs) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: {
      email: true,
      sessionVersion: true,
      revokedSessions: { where: { sessionId: session.sessionId ?? "" }, select: { sessionId: true } },
    },
  });
  if (!user || user.sessionVersion !== session.sessionVersion || user.revokedSessions.length > 0) return null;
  return { userId: id, email: user.email };
});

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
