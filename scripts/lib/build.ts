/**
 * `npm start` serves a production build and rebuilds only when the sources changed since the
 * last build: the fingerprint covers every file that goes into the bundle.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";

import { projectRoot } from "../db/engine";

const inputs = [
  "app",
  "components",
  "lib",
  "content",
  "emails",
  "public",
  "prisma/schema.prisma",
  "next.config.ts",
  "proxy.ts",
  "instrumentation.ts",
  "instrumentation-client.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "package-lock.json",
];
const fingerprintFile = join(projectRoot, ".next", "cipher-build-fingerprint");

function collect(path: string, into: string[]) {
  if (!existsSync(path)) return;
  const stats = statSync(path);
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(join(path, entry), into);
  } else if (!path.endsWith(".test.ts") && !path.endsWith(".test.tsx")) {
    into.push(`${relative(projectRoot, path)}:${stats.size}:${stats.mtimeMs}`);
  }
}

export function sourceFingerprint(): string {
  const files: string[] = [];
  for (const input of inputs) collect(join(projectRoot, input), files);
  return createHash("sha256").update(files.join("\n")).digest("hex");
}

export function buildIsCurrent(): boolean {
  return (
    existsSync(join(projectRoot, ".next", "BUILD_ID")) &&
    existsSync(fingerprintFile) &&
    readFileSync(fingerprintFile, "utf8") === sourceFingerprint()
  );
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: projectRoot, env, stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export const nextBin = join(projectRoot, "node_modules", "next", "dist", "bin", "next");

/**
 * Node.js arguments that run the production server (scripts/server.ts: Next.js behind the
 * in-memory cache of prerendered pages), as `npm start`, the e2e suite and the benchmark do.
 */
export function productionServerArgs(port: number, hostname?: string): string[] {
  const entry = join(projectRoot, "scripts", "server.ts");
  return ["--import", "tsx", entry, "--port", String(port), ...(hostname ? ["--hostname", hostname] : [])];
}

/** Runs `next build` unless the last build came from the same sources. */
export async function ensureProductionBuild(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  if (buildIsCurrent()) {
    console.log("▲ Production build is up to date.");
    return;
  }
  const fingerprint = sourceFingerprint();
  await run(process.execPath, [nextBin, "build"], { ...env, NODE_ENV: "production" });
  writeFileSync(fingerprintFile, fingerprint);
}
