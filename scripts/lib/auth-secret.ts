/**
 * AUTH_SECRET for `npm start`/`npm run dev` when none is configured: generated once and kept in
 * .data/auth-secret (readable only by its owner), so sessions survive restarts.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { env } from "../../lib/env";
import { projectRoot } from "../db/engine";

export const authSecretFile = join(projectRoot, ".data", "auth-secret");

export function resolveAuthSecret(file = authSecretFile): { secret: string; source: "env" | "file" | "generated" } {
  if (env.AUTH_SECRET) return { secret: env.AUTH_SECRET, source: "env" };
  if (existsSync(file)) {
    const saved = readFileSync(file, "utf8").trim();
    if (saved.length >= 32) return { secret: saved, source: "file" };
  }
  const secret = randomBytes(32).toString("base64url");
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { secret, source: "generated" };
}
