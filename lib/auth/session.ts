/**
 * The signed-in user for server components, actions and route handlers. The cookie alone is not
 * trusted: the user must still exist and the session must not predate a password change.
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
};

export const getCurrentUser = cache(async (): Promise<CurrentUser | null> => {
  const session = await auth();
  const id = session?.user?.id;
  if (!id) return null;
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
    },
  });
  if (!user || user.sessionVersion !== session.sessionVersion) return null;
  return {
    id: user.id,
    email: user.email,
    emailVerified: user.emailVerified !== null,
    hasPassword: user.passwordHash !== null,
    username: user.profile?.username ?? null,
    fullName: user.profile?.fullName ?? null,
    image: user.image,
  };
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
