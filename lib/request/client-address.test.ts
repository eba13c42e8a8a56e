import { describe, expect, it } from "vitest";

import { clientIpFromChain, normalizeAddress, stampClientIp } from "./client-address";

describe("clientIpFromChain", () => {
  it("with no proxy in front, the socket address is the client, whatever the header says", () => {
    expect(clientIpFromChain(null, "203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientIpFromChain("198.51.100.66", "203.0.113.9", 0)).toBe("203.0.113.9");
    expect(clientIpFromChain("1.1.1.1, 2.2.2.2", "::ffff:203.0.113.9", 0)).toBe("203.0.113.9");
  });

  it("each trusted proxy appends one entry; the client is that many places from the right", () => {
    // client 203.0.113.9 → proxy 10.0.0.2 → app (socket from 10.0.0.2)
    expect(clientIpFromChain("203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    // the client forged an entry before the proxy appended its address
    expect(clientIpFromChain("198.51.100.66, 203.0.113.9", "10.0.0.2", 1)).toBe("203.0.113.9");
    // client → proxy 1 (10.0.0.1) → proxy 2 (10.0.0.2) → app
    expect(clientIpFromChain("198.51.100.66, 203.0.113.9, 10.0.0.1", "10.0.0.2", 2)).toBe("203.0.113.9");
    // several X-Forwarded-For lines count as one list in order
    expect(clientIpFromChain(["198.51.100.66", "203.0.113.9, 10.0.0.1"], "10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("never trusts more entries than there are and survives a missing header", () => {
    expect(clientIpFromChain(null, "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientIpFromChain(null, null, 0)).toBe("unknown");
    expect(clientIpFromChain(" , ", undefined, 0)).toBe("unknown");
  });
});

describe("normalizeAddress", () => {
  it("gives each address one spelling", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("203.0.113.9:5123")).toBe("203.0.113.9");
    expect(normalizeAddress("x".repeat(100))).toHaveLength(64);
  });
});

describe("stampClientIp", () => {
  it("replaces a client's own copy of the internal header", () => {
    const request = {
      headers: { "x-cipher-client-ip": "198.51.100.66", "x-forwarded-for": "198.51.100.66" } as Record<
        string,
        string | string[] | undefined
      >,
      socket: { remoteAddress: "203.0.113.9" },
    };
    expect(stampClientIp(request, 0)).toBe("203.0.113.9");
    expect(request.headers["x-cipher-client-ip"]).toBe("203.0.113.9");
  });
});
