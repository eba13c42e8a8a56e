/** Where things live: the runner's own files and each bot's folders. */
import { existsSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export const preloadDir = join(here, "preload");
export const preloadFile = join(preloadDir, "cipher-preload.cjs");
export const pythonShimDir = join(here, "python");

/** The modules bots get (discord.js among them): the repository's node_modules, real path. */
export function runtimeNodeModules(): string {
  let directory = here;
  for (;;) {
    const candidate = join(directory, "node_modules");
    if (existsSync(join(candidate, "discord.js"))) return realpathSync(candidate);
    const parent = dirname(directory);
    if (parent === directory) throw new Error("node_modules with discord.js not found above runtime/runner");
    directory = parent;
  }
}

export interface BotDirs {
  root: string;
  app: string;
  scratch: string;
}

export function botDirs(dataDir: string, botId: string): BotDirs {
  if (!/^[A-Za-z0-9_-]+$/.test(botId)) throw new Error(`Unexpected bot id: ${botId}`);
  const root = join(resolve(dataDir), "bots", botId);
  return { root, app: join(root, "app"), scratch: join(root, "scratch") };
}
