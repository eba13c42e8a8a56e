/**
 * Who may read the local outbox (/dev/outbox), where every email waits when no mail service is
 * configured (RESEND_API_KEY unset): its confirmation and reset links sign people in, so it is
 * never served to the internet. It opens for a browser on this machine (the socket's address and
 * the client's are both loopback, as the production server stamped them, lib/request/client-address.ts)
 * and for support operators signed in with two-factor; in `next dev` (NODE_ENV=development) for
 * everyone, as before.
 */
import { headers } from "next/headers";

import { getCurrentUser } from "@/lib/auth/session";
import { env } from "@/lib/env";
import {
  arrivedForwardedHeader,
  clientIpHeader,
  clientIpIsStamped,
  socketAddressHeader,
} from "@/lib/request/client-address";
import { operatorAccess } from "@/lib/support/admin";

import { outboxPath } from "./local-notice";

export { outboxPath };

/** 127.0.0.0/8 and ::1, in the one spelling normalizeAddress gives them. */
export function isLoopbackAddress(address: string | null | undefined): boolean {
  if (!address) return false;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);
}

/**
 * Whether the request comes from this machine. Only the production server's stamps count (a
 * client cannot set them); with no trusted proxy (TRUSTED_PROXY_HOPS=0) a forwarding header on
 * arrival means an undeclared proxy may be relaying someone else, so that is refused too (the
 * wrapper records it before Next.js adds X-Forwarded-For of its own).
 */
export function isLoopbackRequest(
  requestHeaders: Headers,
  { stamped = clientIpIsStamped(), trustedHops = env.TRUSTED_PROXY_HOPS } = {},
): boolean {
  if (!stamped) return false;
  if (!isLoopbackAddress(requestHeaders.get(socketAddressHeader))) return false;
  if (!isLoopbackAddress(requestHeaders.get(clientIpHeader))) return false;
  if (trustedHops === 0 && requestHeaders.get(arrivedForwardedHeader) !== "0") return false;
  return true;
}

/** Whether this request may read the outbox (see the file's comment). */
export async function canViewOutbox(): Promise<boolean> {
  if (env.NODE_ENV === "development") return true;
  if (isLoopbackRequest(await headers())) return true;
  return operatorAccess(await getCurrentUser()) === "granted";
}

/**
 * The outbox link for a "Check your email" notice: only when no mail service is configured (the
 * email waits in the outbox) and this visitor may open it; otherwise null.
 */
export async function outboxLinkForNotice(): Promise<string | null> {
  if (env.RESEND_API_KEY) return null;
  return (await canViewOutbox()) ? outboxPath : null;
}
