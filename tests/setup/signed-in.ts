import type { CurrentUser } from "@/lib/auth/session";

/**
 * What getCurrentUser answers about the session itself, for tests that stand in for it with a
 * user of their own: signed in with a password a moment ago, no two-factor.
 */
export const signedInSession: Pick<CurrentUser, "twoFactorEnabled" | "session"> = {
  twoFactorEnabled: false,
  session: { id: "test-session", signedInAt: new Date(), signedInWith: "credentials" },
};
