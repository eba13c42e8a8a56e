/**
 * "Change it with words" on a hand-written discord.js bot, with the offline builder: new slash
 * commands are added as files of their own, never by rewriting the user's code.
 *
 * Bots laid out as the discord.js guide lays them out (our templates, and most bots people bring)
 * load every `commands/*.js` that exports `data` and `execute`, hand each one `context` (with the
 * built-in database as `context.db`), and register every such file with `deploy-commands.js`. A
 * command the Builder compiles has exactly that shape, so it is added as `commands/<name>.js` with
 * the Builder's runtime beside it (`lib/blueprint-runtime.js`). None of the user's files change.
 * What needs the user's own files changed (events, buttons, prefix commands, waits that outlive a
 * restart, a command name the bot already has) is refused in words, with nothing changed.
 */
import type { Blueprint } from "@/lib/blueprint";
import { commandLabel } from "@/lib/blueprint/catalog";
import { compileBlueprint } from "@/lib/blueprint/compile";

import { BuildRefusedError } from "./errors";
import type { ChangedFile } from "./types";

type Files = { path: string; content: string }[];

export interface CodeAddition {
  /** Every file of the bot after the change: the user's untouched, the new ones added. */
  files: Files;
  changed: ChangedFile[];
  summary: string;
  message: string;
}

const notTouched = "Nothing was changed.";
const withProvider = "To change hand-written code itself with words, your workspace needs an AI provider.";

/** Whether any action, at any depth, is of kind `kind` (a wait, whose timer needs the Builder's ready.js). */
function usesAction(value: unknown, kind: string): boolean {
  if (Array.isArray(value)) return value.some((item) => usesAction(item, kind));
  if (value && typeof value === "object") {
    if ((value as { do?: unknown }).do === kind) return true;
    return Object.values(value).some((item) => usesAction(item, kind));
  }
  return false;
}

/** Slash command names a hand-written commands/*.js registers (`.setName("x")` or `name: "x"`). */
function registeredNames(files: Files): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    if (!/^commands\/[^/]+\.js$/.test(file.path)) continue;
    names.add(file.path.slice("commands/".length, -".js".length).toLowerCase());
    for (const match of file.content.matchAll(
      /\.setName\(\s*["'`]([\w-]{1,32})["'`]\s*\)|\bname:\s*["'`]([\w-]{1,32})["'`]/g,
    ))
      names.add((match[1] ?? match[2]!).toLowerCase());
  }
  return names;
}

/** Why this bot's layout cannot take a command file, or null when it can. */
function layoutProblem(files: Files): string | null {
  const byPath = new Map(files.map((file) => [file.path, file.content]));
  const index = byPath.get("index.js");
  const deploy = byPath.get("deploy-commands.js");
  const loadsCommands = (text: string | undefined) =>
    !!text && /readdirSync|scripts\(/.test(text) && /["'`]commands["'`]/.test(text);
  if (!index || !loadsCommands(index)) return "its index.js does not load the commands/ folder";
  if (!loadsCommands(deploy)) return "its deploy-commands.js does not register the commands/ folder";
  const passesContext = files.some(
    (file) =>
      /^(index|events\/interactionCreate)\.js$/.test(file.path) &&
      /\.execute\(\s*interaction\s*,\s*context\s*\)/.test(file.content),
  );
  if (!passesContext || !/\bdb:\s*openDb\(/.test(index)) {
    return "its commands are not handed a context with the built-in database (context.db)";
  }
  return null;
}

/** The change as new files beside the user's code; refused in words when it cannot be made that way. */
export function addToCodeBot(bot: { language: string; files: Files }, asked: Blueprint): CodeAddition {
  if (bot.language !== "javascript") {
    throw new BuildRefusedError(
      `This bot's code was written by hand in ${bot.language === "python" ? "Python" : bot.language}. The offline builder adds commands to hand-written discord.js bots laid out as the discord.js guide lays them out. ${withProvider} ${notTouched}`,
    );
  }
  const problem = layoutProblem(bot.files);
  if (problem) {
    throw new BuildRefusedError(
      `This bot's code was written by hand, and ${problem}, so a new command cannot be added as a file of its own. ${withProvider} ${notTouched}`,
    );
  }
  const parts: string[] = [];
  if (asked.events.length) parts.push("events and buttons (they need your interaction and event handlers changed)");
  if (asked.commands.some((command) => command.type !== "slash")) parts.push("prefix commands");
  if (usesAction(asked, "wait")) parts.push("waits that outlive a restart");
  if (parts.length) {
    throw new BuildRefusedError(
      `The offline builder adds slash commands to hand-written code as files of their own; ${parts.join(", ")} would need your own files changed. ${withProvider} ${notTouched}`,
    );
  }
  if (!asked.commands.length) {
    throw new BuildRefusedError(`I could not find a command to add in these words. ${notTouched}`);
  }
  const taken = registeredNames(bot.files);
  const clash = asked.commands.filter((command) => taken.has(command.name.toLowerCase()));
  if (clash.length) {
    throw new BuildRefusedError(
      `Your bot already has ${clash.map((command) => `/${command.name}`).join(", ")} in its own code; the offline builder does not rewrite hand-written commands. Ask for a new name, or change it in the Code tab. ${notTouched}`,
    );
  }

  const compiled = new Map(compileBlueprint(asked, "javascript").map((file) => [file.path, file.content]));
  const now = new Map(bot.files.map((file) => [file.path, file.content]));
  const added = new Map<string, string>();
  const needs = (path: string) => {
    const content = compiled.get(path);
    if (content === undefined) return;
    const existing = now.get(path);
    if (existing === content) return;
    if (existing !== undefined) {
      throw new BuildRefusedError(
        `Your bot already has a ${path} of its own, which the new command needs for the Builder's. ${notTouched}`,
      );
    }
    added.set(path, content);
  };
  for (const command of asked.commands) {
    const path = `commands/${command.name}.js`;
    const content = compiled.get(path);
    if (content === undefined) continue;
    added.set(path, content);
    for (const match of content.matchAll(/require\("\.\.\/(lib\/[\w-]+)"\)/g)) {
      if (match[1] !== "lib/db") needs(`${match[1]}.js`);
    }
  }
  if (!added.size) throw new BuildRefusedError(`I could not find a command to add in these words. ${notTouched}`);

  const files = [...bot.files, ...[...added].map(([path, content]) => ({ path, content }))];
  const changed: ChangedFile[] = [...added]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([path, after]) => ({ path, status: "added", before: "", after }));
  const labels = asked.commands.map((command) => commandLabel(command, asked.prefix));
  const fileList = asked.commands.map((command) => `commands/${command.name}.js`).join(", ");
  return {
    files,
    changed,
    summary: `Adds ${labels.join(", ")} as ${fileList}; your own files are not touched.`,
    message: `Changed with words: added ${labels.join(", ")}`,
  };
}
