/**
 * Where to go after signing in: the one place a callback URL is decided. The value is resolved
 * against the site's origin the way a browser would; only a same-origin address whose path is
 * already in normal form is honoured, and it is answered as a path that resolves back to exactly
 * that address. Anything else (other hosts, `//host`, `/.//host`, `/%2e//host`, backslashes,
 * encoded slashes, control characters, `javascript:`) goes to the fallback.
 */
import { env } from "@/lib/env";

export const defaultAfterSignIn = "/dashboard";

/** Pages that must not be a destination after signing in (they would bounce straight back). */
const refusedPaths = new Set(["/login", "/signup"]);

export function safeCallbackUrl(value: string | null | undefined, fallback = defaultAfterSignIn): string {
  if (!value || value.length > 2048) return fallback;
  // URL parsers silently drop tabs and newlines and treat "\" as "/" ; a value that needs either is refused.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const origin = new URL(env.SITE_URL).origin;
  // A path, or an absolute address on this site; scheme-relative forms such as "http:/x" are refused.
  if (!value.startsWith("/") && !value.startsWith(`${origin}/`)) return fallback;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== origin || url.username || url.password) return fallback;
  const { pathname } = url;
  // A path starting with "//" is read as another host by the browser when sent as a Location;
  // encoded slashes and dot segments are decoded into one by some servers and proxies.
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return fallback;
  if (/%(2f|5c|2e)/i.test(pathname)) return fallback;
  if (refusedPaths.has(pathname)) return fallback;
  const path = `${pathname}${url.search}${url.hash}`;
  // The answer must mean the same address when the browser resolves it.
  if (new URL(path, origin).href !== url.href) return fallback;
  return path;
}
