import { describe, expect, it } from "vitest";

import { accountBadge, commanderName } from "./account-display";

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
  it("greets with the email's name part, else the username", () => {
    expect(commanderName({ email: "grace@example.com", username: "hopper" })).toBe("grace");
    expect(commanderName({ email: "", username: "hopper" })).toBe("hopper");
    expect(commanderName({ email: null, username: null })).toBe("Agent");
  });
});
