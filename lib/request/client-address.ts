/**
 * Who the client is, decided once per request by the production server (scripts/server.ts), which
 * alone sees the socket. Pure functions: the server wrapper imports this before Next.js loads.
 *
 * A proxy appends the address of whoever connected to it to X-Forwarded-For, so for a chain
 * client → proxy 1 → proxy 2 → app the app receives `X-Forwarded-For: <client>, <proxy 1>` on a
 * socket from proxy 2. The full chain is the header's entries followed by the socket address;
 * with TRUSTED_PROXY_HOPS = n the client is the entry n places from the right. Whatever a client
 * writes into the header itself stays to the left of that and is never read.
 */
import { isIP } from "node:net";

/** Set by the server wrapper on every request; any copy a client sends is removed first. */
export const clientIpHeader = "x-cipher-client-ip";

/**
 * Also set by the server wrapper (and stripped from clients): the address of the socket itself,
 * whoever is in X-Forwarded-For, for what only this machine may open (lib/mail/outbox-access.ts).
 */
export const socketAddressHeader = "x-cipher-socket-ip";

/**
 * Also set by the server wrapper (and stripped from clients): "1" when the request arrived with
 * a forwarding header (X-Forwarded-For, Forwarded, X-Real-IP), else "0". Next.js adds its own
 * X-Forwarded-* headers after the wrapper, so only this tells what the client or a proxy sent.
 */
export const arrivedForwardedHeader = "x-cipher-arrived-forwarded";

const forwardingHeaders = ["x-forwarded-for", "forwarded", "x-real-ip"];

const wrapperMark = Symbol.for("cipher.clientIpHeader");

/** Called by the server wrapper: this process stamps every request with {@link clientIpHeader}. */
export function markClientIpStamped(): void {
  (globalThis as Record<symbol, unknown>)[wrapperMark] = true;
}

/** Whether this process's requests carry a client address the server wrapper stamped. */
export function clientIpIsStamped(): boolean {
  return (globalThis as Record<symbol, unknown>)[wrapperMark] === true;
}

function forwardedEntries(forwardedFor: string | string[] | null | undefined): string[] {
  const joined = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  return joined
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

/** One spelling per address: IPv4-mapped IPv6 as IPv4, IPv6 lower-case without brackets or zone. */
export function normalizeAddress(address: string): string {
  let value = address.trim();
  if (value.startsWith("[") && value.includes("]")) value = value.slice(1, value.indexOf("]"));
  value = value.replace(/%.*$/, "").toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped && isIP(mapped[1]!) === 4) return mapped[1]!;
  // Some proxies write "ip:port" for IPv4.
  const withPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(value);
  if (withPort && isIP(withPort[1]!) === 4) return withPort[1]!;
  return isIP(value) ? value : value.slice(0, 64) || "unknown";
}

/**
 * The client's address from the X-Forwarded-For the app received and the address of the socket
 * it arrived on, trusting `trustedHops` proxies in front of the app.
 */
export function clientIpFromChain(
  forwardedFor: string | string[] | null | undefined,
  socketAddress: string | null | undefined,
  trustedHops: number,
): string {
  const chain = [...forwardedEntries(forwardedFor), ...(socketAddress ? [socketAddress] : [])];
  if (chain.length === 0) return "unknown";
  // Fewer entries than trusted hops: the request skipped a proxy; the leftmost is all there is.
  const index = Math.max(0, chain.length - 1 - trustedHops);
  return normalizeAddress(chain[index]!);
}

/**
 * What the server wrapper does to each request before anything else sees it: removes any
 * client-sent copy of {@link clientIpHeader} and {@link socketAddressHeader} and sets them from
 * the real chain and the socket.
 */
export function stampClientIp(
  request: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string } },
  trustedHops: number,
): string {
  delete request.headers[clientIpHeader];
  delete request.headers[socketAddressHeader];
  delete request.headers[arrivedForwardedHeader];
  request.headers[arrivedForwardedHeader] = forwardingHeaders.some((name) => request.headers[name] !== undefined)
    ? "1"
    : "0";
  const ip = clientIpFromChain(request.headers["x-forwarded-for"], request.socket.remoteAddress, trustedHops);
  request.headers[clientIpHeader] = ip;
  request.headers[socketAddressHeader] = normalizeAddress(request.socket.remoteAddress ?? "");
  return ip;
}
