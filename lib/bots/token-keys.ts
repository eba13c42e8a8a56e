/**
 * The keys bot tokens are sealed with (lib/bots/token-crypto.ts): BOT_TOKEN_KEY seals, it and
 * BOT_TOKEN_OLD_KEYS open. Outside production, without BOT_TOKEN_KEY, the key in
 * .data/bot-token-key is used (created on first use), like `npm start` does.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";

import { env } from "@/lib/env";
import { resolveLocalSecret } from "@/lib/local-secret";

import { TokenKeyError, tokenKeyFrom, type TokenKey } from "./token-crypto";

let cached: TokenKeyRing | undefined;

function localDevelopmentKey(): string {
  const file = join(process.cwd(), ".data", "bot-token-key");
  return resolveLocalSecret(undefined, file, () => randomBytes(32).toString("base64")).secret;
}

export interface TokenKeyRing {
  current: TokenKey;
  all: TokenKey[];
}

/** The ring for a current key and the comma-separated old ones (BOT_TOKEN_KEY, BOT_TOKEN_OLD_KEYS). */
export function tokenKeyRing(current: string, oldKeys: string): TokenKeyRing {
  const key = tokenKeyFrom(current);
  const old = oldKeys
    .split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map(tokenKeyFrom);
  return { current: key, all: [key, ...old] };
}

export function tokenKeys(): TokenKeyRing {
  if (cached) return cached;
  const configured = env.BOT_TOKEN_KEY ?? (env.NODE_ENV === "production" ? undefined : localDevelopmentKey());
  if (!configured) throw new TokenKeyError("BOT_TOKEN_KEY is not set; bot tokens cannot be stored.");
  cached = tokenKeyRing(configured, env.BOT_TOKEN_OLD_KEYS);
  return cached;
}
