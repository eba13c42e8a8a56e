/**
 * Runs before every request Next.js answers (not /_next/static files):
 * - server action calls (POSTs with a Next-Action header): a body over the action size limit is
 *   refused with 413 here; Next.js itself would answer 500.
 * - /dashboard/*: without a session cookie, redirect straight to /login?callbackUrl=… . Only a
 *   shortcut: every dashboard page and action checks the session itself (lib/auth/session.ts),
 *   since a cookie can be stale or forged.
 * - every page gets a fresh nonce and the Content-Security-Policy that allows only scripts
 *   carrying it; Next.js reads the nonce from the request's policy and adds it to its scripts.
 *   Prerendered pages, which cannot carry it, get their own policy from the production server's
 *   cache (lib/http/security-headers.ts).
 */
import { NextResponse, type NextRequest } from "next/server";

import { actionBodyLimitBytes } from "@/lib/http/request-guard";
import { contentSecurityPolicy, createNonce } from "@/lib/http/security-headers";

const sessionCookies = ["authjs.session-token", "__Secure-authjs.session-token"];

export function proxy(request: NextRequest) {
  if (request.headers.has("next-action")) {
    const length = Number(request.headers.get("content-length") ?? 0);
    if (length > actionBodyLimitBytes) {
      return NextResponse.json({ error: "The form is too large to send." }, { status: 413 });
    }
  }

  const { pathname } = request.nextUrl;
  if ((pathname === "/dashboard" || pathname.startsWith("/dashboard/")) && !hasSessionCookie(request)) {
    const login = new URL("/login", request.url);
    login.searchParams.set("callbackUrl", `${pathname}${request.nextUrl.search}`);
    return NextResponse.redirect(login);
  }
  return withNoncePolicy(request);
}

function hasSessionCookie(request: NextRequest): boolean {
  // Auth.js splits large sessions into numbered chunks ("…session-token.0").
  return request.cookies
    .getAll()
    .some(({ name }) => sessionCookies.some((cookie) => name === cookie || name.startsWith(`${cookie}.`)));
}

function withNoncePolicy(request: NextRequest): NextResponse {
  const policy = contentSecurityPolicy({ nonce: createNonce() });
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = {
  // Not /api/*: route handlers answer JSON, streams and files, never a page with scripts; their
  // fixed policy comes from the server (lib/http/security-headers.ts). Running the proxy for them
  // cost each API request about a sixth of its time.
  matcher: ["/((?!_next/static|_next/image|api/).*)"],
};
