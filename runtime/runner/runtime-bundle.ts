/**
 * The runtime bundle: discord.js and the @discordjs packages bots require, bundled by esbuild
 * into one file, plus V8 code caches made by running it once. A bot's preload
 * (preload/runtime-bundle.cjs) loads it instead of ~300 separate files, which takes a
 * discord.js bot's spawn → ready from ~650 ms to ~400 ms on this 2-core machine
 * (`npm run bench:runtime`).
 *
 * Trust: only the runner writes it (as root, outside any sandbox), under the runtime's own
 * node_modules, which bots already read and cannot write (read-only bind, other uid, Node's
 * permission model). A code cache is executable input for V8, so no bot may ever write one: a
 * bot's own code is never cached. The folder's name is a hash of Node's, esbuild's and every
 * bundled package's version, so an upgrade builds a new one; V8 rejects a cache made for other
 * flags (the heap size is one), hence a cache per plan's heap size.
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { planLimits } from "@/lib/billing/plans";

import { runtimeNodeModules } from "./paths";

/** What a bot may require beside discord.js, sharing discord.js's own copy of it. */
export const bundledPackages = [
  "discord.js",
  "@discordjs/rest",
  "@discordjs/builders",
  "@discordjs/collection",
  "@discordjs/formatters",
  "@discordjs/util",
  "@discordjs/ws",
  "discord-api-types/v10",
] as const;

/** Optional native add-ons discord.js tries to load; bots run without them (and cannot load add-ons). */
const optionalNatives = ["zlib-sync", "bufferutil", "utf-8-validate", "erlpack", "@discordjs/voice"];

/** Raised when the bundle's layout changes, so old folders are not reused. */
const formatVersion = 1;

const here = dirname(fileURLToPath(import.meta.url));
const cacheScript = join(here, "runtime-bundle-cache.cjs");

export interface RuntimeBundleInfo {
  dir: string;
  /** Resolved file → package name, as the preload puts them in require's cache. */
  modules: Record<string, string>;
}

function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

/** The folder for this Node, esbuild and these package versions. */
async function bundleDir(nodeModules: string, resolveFrom: NodeJS.Require): Promise<string> {
  const { version: esbuildVersion } = await import("esbuild");
  const versions: Record<string, string> = {};
  for (const specifier of bundledPackages) {
    const name = packageName(specifier);
    const manifest = JSON.parse(readFileSync(join(nodeModules, name, "package.json"), "utf8")) as { version: string };
    versions[specifier] = `${manifest.version}@${resolveFrom.resolve(specifier)}`;
  }
  const key = createHash("sha256")
    .update(JSON.stringify({ formatVersion, node: process.version, esbuildVersion, versions }))
    .digest("hex")
    .slice(0, 20);
  return join(nodeModules, ".cache", "cipher-runtime", key);
}

async function buildBundle(dir: string, nodeModules: string, resolveFrom: NodeJS.Require): Promise<void> {
  const { build } = await import("esbuild");
  const modules: Record<string, string> = {};
  for (const specifier of bundledPackages) modules[resolveFrom.resolve(specifier)] = specifier;
  const result = await build({
    stdin: {
      contents: `module.exports = {\n${bundledPackages.map((name) => `  ${JSON.stringify(name)}: require(${JSON.stringify(name)}),`).join("\n")}\n};\n`,
      resolveDir: dirname(nodeModules),
      sourcefile: "cipher-runtime-entry.cjs",
      loader: "js",
    },
    bundle: true,
    platform: "node",
    target: `node${process.versions.node.split(".")[0]}`,
    format: "cjs",
    // discord.js reads constructor names in places; no renamed classes.
    keepNames: true,
    external: optionalNatives,
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  // The preload points discord.js's REST client at the simulator by patching @discordjs/rest:
  // that only works if discord.js uses the very copy a bot would require.
  const rest = Object.keys(result.metafile.inputs).filter((input) => /@discordjs\/rest\/dist\/index\.js$/.test(input));
  if (rest.length !== 1) throw new Error(`expected one @discordjs/rest in the bundle, found ${rest.length}`);
  const source = result.outputFiles[0]?.text;
  if (!source) throw new Error("esbuild wrote nothing");

  const staging = `${dir}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  mkdirSync(staging, { recursive: true, mode: 0o755 });
  writeFileSync(join(staging, "bundle.cjs"), source, { mode: 0o644 });
  writeFileSync(join(staging, "manifest.json"), JSON.stringify({ modules }, null, 2), { mode: 0o644 });
  chmodSync(staging, 0o755);
  try {
    renameSync(staging, dir);
  } catch {
    // Another runner process built it meanwhile: theirs is the same.
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Runs the bundle once under the heap flag bots of this size get and saves V8's code cache. */
function buildCache(dir: string, memoryMb: number): Promise<void> {
  const target = join(dir, `cache-${memoryMb}.bin`);
  if (existsSync(target)) return Promise.resolve();
  const staging = `${target}.tmp-${process.pid}-${randomBytes(4).toString("hex")}`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${memoryMb}`, cacheScript, dir, staging], {
      stdio: ["ignore", "ignore", "pipe"],
      env: { PATH: "/usr/bin:/bin" } as unknown as NodeJS.ProcessEnv,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0) {
        rmSync(staging, { force: true });
        reject(new Error(`code cache for ${memoryMb} MB: exit ${code} ${stderr.trim()}`));
        return;
      }
      chmodSync(staging, 0o644);
      renameSync(staging, target);
      resolve();
    });
  });
}

