/**
 * Writes a bot's files to disk for a run: app/ fresh each start (the BotFile rows, TypeScript
 * compiled to JavaScript beside its source, config.json given the run's token and ids),
 * scratch/ kept between runs, and app/node_modules linked to the runtime's modules.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";

import { transform } from "esbuild";

import { botDirs, runtimeNodeModules, type BotDirs } from "./paths";

export interface BotFileRow {
  path: string;
  content: string;
}

export interface RunIdentity {
  token: string;
  clientId?: string;
  guildId?: string;
}

export interface Materialised extends BotDirs {
  kind: "node" | "python";
  /** Entry file, relative to app/. */
  entry: string;
  /** deploy-commands script to run first, relative to app/, if the project has one. */
  deployScript: string | null;
}

export class MaterialiseError extends Error {}

/** The file's place inside app/, or null when the path would leave it (or is not a file path). */
export function safeJoin(appDir: string, filePath: string): string | null {
  const clean = filePath.replaceAll("\\", "/");
  if (!clean || isAbsolute(clean) || clean.split("/").some((part) => part === ".." || part === "")) return null;
  if (clean.split("/")[0] === "node_modules") return null;
  const target = resolve(appDir, clean);
  const inside = relative(appDir, target);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? target : null;
}

export async function materialiseBot(input: {
  dataDir: string;
  botId: string;
  language: string;
  files: BotFileRow[];
  identity: RunIdentity;
  log: (line: string) => void;
}): Promise<Materialised> {
  const dirs = botDirs(input.dataDir, input.botId);
  await rm(dirs.app, { recursive: true, force: true });
  await mkdir(dirs.app, { recursive: true });
  await mkdir(dirs.scratch, { recursive: true });
  const paths = new Set<string>();
  for (const file of input.files) {
    const target = safeJoin(dirs.app, file.path);
    if (!target) {
      input.log(`Skipped ${JSON.stringify(file.path)}: not a path inside the project.`);
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, file.content);
    paths.add(relative(dirs.app, target).replaceAll("\\", "/"));
  }
  await symlink(runtimeNodeModules(), join(dirs.app, "node_modules"), "dir");
  // Without its own package.json the bot would fall under the nearest one above the data
  // folder (Cipher's, "type": "module"); this one keeps Node's defaults (CommonJS, or ESM
  // when the file has import/export syntax).
  if (!paths.has("package.json")) await writeFile(join(dirs.app, "package.json"), '{ "private": true }\n');

  const isPython =
    input.language === "python" || (![...paths].some(isScript) && [...paths].some((p) => p.endsWith(".py")));
  if (!isPython) await compileTypeScript(dirs.app, paths);
  rewriteConfig(dirs.app, paths, input.identity, input.log);

  const entry = isPython ? pythonEntry(paths) : nodeEntry(dirs.app, paths);
  if (!entry) {
    const tried = isPython ? "main.py or bot.py" : "package.json main, index.js, src/index.js, bot.js or main.js";
    throw new MaterialiseError(`No entry file found (looked for ${tried}).`);
  }
  const deployScript = isPython
    ? null
    : (["deploy-commands.js", "src/deploy-commands.js"].find((p) => paths.has(p)) ?? null);
  return { ...dirs, kind: isPython ? "python" : "node", entry, deployScript };
}

function isScript(path: string): boolean {
  return /\.(c|m)?(j|t)s$/.test(path) && !path.endsWith(".d.ts");
}

async function compileTypeScript(appDir: string, paths: Set<string>): Promise<void> {
  const moduleType = packageJson(appDir)?.type === "module";
  for (const path of [...paths]) {
    const match = /^(.*)\.(ts|mts|cts)$/.exec(path);
    if (!match || path.endsWith(".d.ts")) continue;
    const extension = { ts: "js", mts: "mjs", cts: "cjs" }[match[2] as "ts" | "mts" | "cts"];
    const output = `${match[1]}.${extension}`;
    if (paths.has(output)) continue;
    const format = extension === "mjs" || (extension === "js" && moduleType) ? "esm" : "cjs";
    try {
      const result = await transform(readFileSync(join(appDir, path), "utf8"), {
        loader: "ts",
        format,
        target: "node20",
        sourcefile: path,
        sourcemap: "inline",
      });
      await writeFile(join(appDir, output), result.code);
      paths.add(output);
    } catch (error) {
      throw new MaterialiseError(`${path} does not compile: ${(error as Error).message.split("\n")[0]}`);
    }
  }
}

function packageJson(appDir: string): { main?: unknown; type?: unknown; scripts?: Record<string, unknown> } | null {
  const file = join(appDir, "package.json");
  if (!existsSync(file)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(file, "utf8"));
    return parsed && typeof parsed === "object" ? (parsed as ReturnType<typeof packageJson>) : null;
  } catch {
    return null;
  }
}

function asJs(path: string): string {
  return path
    .replace(/^\.\//, "")
    .replace(/\.ts$/, ".js")
    .replace(/\.mts$/, ".mjs")
    .replace(/\.cts$/, ".cjs");
}

function nodeEntry(appDir: string, paths: Set<string>): string | null {
  const pkg = packageJson(appDir);
  const candidates: string[] = [];
  const start = pkg?.scripts?.start;
  if (typeof start === "string") {
    const match = /^\s*(?:node|tsx|ts-node)\s+(?:--?[\w-]+(?:=\S+)?\s+)*([^\s&|;]+)/.exec(start);
    if (match?.[1]) candidates.push(match[1]);
  }
  if (typeof pkg?.main === "string") candidates.push(pkg.main);
  candidates.push("index.js", "src/index.js", "bot.js", "main.js", "index.mjs", "src/index.mjs");
  for (const candidate of candidates) {
    const clean = asJs(candidate);
    for (const option of [clean, `${clean}.js`, `${clean}/index.js`]) if (paths.has(option)) return option;
  }
  return null;
}

function pythonEntry(paths: Set<string>): string | null {
  return ["main.py", "bot.py", "src/main.py", "app.py"].find((p) => paths.has(p)) ?? null;
}

/** discord.js-guide projects keep token/clientId/guildId in config.json: give them this run's. */
function rewriteConfig(appDir: string, paths: Set<string>, identity: RunIdentity, log: (line: string) => void): void {
  if (!paths.has("config.json")) return;
  const file = join(appDir, "config.json");
  let config: unknown;
  try {
    config = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    log("config.json is not valid JSON; left as it is.");
    return;
  }
  if (!config || typeof config !== "object" || Array.isArray(config)) return;
  const next: Record<string, unknown> = { ...(config as Record<string, unknown>), token: identity.token };
  if (identity.clientId) next.clientId = identity.clientId;
  if (identity.guildId) next.guildId = identity.guildId;
  writeFileSync(file, JSON.stringify(next, null, 2));
}
