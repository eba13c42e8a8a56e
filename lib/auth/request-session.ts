/** The session cookie of the request being handled (server components, actions, route handlers). */
import { cookies } from "next/headers";

import { decodeSessionCookie, sessionCookieIn, type SessionToken } from "./session-token";

/** This request's session cookie, decoded, or null (none, expired, or not sealed with our secret). */
export async function readSessionToken(): Promise<SessionToken | null> {
  const cookie = sessionCookieIn(await cookies());
  return cookie && decodeSessionCookie(cookie.name, cookie.value);
}
