/**
 * The browser that signed up. Opening a confirmation link signs in only there: sign-up leaves an
 * httpOnly, SameSite=Lax cookie holding a random single-use secret whose hash is stored for the
 * new account (lib/auth/tokens.ts). Anywhere else the link only confirms the address and the
 * visitor signs in with the password, so a link an attacker sends cannot sign a victim's browser
 * into the attacker's account (login CSRF).
 */
import { cookies } from "next/headers";

import { env } from "@/lib/env";

import { consumeToken, issueToken, tokenLifetimes } from "./tokens";

const cookieName = "cipher-signup-browser";
// Sent only to the confirmation page (its server action posts there too).
const cookiePath = "/auth/confirm";

/** Called by sign-up: marks this browser as the one that created `userId`. */
export async function bindSignupBrowser(userId: string): Promise<void> {
  const secret = await issueToken("signup-browser", userId);
  (await cookies()).set(cookieName, secret, {
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(env.SITE_URL).protocol === "https:",
    path: cookiePath,
    maxAge: tokenLifetimes["signup-browser"] / 1000,
  });
}

/** Whether this request comes from the browser that signed up as `userId`; uses the mark up either way. */
export async function isSignupBrowser(userId: string): Promise<boolean> {
  const jar = await cookies();
  const secret = jar.get(cookieName)?.value;
  if (!secret) return false;
  jar.delete({ name: cookieName, path: cookiePath });
  const consumed = await consumeToken("signup-browser", secret);
  return consumed.ok && consumed.subject === userId;
}
