import { describe, expect, it } from "vitest";

import { clientIpFrom } from "./client-ip";

describe("clientIpFrom", () => {
  it("uses the address Next.js recorded when nothing is in front of the app", () => {
    expect(clientIpFrom("127.0.0.1", 0)).toBe("127.0.0.1");
  });

  it("skips the entries appended by trusted proxies", () => {
    expect(clientIpFrom("203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
    expect(clientIpFrom("198.51.100.1, 203.0.113.9, 10.0.0.2", 1)).toBe("203.0.113.9");
  });

  it("never trusts more entries than there are and survives a missing header", () => {
    expect(clientIpFrom("203.0.113.9", 3)).toBe("203.0.113.9");
    expect(clientIpFrom(null, 0)).toBe("unknown");
    expect(clientIpFrom(" , ", 0)).toBe("unknown");
  });
});
