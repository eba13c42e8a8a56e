import { randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import { maskToken, openToken, sealedKeyId, sealToken, TokenKeyError, tokenKeyFrom } from "./token-crypto";

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const current = tokenKeyFrom(randomBytes(32).toString("base64"));
const old = tokenKeyFrom(randomBytes(32).toString("base64"));

describe("bot token encryption", () => {
  it("round-trips, never stores the token in clear and uses a fresh IV each time", () => {
    const first = sealToken(token, current);
    const second = sealToken(token, current);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(openToken(first, [current])).toBe(token);
    expect(sealedKeyId(first)).toBe(current.id);
  });

  it("opens values sealed with a rotated-out key when it is still listed, and refuses otherwise", () => {
    const sealed = sealToken(token, old);
    expect(openToken(sealed, [current, old])).toBe(token);
    expect(() => openToken(sealed, [current])).toThrow(TokenKeyError);
  });

  it("detects tampering", () => {
    const sealed = sealToken(token, current);
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString("base64url");
    expect(() => openToken(parts.join("."), [current])).toThrow();
  });

  it("refuses keys of the wrong size and shows only the last 4 characters", () => {
    expect(() => tokenKeyFrom(randomBytes(16).toString("base64"))).toThrow(TokenKeyError);
    expect(maskToken(token)).toBe("••••89AB");
  });
});
