/**
 * `npm start` serves a production build and rebuilds only when its inputs changed since the last
 * build: every file that goes into the bundle, by content (a fresh clone's or a copy's new
 * modification times are not a change), and the public variables Next.js inlines. `npm run build`
 * and `npm start` record the same manifest, so a start after a build does not build again; when
 * `npm start` does build, it says why in one line.
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
  // Next.js reads these while building (only their hashes are recorded).
  ".env",
  ".env.local",
  ".env.production",
  ".env.production.local",
];
/** Written beside the build (removed with it); version 2: by content. */
const manifestFile = (root: string) => join(root, ".next", "cipher-build-manifest.json");
const manifestVersion = 2;

export interface BuildManifest {
  version: number;
  /** Input path (relative to the project) → SHA-256 of its content. */
  files: Record<string, string>;
  /** NEXT_PUBLIC_* variables, inlined into the client bundle at build time. */
  publicEnv: Record<string, string>;
  /** The site's address, written into prerendered pages, the sitemap, robots.txt and the feed. */
  siteUrl: string;
}

function collect(root: string, path: string, into: Record<string, string>) {
  if (!existsSync(path)) return;
  const stats = statSync(path);
  if (stats.isDirectory()) {
    for (const entry of readdirSync(path).sort()) collect(root, join(path, entry), into);
  } else if (!path.endsWith(".test.ts") && !path.endsWith(".test.tsx")) {
    into[relative(root, path)] = createHash("sha256").update(readFileSync(path)).digest("hex");
  }
}

/** What a build made now would be made from. */
export function buildInputs(
  env: Readonly<Record<string, string | undefined>> = process.env,
  root = projectRoot,
): BuildManifest {
  const files: Record<string, string> = {};
  for (const input of inputs) collect(root, join(root, input), files);
  const publicEnv = Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith("NEXT_PUBLIC_") && entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  // As lib/env.ts resolves it (read here without importing it: the build's env is the argument).
  const siteUrl = env.SITE_URL || `http://localhost:${env.PORT || "3000"}`;
  return { version: manifestVersion, files, publicEnv, siteUrl };
}

function readManifest(root: string): BuildManifest | null {
  try {
    const manifest = JSON.parse(readFileSync(manifestFile(root), "utf8")) as BuildManifest;
    return manifest.version === manifestVersion ? manifest : null;
  } catch {
    return null;
  }
}

function listed(paths: string[]): string {
  const shown = paths.slice(0, 3).join(", ");
  return paths.length > 3 ? `${shown} and ${paths.length - 3} more` : shown;
}

/** Why the production build must be made (again), in one line; null when it is current. */
export function staleBuildReason(current: BuildManifest = buildInputs(), root = projectRoot): string | null {
  if (!existsSync(join(root, ".next", "BUILD_ID"))) return "there is no production build yet";
  const built = readManifest(root);
  if (!built)
    return "the build in .next has no record of what it was made from (made by a plain next build, by an older Cipher, or a build that failed)";
  const changed = Object.keys(current.files).filter(
    (path) => path in built.files && built.files[path] !== current.files[path],
  );
  const added = Object.keys(current.files).filter((path) => !(path in built.files));
  const removed = Object.keys(built.files).filter((path) => !(path in current.files));
  const parts = [
    changed.length ? `changed: ${listed(changed)}` : null,
    added.length ? `new: ${listed(added)}` : null,
    removed.length ? `removed: ${listed(removed)}` : null,
  ].filter(Boolean);
  if (parts.length) return `sources changed since the last build (${parts.join("; ")})`;
  const variables = [...new Set([...Object.keys(current.publicEnv), ...Object.keys(built.publicEnv)])].filter(
    (name) => current.publicEnv[name] !== built.publicEnv[name],
  );
  if (variables.length) return `public variables changed since the last build (${listed(variables)})`;
  if (current.siteUrl !== built.siteUrl)
    return `the site's address changed since the last build (${built.siteUrl} → ${current.siteUrl}; set SITE_URL to serve one build on any port)`;
  return null;
}

export function buildIsCurrent(): boolean {
  return staleBuildReason() === null;
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

/** Runs `next build` and records what it was made from (read before building: an edit made meanwhile is a change). */
export async function productionBuild(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const manifest = buildInputs(env);
  // A build that fails midway leaves .next half written: until one succeeds, none is trusted.
  rmSync(manifestFile(projectRoot), { force: true });
  await run(process.execPath, [nextBin, "build"], { NEXT_TELEMETRY_DISABLED: "1", ...env, NODE_ENV: "production" });
  recordBuild(manifest);
}

/** Records what the build in .next was made from. */
export function recordBuild(manifest: BuildManifest, root = projectRoot): void {
  writeFileSync(manifestFile(root), `${JSON.stringify(manifest)}\n`);
}

/** Runs `next build` unless the last build came from the same inputs; says why when it builds. */
export async function ensureProductionBuild(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const reason = staleBuildReason(buildInputs(env));
  if (!reason) {
    console.log("▲ Production build is up to date.");
    return;
  }
  console.log(`▲ Building the production app: ${reason}.`);
  await productionBuild(env);
}
