import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * The starter bots users can begin from: the runnable code in runtime/templates/<id>.
 * Ids are the slugs of the marketing data in lib/site/templates.ts (a test keeps them in step);
 * that file is not imported here so server code does not pull in its icon components.
 */
import { isTemplateId, type TemplateId } from "./template-ids";

export { isTemplateId, templateIds, type TemplateId } from "./template-ids";

export interface BotTemplateInfo {
  id: TemplateId;
  name: string;
  description: string;
  language: "javascript";
  /** What a user could expect from the name that it does not do, said on the bot's page. */
  limitation?: string;
}

export interface TemplateFile {
  /** Relative to the template folder, with forward slashes, e.g. "commands/warn.js". */
  path: string;
  content: string;
}

export const botTemplates: readonly BotTemplateInfo[] = [
  {
    id: "moderation-bot",
    name: "Moderation Bot",
    description:
      "/warn with an automatic strike ladder (warning, 1-hour timeout, 24-hour ban, permanent ban), /strikes, /clearstrikes and /purge.",
    language: "javascript",
  },
  {
    id: "music-bot",
    name: "Music Bot",
    description:
      "A song queue for each server: /play, /queue, /skip and /stop keep the list. It does not play audio: playback needs @discordjs/voice and an audio source, which are not included.",
    language: "javascript",
    limitation: "Queue only: no audio playback yet",
  },
  {
    id: "economy-bot",
    name: "Economy Bot",
    description: "Per-server coins in the built-in database: /balance, /daily (every 24 hours), /pay and /leaderboard.",
    language: "javascript",
  },
  {
    id: "custom-commands",
    name: "Custom Commands",
    description: "/cc add, /cc remove and /cc list: the bot answers messages that equal a stored trigger.",
    language: "javascript",
  },
];

export function getBotTemplate(id: string): BotTemplateInfo | undefined {
  return botTemplates.find((template) => template.id === id);
}

/**
 * The template's folder. Resolved from the working directory, not import.meta, because Next.js
 * bundles server code into .next/ while the templates stay in the repository (the app and vitest
 * both run from the repository root).
 */
export function templateDirectory(id: TemplateId): string {
  return path.join(process.cwd(), "runtime", "templates", id);
}

// Installed packages, local data (lib/db.js writes data/db.json) and secrets are not template code.
const SKIPPED_DIRECTORIES = new Set(["node_modules", "data", ".git"]);
const SKIPPED_FILES = new Set(["package-lock.json", ".env", ".DS_Store"]);

async function collectFiles(root: string, relative: string, out: TemplateFile[]): Promise<void> {
  const entries = await readdir(path.join(root, relative), { withFileTypes: true });
  for (const entry of entries) {
    const entryPath = relative ? `${relative}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRECTORIES.has(entry.name)) await collectFiles(root, entryPath, out);
    } else if (entry.isFile() && !SKIPPED_FILES.has(entry.name) && !entry.name.endsWith(".tmp")) {
      // Symbolic links are neither files nor directories here, so nothing outside the folder is read.
      out.push({ path: entryPath, content: await readFile(path.join(root, entryPath), "utf8") });
    }
  }
}

/** The files of a template folder, sorted by path, without installed packages or local data. */
export async function readTemplateFolder(directory: string): Promise<TemplateFile[]> {
  const files: TemplateFile[] = [];
  await collectFiles(directory, "", files);
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** Every file of a template, sorted by path, ready to copy into a new bot. */
export async function loadTemplateFiles(id: TemplateId): Promise<TemplateFile[]> {
  // The id picks the folder, so only known ids reach the file system (no "../" paths).
  if (!isTemplateId(id)) throw new Error(`Unknown bot template: ${String(id)}`);
  return readTemplateFolder(templateDirectory(id));
}
