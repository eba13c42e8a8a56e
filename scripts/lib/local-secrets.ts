/**
 * Secrets `npm start`/`npm run dev` need when none is configured: each is generated once and kept
 * in .data/ (readable only by its owner), so sessions and encrypted bot tokens survive restarts.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { env } from "../../lib/env";
import { projectRoot } from "../db/engine";

export type SecretSource = "env" | "file" | "generated";

export function resolveLocalSecret(
  configured: string | undefined,
  file: string,
  generate: () => string,
): { secret: string; source: SecretSource } {
  if (configured) return { secret: configured, source: "env" };
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved) return { secret: saved, source: "file" };
  }
  const secret = generate();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: "generated" };
}

export const authSecretFile = join(projectRoot, ".data", "auth-secret");
export const botTokenKeyFile = join(projectRoot, ".data", "bot-token-key");

export function resolveAuthSecret(file = authSecretFile) {
  return resolveLocalSecret(env.AUTH_SECRET, file, () => randomBytes(32).toString("base64url"));
}

export function resolveBotTokenKey(file = botTokenKeyFile) {
  return resolveLocalSecret(env.BOT_TOKEN_KEY, file, () => randomBytes(32).toString("base64"));
}
