/**
 * Secrets at rest (bot tokens, secret environment variables): AES-256-GCM with a random 96-bit
 * IV per value. The stored form carries the id of the key that sealed it
 * ("v2.<keyId>.<iv>.<ciphertext>.<tag>", base64url), so keys can be rotated: new values use
 * BOT_TOKEN_KEY, older ones still open with a key in BOT_TOKEN_OLD_KEYS.
 *
 * Each value is bound to what it is and whose it is (the GCM associated data, see `sealedFor`):
 * a database writer who copies a victim's sealed token into their own bot's row gets a value
 * that no longer opens. "v1" values (before the binding) are re-sealed once at start by
 * scripts/db/data-migrations.ts and are otherwise refused.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

export interface TokenKey {
  id: string;
  key: Buffer;
}

export class TokenKeyError extends Error {}

/** A sealed value that does not open for the row it was read from (moved, altered or unbound); the message says why. */
export class SealedValueError extends TokenKeyError {}

/** What a sealed value is for: it opens only with the same purpose and owner. */
export const sealedFor = {
  botToken: (botId: string) => `bot-token:${botId}`,
  botEnv: (botId: string, key: string) => `bot-env:${botId}:${key}`,
} as const;

const currentVersion = "v2";
/** The version before values were bound to their row; opened only to re-seal them. */
export const legacyVersion = "v1";

/** Parses a base64 key; the id is derived from it, so the same key always has the same id. */
export function tokenKeyFrom(encoded: string): TokenKey {
  const key = Buffer.from(encoded.trim(), "base64");
  if (key.length !== 32) throw new TokenKeyError("A bot token key must be 32 bytes, base64-encoded.");
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 12), key };
}

/** Seals `value` for `context` (one of `sealedFor`), with the current key. */
export function sealToken(value: string, key: TokenKey, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key.key, iv);
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(value, "utf8"), cipher.final()]);
  const parts = [iv, ciphertext, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return [currentVersion, key.id, ...parts].join(".");
}

/** The key id a sealed value was made with (to find values that still need re-encrypting). */
export function sealedKeyId(sealed: string): string | null {
  const [version, keyId] = sealed.split(".");
  return (version === currentVersion || version === legacyVersion) && keyId ? keyId : null;
}

function open(sealed: string, keys: TokenKey[], version: string, context: string | null): string {
  const [found, keyId, iv, ciphertext, tag, ...rest] = sealed.split(".");
  if (found !== version || !keyId || !iv || !ciphertext || !tag || rest.length) {
    throw new SealedValueError(
      found === legacyVersion
        ? "it was stored before secrets were bound to their bot and was never re-sealed"
        : "its format is unknown",
    );
  }
  const key = keys.find((candidate) => candidate.id === keyId);
  if (!key) throw new TokenKeyError(`No key with id ${keyId} is configured (BOT_TOKEN_KEY / BOT_TOKEN_OLD_KEYS).`);
  const decipher = createDecipheriv("aes-256-gcm", key.key, Buffer.from(iv, "base64url"));
  if (context !== null) decipher.setAAD(Buffer.from(context, "utf8"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  try {
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealedValueError("it was sealed for another bot or was altered");
  }
}

/** Opens a value sealed for `context`; a value sealed for anything else throws SealedValueError. */
export function openToken(sealed: string, keys: TokenKey[], context: string): string {
  return open(sealed, keys, currentVersion, context);
}

/** Opens a "v1" value (no binding). Only the one-time re-seal may call this. */
export function openLegacyToken(sealed: string, keys: TokenKey[]): string {
  return open(sealed, keys, legacyVersion, null);
}

/** What the UI may show of a token: its last 4 characters. */
export function maskToken(token: string): string {
  return `••••${token.slice(-4)}`;
}
