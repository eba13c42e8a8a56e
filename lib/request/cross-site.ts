/**
 * Cross-site request forgery: a browser attaches the session cookie to a form or fetch that another
 * site's page sends here. Server actions get this check from Next.js (Origin against Host);
 * signed-in route handlers get it from `userRoute` (lib/user-route.ts).
 */
import { env } from "@/lib/env";

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a browser sent this state-changing request from another site's page. Sec-Fetch-Site
 * (every current browser) says so directly: only same-origin, or "none" (typed by the user), pass.
 * Without it, Origin must be this site (SITE_URL, or the host the request was sent to). A request
 * with neither does not come from a browser page, so its cookies are its sender's own.
 */
export function isCrossSiteRequest(request: Request, siteUrl = env.SITE_URL): boolean {
  if (safeMethods.has(request.method.toUpperCase())) return false;
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite) return fetchSite !== "same-origin" && fetchSite !== "none";
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    return true; // "null" (sandboxed frames, some redirects) or junk
  }
  // The same hosts Next.js compares for server actions: X-Forwarded-Host, else Host.
  const forwardedHost = request.headers.get("x-forwarded-host")?.split(",")[0]?.trim();
  const hosts = [new URL(siteUrl).host, forwardedHost || request.headers.get("host") || new URL(request.url).host];
  return !hosts.includes(originHost);
}
