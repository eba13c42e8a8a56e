// Runs `prisma generate` with no network access.
//
// The Prisma 7 CLI insists on resolving its Rust schema engine before any command, and downloads
// it when missing; these machines cannot. Generating the client never runs that engine, so we
// point the CLI at a stub. Migrations do not use the CLI at all: see scripts/db/engine.ts.
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stubDir = join(root, "node_modules", ".cache", "cipher");
const stub = join(stubDir, "schema-engine");

if (!existsSync(stub)) {
  mkdirSync(stubDir, { recursive: true });
  writeFileSync(stub, '#!/bin/sh\necho "schema-engine-cli 0.0.0 (offline stub, see scripts/prisma-generate.mjs)"\n');
  chmodSync(stub, 0o755);
}

const result = spawnSync(process.execPath, [join(root, "node_modules", "prisma", "build", "index.js"), "generate"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? stub,
    PRISMA_HIDE_UPDATE_MESSAGE: "1",
    CHECKPOINT_DISABLE: "1",
  },
});
process.exit(result.status ?? 1);
