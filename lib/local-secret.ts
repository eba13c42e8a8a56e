/**
 * A secret generated once and kept in a file readable only by its owner, for local setups with
 * nothing configured (the embedded `npm start`, development): `.data/auth-secret`,
 * `.data/bot-token-key`. A configured value always wins.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

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
