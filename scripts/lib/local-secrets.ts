/**
 * Secrets `npm start`/`npm run dev` need when none is configured: each is generated once and kept
 * in .data/ (readable only by its owner), so sessions and encrypted bot tokens survive restarts.
 */
import { randomBytes } from "node:crypto";
import { join } from "node:path";

import { env } from "../../lib/env";
import { resolveLocalSecret } from "../../lib/local-secret";
import { projectRoot } from "../db/engine";

export const authSecretFile = join(projectRoot, ".data", "auth-secret");
export const botTokenKeyFile = join(projectRoot, ".data", "bot-token-key");

export function resolveAuthSecret(file = authSecretFile) {
  return resolveLocalSecret(env.AUTH_SECRET, file, () => randomBytes(32).toString("base64url"));
}

export function resolveBotTokenKey(file = botTokenKeyFile) {
  return resolveLocalSecret(env.BOT_TOKEN_KEY, file, () => randomBytes(32).toString("base64"));
}
