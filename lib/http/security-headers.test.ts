import { describe, expect, it } from "vitest";

import { contentSecurityPolicy, createNonce, securityHeaders } from "./security-headers";

const directive = (policy: string, name: string) => policy.split("; ").find((part) => part.startsWith(`${name} `));

describe("contentSecurityPolicy", () => {
  it("allows only the scripts carrying the nonce on a dynamic page, never inline ones", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==" }, { https: false, dev: false });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-abc123==' 'strict-dynamic'");
    expect(directive(policy, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(policy, "object-src")).toBe("object-src 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("allows a prerendered page's inline scripts by hash, with no nonce and no 'strict-dynamic'", () => {
    const policy = contentSecurityPolicy({ hashes: ["sha256-AAA=", "sha256-BBB="] }, { https: true, dev: false });
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'sha256-AAA=' 'sha256-BBB='");
    expect(policy).toContain("upgrade-insecure-requests");
  });

  it("allows eval only in development, and inline styles (Tailwind, Radix) everywhere", () => {
    expect(directive(contentSecurityPolicy({ nonce: "n" }, { https: false, dev: true }), "script-src")).toContain(
      "'unsafe-eval'",
    );
    const production = contentSecurityPolicy({ nonce: "n" }, { https: false, dev: false });
    expect(production).not.toContain("unsafe-eval");
    expect(directive(production, "script-src")).not.toContain("unsafe-inline");
    expect(directive(production, "style-src")).toBe("style-src 'self' 'unsafe-inline'");
  });
});

describe("createNonce", () => {
  it("is fresh each time and fits the nonce syntax Next.js reads", () => {
    const nonces = new Set(Array.from({ length: 100 }, createNonce));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });
});

describe("securityHeaders", () => {
  it("keeps token links out of referrers: none at all on the pages that carry them", () => {
    const referrer = (path: string) => new Map(securityHeaders(path, { https: false })).get("Referrer-Policy");
    expect(referrer("/")).toBe("strict-origin-when-cross-origin");
    for (const path of ["/reset-password", "/auth/confirm", "/newsletter/confirm", "/newsletter/unsubscribe"]) {
      expect(referrer(path)).toBe("no-referrer");
    }
  });

  it("sends nosniff, COOP and framing refusal always, HSTS only when the site is served over HTTPS", () => {
    const plain = new Map(securityHeaders("/", { https: false }));
    expect(plain.get("X-Content-Type-Options")).toBe("nosniff");
    expect(plain.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    expect(plain.get("X-Frame-Options")).toBe("DENY");
    expect(plain.has("Strict-Transport-Security")).toBe(false);
    const secure = new Map(securityHeaders("/", { https: true }));
    expect(secure.get("Strict-Transport-Security")).toBe("max-age=63072000; includeSubDomains");
  });

  it("gives route handlers (/api/*) a policy that allows nothing, and pages none of their own (theirs carries a nonce)", () => {
    const api = new Map(securityHeaders("/api/session", { https: false }));
    expect(api.get("Content-Security-Policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(new Map(securityHeaders("/dashboard", { https: false })).has("Content-Security-Policy")).toBe(false);
    expect(new Map(securityHeaders("/apis", { https: false })).has("Content-Security-Policy")).toBe(false);
  });
});
