// Keeps package-lock.json usable by `npm ci`.
//
// The npm registry mirror these machines use serves only the platform packages of this machine
// (linux-x64). npm therefore cannot record the other platforms' optional binaries
// (@next/swc-darwin-x64, @tailwindcss/oxide-win32-x64-msvc, ...) in the lockfile, and `npm ci`
// then refuses the lockfile as "Missing: ... from lock file". This adds a version-only entry for
// each such optional dependency; npm skips them on install like any optional package it cannot
// use. Idempotent: it changes nothing when every entry is present. Runs after every install.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const lockPath = join(import.meta.dirname, "..", "package-lock.json");
if (existsSync(lockPath)) {
  const lock = JSON.parse(readFileSync(lockPath, "utf8"));
  const packages = lock.packages ?? {};
  let added = 0;
  for (const [path, entry] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
      const nested = path ? `${path}/node_modules/${name}` : `node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted]) continue;
      packages[hoisted] = { version, optional: true, ...(entry.dev ? { dev: true } : {}) };
      added++;
    }
  }
  if (added > 0) {
    writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
    console.log(`package-lock.json: recorded ${added} optional platform package(s) the registry mirror lacks.`);
  }
}
