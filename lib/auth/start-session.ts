import { signIn } from "./index";
import { issueToken } from "./tokens";

/**
 * Signs `userId` in from a server action: Auth.js gets a one-time ticket (never a password) and
 * sets the session cookie. Also used after a password change, to re-issue the session with the
 * new session version.
 *
 * An account with two-factor authentication gets a pending session (lib/auth/session.ts) unless
 * `secondFactorVerified`: the code was just checked, or the session being renewed had passed it.
 */
export async function startSession(userId: string, { secondFactorVerified = false } = {}): Promise<void> {
  const ticket = await issueToken(secondFactorVerified ? "sign-in-verified" : "sign-in", userId);
  await signIn("ticket", { ticket, redirect: false });
}
