import { describe, expect, it } from "vitest";

import { authNav, footerNav, mainNav } from "./navigation";

describe("site navigation", () => {
  it("has the spec's top bar links in order, with Migration for /bot-migration", () => {
    expect(mainNav.map((link) => link.href)).toEqual([
      "/features",
      "/docs",
      "/pricing",
      "/templates",
      "/bot-migration",
      "/blog",
    ]);
    expect(mainNav.find((link) => link.href === "/bot-migration")?.label).toBe("Migration");
    expect(authNav.signIn).toEqual({ href: "/login", label: "Sign In" });
    expect(authNav.signUp).toEqual({ href: "/signup", label: "Get Started" });
  });

  it("links every footer page of the spec exactly once, and /status (issue 24)", () => {
    const hrefs = footerNav.flatMap((group) => group.links.map((link) => link.href));
    expect(hrefs.sort()).toEqual(
      [
        "/features",
        "/templates",
        "/integrations",
        "/docs",
        "/api",
        "/tutorials",
        "/blog",
        "/about",
        "/contact",
        "/partners",
        "/status",
        "/privacy",
        "/terms",
        "/cookies",
        "/security",
      ].sort(),
    );
  });
});