/**
 * Whether a bundle folder found on disk may be handed to bots: owned by this process's user (root
 * for a real runner) and writable by nobody else, its files too. Anything else is not used.
 */
export function trustedBundleDir(dir: string): boolean {
  const owner = process.getuid?.() ?? 0;
  try {
    for (const path of [dir, ...readdirSync(dir).map((name) => join(dir, name))]) {
      const stats = lstatSync(path);
      if (stats.isSymbolicLink() || stats.uid !== owner || (stats.mode & 0o022) !== 0) return false;
    }
    return true;
  } catch {
    return false;
  }
}

let prepared: Promise<RuntimeBundleInfo | null> | null = null;
let ready: RuntimeBundleInfo | null = null;
const caches = new Map<number, Promise<void>>();

function cacheFor(info: RuntimeBundleInfo, memoryMb: number): Promise<void> {
  let pending = caches.get(memoryMb);
  if (!pending) {
    // One at a time after the others: it is a second's work on a core bots also use.
    const previous = [...caches.values()].at(-1) ?? Promise.resolve();
    pending = previous
      .catch(() => undefined)
      .then(() => buildCache(info.dir, memoryMb))
      .catch((error: unknown) => console.warn(`[runner] runtime bundle: ${(error as Error).message}`));
    caches.set(memoryMb, pending);
  }
  return pending;
}

/**
 * Builds the bundle if this host has none for these versions, then the code caches for every
 * plan's heap size, in the background. Bots started before it is ready load discord.js as
 * usual. Once per process; resolves to the bundle, or null when it cannot be built (logged).
 */
export function prepareRuntimeBundle(): Promise<RuntimeBundleInfo | null> {
  prepared ??= (async () => {
    try {
      const nodeModules = runtimeNodeModules();
      const resolveFrom = createRequire(join(nodeModules, "..", "cipher-runtime-entry.cjs"));
      const dir = await bundleDir(nodeModules, resolveFrom);
      if (!existsSync(join(dir, "manifest.json"))) {
        mkdirSync(dirname(dir), { recursive: true, mode: 0o755 });
        await buildBundle(dir, nodeModules, resolveFrom);
      }
      const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as {
        modules: Record<string, string>;
      };
      const info = { dir, modules: manifest.modules };
      ready = info;
      const sizes = [...new Set(Object.values(planLimits).map((plan) => plan.botMemoryMb))];
      for (const size of sizes) void cacheFor(info, size);
      return info;
    } catch (error) {
      console.warn(
        `[runner] runtime bundle unavailable, bots load discord.js file by file: ${(error as Error).message}`,
      );
      return null;
    }
  })();
  return prepared;
}

/** The bundle's folder, once built (the preload picks the code cache for its own heap size). */
export function runtimeBundleDir(): string | undefined {
  return ready?.dir;
}

/** Makes sure a cache exists for bots of this heap size (a test's or a new plan's), in the background. */
export function ensureRuntimeCache(memoryMb: number): void {
  if (ready) void cacheFor(ready, memoryMb);
}

/** Resolves once the code cache for this heap size is written (or could not be); for tests and benches. */
export async function runtimeCacheReady(memoryMb: number): Promise<void> {
  const info = await prepareRuntimeBundle();
  if (info) await cacheFor(info, memoryMb);
}
