import { env } from "@/lib/env";

/**
 * The key session cookies are sealed with (Auth.js's JWE). Outside production a fixed secret keeps
 * `next dev` usable without setup; production needs AUTH_SECRET (`npm start` generates and keeps
 * one in .data/auth-secret).
 */
export const authSecret: string | undefined =
  env.AUTH_SECRET ?? (env.NODE_ENV === "production" ? undefined : "cipher-development-secret-not-for-production");

/** As long as a session cookie lives (Auth.js's session maxAge). */
export const sessionMaxAgeSeconds = 30 * 24 * 60 * 60;
