import { signIn } from "./index";
import { issueToken } from "./tokens";

/**
 * Signs `userId` in from a server action: Auth.js gets a one-time ticket (never a password) and
 * sets the session cookie. Also used after a password change, to re-issue the session with the
 * new session version.
 */
export async function startSession(userId: string): Promise<void> {
  const ticket = await issueToken("sign-in", userId);
  await signIn("ticket", { ticket, redirect: false });
}
