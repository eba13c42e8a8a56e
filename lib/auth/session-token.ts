/**
 * Reading the session cookie without Auth.js's round trip (a request's own cookie:
 * lib/auth/request-session.ts). `auth()` builds a Request, runs @auth/core's session action
 * (which decrypts the cookie, runs the callbacks and encrypts a new cookie that a server
 * component cannot even set) and parses its JSON: about 1.5 ms of CPU on every signed-in request.
 * Here the cookie (the JWE Auth.js wrote, its name as the salt) is decrypted once per distinct
 * cookie and the claims are kept, in memory, until the cookie expires.
 * Only the exact cookie string finds its entry, so nobody gets claims without the cookie.
 *
 * The claims say who the cookie was issued to; whether the session still stands (not signed out,
 * not ended by a password change) is checked against the database on every request
 * (lib/auth/session.ts).
 *
 * No Next.js request APIs here: the production server loads this module outside any request
 * (lib/auth/session-answer.ts).
 */
import { decode, type JWT } from "next-auth/jwt";

import { authSecret } from "./secret";

const keptKey = Symbol.for("cipher.auth.sessionTokens");

/** Auth.js's cookie names: `__Secure-` over HTTPS. */
export const sessionCookieNames = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

export interface SessionToken {
  userId: string;
  /** The account's session version when the cookie was issued (User.sessionVersion). */
  sessionVersion: number;
  /** The cookie's id (UserSession.id); null on cookies from before sessions had ids. */
  sessionId: string | null;
  signedInAt: number | null;
  signedInWith: "google" | "credentials" | null;
  /** Password (or Google) accepted, the authenticator code not yet. */
  twoFactorPending: boolean;
  /** When the cookie expires (ms). */
  expiresAt: number;
}

/** Distinct cookies whose claims are kept; the oldest go first. */
const maxKept = 10_000;
/**
 * One map per process, on globalThis: the production server (scripts/server.ts) loads this module
 * apart from Next.js's bundle and reads the same entries (lib/auth/session-answer.ts).
 */
const kept: Map<string, SessionToken> = ((globalThis as { [keptKey]?: Map<string, SessionToken> })[keptKey] ??=
  new Map());

export type CookieReader = {
  get(name: string): { value: string } | undefined;
  getAll(): { name: string; value: string }[];
};

/** The cookie's value, joined from Auth.js's chunks (`name.0`, `name.1`…) when it was split. */
function cookieValue(store: CookieReader, name: string): string | undefined {
  const whole = store.get(name)?.value;
  if (whole) return whole;
  const chunks = store
    .getAll()
    .filter((cookie) => cookie.name.startsWith(`${name}.`))
    .map((cookie) => ({ index: Number(cookie.name.slice(name.length + 1)), value: cookie.value }))
    .filter((chunk) => Number.isInteger(chunk.index) && chunk.index >= 0)
    .sort((a, b) => a.index - b.index);
  return chunks.length ? chunks.map((chunk) => chunk.value).join("") : undefined;
}

/** The session cookie among a request's cookies (joined from its chunks), or null. */
export function sessionCookieIn(store: CookieReader): { name: string; value: string } | null {
  for (const name of sessionCookieNames) {
    const value = cookieValue(store, name);
    if (value) return { name, value };
  }
  return null;
}

/**
 * The claims kept for this exact cookie, if it was decoded before and has not expired; undefined
 * when it has to be decoded (decodeSessionCookie), null when it is known to be expired.
 */
export function keptSessionToken(name: string, value: string, now = Date.now()): SessionToken | null | undefined {
  const key = `${name}=${value}`;
  const hit = kept.get(key);
  if (!hit) return undefined;
  if (hit.expiresAt > now) return hit;
  kept.delete(key);
  return null;
}

export async function decodeSessionCookie(name: string, value: string, now = Date.now()): Promise<SessionToken | null> {
  const hit = keptSessionToken(name, value, now);
  if (hit !== undefined) return hit;
  const key = `${name}=${value}`;
  // A real cookie is well under a kilobyte; Auth.js splits anything past 4 KB.
  if (!authSecret || value.length > 16_384) return null;
  let claims: JWT | null;
  try {
    claims = await decode({ token: value, secret: authSecret, salt: name });
  } catch {
    return null;
  }
  if (!claims || typeof claims.sub !== "string" || typeof claims.exp !== "number") return null;
  const token: SessionToken = {
    userId: claims.sub,
    sessionVersion: typeof claims.sv === "number" ? claims.sv : 0,
    sessionId: typeof claims.sid === "string" ? claims.sid : null,
    signedInAt: typeof claims.at === "number" ? claims.at : null,
    signedInWith: claims.via === "google" || claims.via === "credentials" ? claims.via : null,
    twoFactorPending: claims.tfa === "pending",
    expiresAt: claims.exp * 1000,
  };
  if (token.expiresAt <= now) return null;
  if (kept.size >= maxKept) kept.delete(kept.keys().next().value!);
  kept.set(key, token);
  return token;
}
