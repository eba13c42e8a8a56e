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

let cached: { current: TokenKey; all: TokenKey[] } | undefined;

function localDevelopmentKey(): string {
  const file = join(process.cwd(), ".data", "bot-token-key");
  return resolveLocalSecret(undefined, file, () => randomBytes(32).toString("base64")).secret;
}

export function tokenKeys(): { current: TokenKey; all: TokenKey[] } {
  if (cached) return cached;
  const configured = env.BOT_TOKEN_KEY ?? (env.NODE_ENV === "production" ? undefined : localDevelopmentKey());
  if (!configured) throw new TokenKeyError("BOT_TOKEN_KEY is not set; bot tokens cannot be stored.");
  const current = tokenKeyFrom(configured);
  const old = env.BOT_TOKEN_OLD_KEYS.split(",")
    .map((value) => value.trim())
    .filter(Boolean)
    .map(tokenKeyFrom);
  cached = { current, all: [current, ...old] };
  return cached;
}
