/**
 * Runs before two kinds of request:
 * - /dashboard/*: without a session cookie, redirect straight to /login?callbackUrl=… . Only a
 *   shortcut: every dashboard page and action checks the session itself (lib/auth/session.ts),
 *   since a cookie can be stale or forged.
 * - server action calls (POSTs with a Next-Action header): a body over the action size limit is
 *   refused with 413 here; Next.js itself would answer 500.
 */
import { NextResponse, type NextRequest } from "next/server";

const sessionCookies = ["authjs.session-token", "__Secure-authjs.session-token"];

/** Next.js's default server action body limit (serverActions.bodySizeLimit). */
const actionBodyLimitBytes = 1024 * 1024;

export function proxy(request: NextRequest) {
  if (request.headers.has("next-action")) {
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > actionBodyLimitBytes) {
      return NextResponse.json({ error: "The form is too large to send." }, { status: 413 });
    }
    if (!request.nextUrl.pathname.startsWith("/dashboard")) return NextResponse.next();
  }

  // Auth.js splits large sessions into numbered chunks ("…session-token.0").
  const hasSession = request.cookies
    .getAll()
    .some(({ name }) => sessionCookies.some((cookie) => name === cookie || name.startsWith(`${cookie}.`)));
  if (hasSession) return NextResponse.next();
  const login = new URL("/login", request.url);
  login.searchParams.set("callbackUrl", `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.redirect(login);
}

export const config = {
  matcher: [
    "/dashboard",
    "/dashboard/:path*",
    { source: "/((?!_next/static|_next/image).*)", has: [{ type: "header", key: "next-action" }] },
  ],
};
