/**
 * Where to go after signing in. Only same-origin paths are honoured, so a crafted link such as
 * /login?callbackUrl=https://evil.example cannot send a user elsewhere.
 */
export const defaultAfterSignIn = "/dashboard";

export function safeCallbackUrl(value: string | null | undefined, fallback = defaultAfterSignIn): string {
  if (!value || value.length > 2048) return fallback;
  // Protocol-relative ("//host") and backslash tricks ("/\host") are treated as other origins by browsers.
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  try {
    const base = "http://cipher.invalid";
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    if (url.pathname === "/login" || url.pathname === "/signup") return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
