/**
 * Bot tokens at rest: AES-256-GCM with a random 96-bit IV per value. The stored form carries the
 * id of the key that sealed it ("v1.<keyId>.<iv>.<ciphertext>.<tag>", base64url), so keys can be
 * rotated: new values use BOT_TOKEN_KEY, older ones still open with a key in BOT_TOKEN_OLD_KEYS.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export interface TokenKey {
  id: string;
  key: Buffer;
}

export class TokenKeyError extends Error {}

/** Parses a base64 key; the id is derived from it, so the same key always has the same id. */
export function tokenKeyFrom(encoded: string): TokenKey {
  const key = Buffer.from(encoded.trim(), "base64");
  if (key.length !== 32) throw new TokenKeyError("A bot token key must be 32 bytes, base64-encoded.");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 12), key };
}

export function sealToken(token: string, key: TokenKey): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  const ciphertext = Buffer.concat([cipher.update(token, "utf8"), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return ["v1", key.id, ...parts].join(".");
}

/** The key id a sealed value was made with (to find values that still need re-encrypting). */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split(".");
  return version === "v1" && keyId ? keyId : null;
}

export function openToken(sealed: string, keys: TokenKey[]): string {
  const [version, keyId, iv, ciphertext, tag] = sealed.split(".");
  if (version !== "v1" || !keyId || !iv || !ciphertext || !tag) throw new TokenKeyError("Unknown token format.");
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new TokenKeyError(`No key with id ${keyId} is configured (BOT_TOKEN_KEY / BOT_TOKEN_OLD_KEYS).`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** What the UI may show of a token: its last 4 characters. */
export function maskToken(token: string): string {
  return `••••${token.slice(-4)}`;
}
