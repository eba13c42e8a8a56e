/**
 * The security headers of every response, decided here and sent by three layers:
 * - the production server (scripts/server.ts) sends `securityHeaders` with every response Next.js
 *   makes; the in-memory cache (scripts/lib/static-cache.ts) keeps them with what it serves;
 * - route handlers (/api/*) get one fixed policy that allows nothing, from `securityHeaders`;
 * - the proxy (proxy.ts) gives every page Next.js renders a fresh nonce and the policy that
 *   allows exactly the scripts carrying it (Next.js adds the nonce to its own scripts);
 * - prerendered pages cannot carry a per-request nonce, so the cache gives each one the policy
 *   that allows the hashes of its own inline scripts, computed when it loads the page.
 * Scripts never get 'unsafe-inline'. Styles do: Tailwind's and Radix's inline style attributes.
 */
import { env } from "@/lib/env";

const https = new URL(env.SITE_URL).protocol === "https:";
const dev = env.NODE_ENV === "development";

/** Pages whose URL carries a one-time token (confirmation, reset, newsletter links). */
export const tokenPagePaths = ["/auth/confirm", "/reset-password", "/newsletter/confirm", "/newsletter/unsubscribe"];

/**
 * What the page's scripts may be: those carrying the request's nonce (and what they load), or the
 * site's own files plus inline scripts with these hashes ("sha256-…", base64).
 */
export type ScriptSources = { nonce: string } | { hashes: string[] };

export function contentSecurityPolicy(scripts: ScriptSources, options = { https, dev }): string {
  const scriptSrc =
    "nonce" in scripts
      ? ["'self'", `'nonce-${scripts.nonce}'`, "'strict-dynamic'"]
      : ["'self'", ...scripts.hashes.map((hash) => `'${hash}'`)];
  // React rebuilds server error stacks with eval in development only.
  if (options.dev) scriptSrc.push("'unsafe-eval'");
  const directives = [
    "default-src 'self'",
    `script-src ${scriptSrc.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  if (options.https) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}

/** A fresh nonce for one response: 128 random bits, base64. */
export function createNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/** The policy of every /api/* answer (JSON, streams, downloads): the proxy does not run for them. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

/** Every header but a page's Content-Security-Policy (the proxy's or the cache's), for a response to `pathname`. */

export function securityHeaders(pathname: string, options = { https }): [string, string][] {
  const headers: [string, string][] = [
    ["X-Content-Type-Options", "nosniff"],
    // A token in the URL must not reach even our own API in a Referer.
    ["Referrer-Policy", tokenPagePaths.includes(pathname) ? "no-referrer" : "strict-origin-when-cross-origin"],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    // frame-ancestors 'none' for browsers that predate it.
    ["X-Frame-Options", "DENY"],
  ];
  // Route handlers (/api/*) answer data, never a page: nothing may load, nobody may frame it.
  if (pathname.startsWith("/api/")) headers.push(["Content-Security-Policy", apiContentSecurityPolicy]);
  // Browsers ignore it over plain HTTP; SITE_URL says whether visitors come over HTTPS.
  if (options.https) headers.push(["Strict-Transport-Security", "max-age=63072000; includeSubDomains"]);
  return headers;
}
