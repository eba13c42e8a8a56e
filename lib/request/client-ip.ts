import { headers } from "next/headers";

import { env } from "@/lib/env";

/**
 * The client's address as the nearest trusted hop saw it. Next.js fills X-Forwarded-For from the
 * socket when no proxy set it; each trusted proxy (TRUSTED_PROXY_HOPS) appends one entry, so the
 * client is the entry that many places from the right.
 */
export function clientIpFrom(forwardedFor: string | null, trustedHops = env.TRUSTED_PROXY_HOPS): string {
  const hops = (forwardedFor ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  if (hops.length === 0) return "unknown";
  const index = Math.max(0, hops.length - 1 - trustedHops);
  return hops[index]!.slice(0, 64);
}

/** The current request's client address (server components, actions, route handlers). */
export async function getClientIp(): Promise<string> {
  return clientIpFrom((await headers()).get("x-forwarded-for"));
}
