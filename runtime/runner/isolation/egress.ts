/**
 * The network a bot gets. Every bot has its own network namespace: its loopback is its own, so
 * no spelling of 127.0.0.1, ::1 or ::ffff:127.0.0.1 reaches this host's services (PostgreSQL,
 * the embedded database, the web app).
 *
 * - Simulator bots get nothing else: the simulator is reached through a relay the runner binds
 *   into the sandbox as a Unix socket (simulator-relay.ts), forwarded inside to the same
 *   127.0.0.1:port the bot was told.
 * - Discord bots also get user-mode egress (slirp4netns with --disable-host-loopback, so its
 *   gateway does not lead to this host's loopback) and routes that refuse every private,
 *   shared, link-local/metadata, multicast and reserved range; there is no IPv6 route at all.
 *   The routes are set by the runner before the bot starts; the bot has no capability to
 *   change them.
 */

/** slirp4netns's fixed addresses inside the namespace. */
export const slirpNetwork = {
  cidr: "10.0.2.0/24",
  address: "10.0.2.100",
  gateway: "10.0.2.2",
  dns: "10.0.2.3",
} as const;

/**
 * IPv4 destinations a bot may never reach (RFC 6890 special-purpose ranges that are not the
 * public internet). The slirp network above is more specific than 10.0.0.0/8, so only its
 * gateway (refused for this host's loopback by slirp itself) and its DNS forwarder stay
 * reachable there.
 */
export const blockedIpv4Ranges = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8", // RFC 1918
  "100.64.0.0/10", // carrier-grade NAT (RFC 6598)
  "127.0.0.0/8", // loopback (the bot's own lo answers inside; never the host's)
  "169.254.0.0/16", // link-local, cloud metadata (169.254.169.254)
  "172.16.0.0/12", // RFC 1918
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // TEST-NET-1
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16", // RFC 1918
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // TEST-NET-2
  "203.0.113.0/24", // TEST-NET-3
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and 255.255.255.255
] as const;

function ipv4ToNumber(address: string): number | null {
  const parts = address.split(".");
  if (parts.length !== 4) return null;
  let value = 0;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part)) return null;
    const octet = Number(part);
    if (octet > 255) return null;
    value = value * 256 + octet;
  }
  return value;
}

function inRange(address: number, cidr: string): boolean {
  const [base, bits] = cidr.split("/") as [string, string];
  const size = 2 ** (32 - Number(bits));
  const start = ipv4ToNumber(base)!;
  return address >= start && address < start + size;
}

/**
 * The route a Discord bot's namespace has for an IPv4 destination: "slirp" for slirp's own
 * gateway and DNS, "refused" for a blocked range (the kernel answers EACCES / unreachable),
 * "internet" otherwise. IPv6 has no route at all (the namespace has no IPv6 address).
 */
export function routeFor(address: string): "slirp" | "refused" | "internet" | "invalid" {
  const value = ipv4ToNumber(address);
  if (value === null) return "invalid";
  if (inRange(value, slirpNetwork.cidr)) return "slirp";
  return blockedIpv4Ranges.some((cidr) => inRange(value, cidr)) ? "refused" : "internet";
}

/**
 * `ip -batch` commands run in a Discord bot's namespace after slirp4netns configured it:
 * one `prohibit` route per blocked range (more specific routes win, so slirp's /24 stays).
 */
export function egressRouteCommands(): string[] {
  return blockedIpv4Ranges
    .filter((cidr) => cidr !== "127.0.0.0/8") // lo's own local route already covers it
    .map((cidr) => `route add prohibit ${cidr}`);
}
