/**
 * Writes a bot's files to disk for a run: app/ fresh each start (the BotFile rows, TypeScript
 * compiled to JavaScript beside its source, config.json given the run's token and ids),
 * scratch/ kept between runs, and app/node_modules linked to the runtime's modules.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, rm, symlink, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";

import { transform, type TransformFailure } from "esbuild";

import { filePathClash } from "@/lib/bots/file-paths";

import { hostPathNames, pathReplacer } from "./log-sink";
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

/** The bot's files cannot run as they are; the message is for the user (no host path in it). */
export class MaterialiseError extends Error {}

/** Why the file system refused a file, in the user's words, without the host's path. */
function writeFailure(path: string, error: unknown): MaterialiseError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "ENOTDIR" || code === "EEXIST"
      ? "a file is in the way of one of its folders"
      : code === "EISDIR"
        ? "a folder has that name"
        : code === "ENAMETOOLONG"
          ? "its name is too long"
          : code === "ENOSPC" || code === "EDQUOT"
            ? "the bot's disk is full"
            : `the file system refused it (${code ?? "unknown error"})`;
  return new MaterialiseError(`${path} could not be written: ${reason}.`);
}

/**
 * Writes the bot's files to disk for a run. Any error it throws names paths relative to the
 * bot's files (or the neutral names the bot's log uses), never the runner's folders.
 */
export async function materialiseBot(input: Parameters<typeof writeBot>[0]): Promise<Materialised> {
  try {
    return await writeBot(input);
  } catch (error) {
    if (error instanceof MaterialiseError) throw error;
    const dirs = botDirs(input.dataDir, input.botId);
    const neutral = pathReplacer(hostPathNames(input.dataDir, input.botId));
    // A file of the bot by its own path; the bot's folders by the names its log shows (/bot/app).
    const message = neutral((error as Error).message.replaceAll(`${dirs.app}/`, ""));
    throw new Error(message, { cause: error });
  }
}

/** The file's place inside app/, or null when the path would leave it (or is not a file path). */
export function safeJoin(appDir: string, filePath: string): string | null {
  const clean = filePath.replaceAll("\\", "/");
  if (!clean || isAbsolute(clean) || clean.split("/").some((part) => part === ".." || part === "")) return null;
  if (clean.split("/")[0] === "node_modules") return null;
  const target = resolve(appDir, clean);
  const inside = relative(appDir, target);
  return inside && !inside.startsWith("..") && !isAbsolute(inside) ? target : null;
}

async function writeBot(input: {
  dataDir: string;
  botId: string;
  language: string;
  files: BotFileRow[];
  identity: RunIdentity;
  log: (line: string) => void;
}): Promise<Materialised> {
  // Files saved before the path rule (lib/bots/file-paths.ts) may not fit on one disk together.
  const clash = filePathClash(input.files.map((file) => file.path));
  if (clash !== null) throw new MaterialiseError(`${clash} Then start the bot again.`);
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
    try {
      await mkdir(dirname(target), { recursive: true });
      await writeFile(target, file.content);
    } catch (error) {
      throw writeFailure(file.path, error);
    }
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
      // esbuild names the file by `sourcefile` (the bot's own path) and the line of the problem.
      const first = (error as Partial<TransformFailure>).errors?.[0];
      const where = first?.location ? `${path}:${first.location.line}:${first.location.column + 1}: ` : "";
      const detail = first ? `${where}${first.text}` : "it could not be compiled";
      throw new MaterialiseError(`${path} does not compile: ${detail}`);
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
