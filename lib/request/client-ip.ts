import { AsyncLocalStorage } from "node:async_hooks";

import { headers } from "next/headers";

import { env } from "@/lib/env";

import { clientIpFromChain, clientIpHeader, clientIpIsStamped } from "./client-address";

/**
 * The client address without the server wrapper (`next dev`): Next.js fills X-Forwarded-For with
 * the socket address only when the client sent none, so this is only as good as the header.
 */
export function clientIpFrom(forwardedFor: string | null, trustedHops = env.TRUSTED_PROXY_HOPS): string {
  return clientIpFromChain(forwardedFor, null, trustedHops);
}

let warnedUnstamped = false;

/**
 * The client address of a request the production server answers without Next.js (the REST API,
 * scripts/server.ts): set around the handler, read by getClientIp, since next/headers has no
 * request there. One store per process, shared by the server's modules and Next's bundle.
 */
const storeKey = Symbol.for("cipher.requestClientIp");
export const requestClientIp: AsyncLocalStorage<string> = ((globalThis as Record<symbol, unknown>)[storeKey] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>;

/**
 * The current request's client address (server components, actions, route handlers). In
 * production it is the address scripts/server.ts derived from the socket and the trusted proxies
 * (lib/request/client-address.ts); a client cannot set it.
 */
export async function getClientIp(): Promise<string> {
  const outsideNext = requestClientIp.getStore();
  if (outsideNext !== undefined) return outsideNext;
  const requestHeaders = await headers();
  if (clientIpIsStamped()) return requestHeaders.get(clientIpHeader) ?? "unknown";
  if (env.NODE_ENV === "production" && !warnedUnstamped) {
    warnedUnstamped = true;
    console.error(
      "[client-ip] Not running under scripts/server.ts: client addresses come from X-Forwarded-For, which clients can forge. Use `npm start`.",
    );
  }
  return clientIpFrom(requestHeaders.get("x-forwarded-for"));
}
