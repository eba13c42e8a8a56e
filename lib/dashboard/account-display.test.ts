import { describe, expect, it } from "vitest";

import { accountBadge, commanderName, isReturning } from "./account-display";

describe("accountBadge", () => {
  it("shows the email's first letter upper-cased and the part before the @", () => {
    expect(accountBadge("ada.lovelace@example.com")).toEqual({ initial: "A", name: "ada.lovelace" });
  });

  it("falls back to 'U' and 'Agent' without a usable email", () => {
    expect(accountBadge(null)).toEqual({ initial: "U", name: "Agent" });
    expect(accountBadge("")).toEqual({ initial: "U", name: "Agent" });
    expect(accountBadge("@example.com")).toEqual({ initial: "@", name: "Agent" });
  });
});

describe("commanderName", () => {
  it("greets with the name the user chose: the username, else the full name, else the email's name part", () => {
    expect(commanderName({ email: "grace@example.com", username: "hopper", fullName: "Grace Hopper" })).toBe("hopper");
    expect(commanderName({ email: "grace@example.com", username: null, fullName: "Grace Hopper" })).toBe(
      "Grace Hopper",
    );
    expect(commanderName({ email: "grace@example.com", username: "  ", fullName: null })).toBe("grace");
    expect(commanderName({ email: null, username: null })).toBe("Agent");
  });
});

describe("isReturning", () => {
  const now = new Date("2026-11-27T12:00:00Z");
  it("a first visit says Welcome; a visit before this sign-in or over an hour ago says Welcome back", () => {
    expect(isReturning(undefined, new Date("2026-11-27T11:59:00Z"), now)).toBe(false);
    expect(isReturning(new Date("2026-11-27T11:59:30Z"), new Date("2026-11-27T11:59:00Z"), now)).toBe(false);
    expect(isReturning(new Date("2026-11-26T09:00:00Z"), new Date("2026-11-27T11:59:00Z"), now)).toBe(true);
    expect(isReturning(new Date("2026-11-27T10:30:00Z"), new Date("2026-11-27T10:00:00Z"), now)).toBe(true);
    expect(isReturning(new Date("2026-11-27T11:30:00Z"), null, now)).toBe(false);
  });
});
