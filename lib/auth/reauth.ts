/**
 * Re-authentication before the riskiest account changes (deleting the account, setting a first
 * password on a Google-only account): a session cookie alone, left open on a shared computer or
 * copied, must not be enough. Accounts with a password type it again; Google-only accounts must
 * have signed in with Google within the last 10 minutes.
 */
import { ActionRefusal } from "@/lib/actions";
import { db } from "@/lib/db";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";

import { verifyPassword } from "./password";
import type { CurrentUser } from "./session";

export const reauthWindowMs = 10 * 60 * 1000;
/** Password guesses through re-authentication, per account. */
const reauthGuessLimit: RateLimitRule = { bucket: "reauth", limit: 10, windowMs: 15 * 60 * 1000 };

export const reauthPasswordMessage = "Enter your password to confirm it's you.";
export const reauthWrongPasswordMessage = "That password is not right.";
export const reauthTooManyMessage = "Too many attempts. Wait 15 minutes, then try again.";
export const reauthGoogleMessage = "To confirm it's you, sign in with Google again, then try again within 10 minutes.";

export function recentGoogleSignIn(user: Pick<CurrentUser, "session">, now = new Date()): boolean {
  const { signedInWith, signedInAt } = user.session;
  return signedInWith === "google" && signedInAt !== null && now.getTime() - signedInAt.getTime() <= reauthWindowMs;
}

/** Throws ActionRefusal (field `password`, or code "reauth_google") unless the user proved it is them. */
export async function requireReauthentication(
  user: Pick<CurrentUser, "id" | "hasPassword" | "session">,
  password: string | undefined,
  now = new Date(),
): Promise<void> {
  if (!user.hasPassword) {
    if (recentGoogleSignIn(user, now)) return;
    throw new ActionRefusal(reauthGoogleMessage, { code: "reauth_google" });
  }
  if (!password) throw new ActionRefusal(reauthPasswordMessage, { fieldErrors: { password: [reauthPasswordMessage] } });
  const limited = await consumeRateLimit(reauthGuessLimit, user.id, now);
  if (!limited.allowed) throw new ActionRefusal(reauthTooManyMessage, { code: "rate_limited" });
  const row = await db.user.findUnique({ where: { id: user.id }, select: { passwordHash: true } });
  if (!row?.passwordHash || !(await verifyPassword(row.passwordHash, password))) {
    throw new ActionRefusal(reauthWrongPasswordMessage, { fieldErrors: { password: [reauthWrongPasswordMessage] } });
  }
}
