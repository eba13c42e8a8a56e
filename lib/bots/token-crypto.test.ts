import { createCipheriv, randomBytes } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  maskToken,
  openLegacyToken,
  openToken,
  sealedFor,
  sealedKeyId,
  SealedValueError,
  sealToken,
  TokenKeyError,
  tokenKeyFrom,
  type TokenKey,
} from "./token-crypto";

const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const current = tokenKeyFrom(randomBytes(32).toString("base64"));
const old = tokenKeyFrom(randomBytes(32).toString("base64"));
const mine = sealedFor.botToken("bot-mine");

/** A value as the first version stored it: no associated data. */
function sealLegacy(value: string, key: TokenKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  return ["v1", key.id, ...[iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"))].join(".");
}

describe("bot token encryption", () => {
  it("round-trips, never stores the token in clear and uses a fresh IV each time", () => {
    const first = sealToken(token, current, mine);
    const second = sealToken(token, current, mine);
    expect(first).toMatch(/^v2\./);
    expect(first).not.toContain(token);
    expect(first).not.toBe(second);
    expect(openToken(first, [current], mine)).toBe(token);
    expect(sealedKeyId(first)).toBe(current.id);
  });

  it("opens a value only for the bot and purpose it was sealed for", () => {
    const sealed = sealToken(token, current, mine);
    expect(() => openToken(sealed, [current], sealedFor.botToken("bot-other"))).toThrow(SealedValueError);
    expect(() => openToken(sealed, [current], sealedFor.botEnv("bot-mine", "TOKEN"))).toThrow(SealedValueError);
    const secret = sealToken("s3cret", current, sealedFor.botEnv("bot-mine", "API_KEY"));
    expect(openToken(secret, [current], sealedFor.botEnv("bot-mine", "API_KEY"))).toBe("s3cret");
    expect(() => openToken(secret, [current], sealedFor.botEnv("bot-mine", "OTHER"))).toThrow(SealedValueError);
    expect(() => openToken(secret, [current], sealedFor.botEnv("bot-other", "API_KEY"))).toThrow(SealedValueError);
  });

  it("refuses unbound v1 values except for the one-time re-seal", () => {
    const legacy = sealLegacy(token, current);
    expect(() => openToken(legacy, [current], mine)).toThrow(SealedValueError);
    expect(openLegacyToken(legacy, [current])).toBe(token);
    expect(sealedKeyId(legacy)).toBe(current.id);
  });

  it("opens values sealed with a rotated-out key when it is still listed, and refuses otherwise", () => {
    const sealed = sealToken(token, old, mine);
    expect(openToken(sealed, [current, old], mine)).toBe(token);
    expect(() => openToken(sealed, [current], mine)).toThrow(TokenKeyError);
  });

  it("detects tampering", () => {
    const sealed = sealToken(token, current, mine);
    const parts = sealed.split(".");
    const flipped = Buffer.from(parts[3]!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString("base64url");
    expect(() => openToken(parts.join("."), [current], mine)).toThrow(SealedValueError);
  });

  it("refuses keys of the wrong size and shows only the last 4 characters", () => {
    expect(() => tokenKeyFrom(randomBytes(16).toString("base64"))).toThrow(TokenKeyError);
    expect(maskToken(token)).toBe("••••89AB");
  });
});
