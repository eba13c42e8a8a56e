/**
 * Bot tokens the simulator mints: `base64(botUserId).base64url(botId).hmac`, checked without
 * storing anything. The first part decodes to the bot's user id, as on Discord.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export interface TokenClaims {
  botId: string;
  botUserId: string;
}

function signature(key: string, botUserId: string, botId: string): string {
  return createHmac("sha256", key).update(`cipher-simulator-bot-token:${botUserId}:${botId}`).digest("base64url");
}

export function mintToken(key: string, claims: TokenClaims): string {
  const first = Buffer.from(claims.botUserId).toString("base64").replace(/=+$/, "");
  const second = Buffer.from(claims.botId).toString("base64url");
  return `${first}.${second}.${signature(key, claims.botUserId, claims.botId)}`;
}

export function verifyToken(key: string, token: string): TokenClaims | null {
  const parts = token
    .replace(/^Bot\s+/i, "")
    .trim()
    .split(".");
  if (parts.length !== 3) return null;
  const [first = "", second = "", given = ""] = parts;
  const botUserId = Buffer.from(first, "base64").toString("utf8");
  const botId = Buffer.from(second, "base64url").toString("utf8");
  if (!/^\d{15,21}$/.test(botUserId) || !botId) return null;
  const expected = Buffer.from(signature(key, botUserId, botId));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? { botId, botUserId } : null;
}

/** Constant-time comparison of the control API's bearer key. */
export function sameKey(expected: string, given: string): boolean {
  const a = createHmac("sha256", "cipher").update(expected).digest();
  const b = createHmac("sha256", "cipher").update(given).digest();
  return timingSafeEqual(a, b) && expected.length === given.length;
}
