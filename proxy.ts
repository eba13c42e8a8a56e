/**
 * Early redirect for the signed-in area: without a session cookie, /dashboard/* goes straight to
 * /login?callbackUrl=… . This is only a shortcut; every dashboard page and action checks the
 * session itself (lib/auth/session.ts), since a cookie can be stale or forged.
 */
import { NextResponse, type NextRequest } from "next/server";

const sessionCookies = ["authjs.session-token", "__Secure-authjs.session-token"];

export function proxy(request: NextRequest) {
  // Auth.js splits large sessions into numbered chunks ("…session-token.0").
  const hasSession = request.cookies
    .getAll()
    .some(({ name }) => sessionCookies.some((cookie) => name === cookie || name.startsWith(`${cookie}.`)));
  if (hasSession) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = { matcher: ["/dashboard", "/dashboard/:path*"] };
