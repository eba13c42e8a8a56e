import type { CurrentUser } from "@/lib/auth/session";

/**
 * What getCurrentUser answers about the session itself, for tests that stand in for it with a
 * user of their own: signed in with a password a moment ago, no two-factor.
 */
export const signedInSession: Pick<CurrentUser, "twoFactorEnabled" | "session"> = {
  twoFactorEnabled: false,
  session: { id: "test-session", signedInAt: new Date(), signedInWith: "credentials" },
};

/** A confirmed user in the database, as getCurrentUser would answer for them (signed in with a password). */
export async function createSignedInUser(label: string, name: string): Promise<CurrentUser> {
  const { db } = await import("@/lib/db");
  const user = await db.user.create({ data: { email: `${name}-${label}@example.com`, emailVerified: new Date() } });
  return {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: `${name}_${label}`,
    fullName: name,
    image: null,
    ...signedInSession,
  };
}
