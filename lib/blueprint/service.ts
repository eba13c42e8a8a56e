/**
 * A bot's blueprint as the Builder sees it: read from the bot's `cipher.blueprint.json`, compiled
 * into the bot's language, and saved as a new version exactly as the code editor saves (one write
 * lock, versions, diff, restore all unchanged).
 *
 * Hand edits: the compilers are deterministic, so the files the stored blueprint generates are
 * known exactly; a generated file whose content differs (or that is gone) was edited by hand.
 * Saving from the Builder then needs the user's word (`overwriteHandEdits`): the edits stay in
 * History either way. Files the Builder never generated (a note, an extra module) are kept.
 */
import { createBot, getBot, saveBotFiles } from "@/lib/bots/service";
import type { TemplateId } from "@/lib/bots/templates";

import { commandLabel } from "./catalog";
import { compileBlueprint, targetLanguageOf } from "./compile";
import { checkBlueprint, parseBlueprint, type BlueprintProblem } from "./index";
import { blueprintFileName, type Blueprint } from "./schema";
import { templateBlueprint } from "./templates";

export class BlueprintInvalidError extends Error {
  constructor(readonly problems: BlueprintProblem[]) {
    super(
      problems[0]
        ? `${problems[0].message}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ""}`
        : "The blueprint is not valid.",
    );
  }
}

export class BlueprintHandEditedError extends Error {
  constructor(readonly files: string[]) {
    super(
      `${files.slice(0, 3).join(", ")}${files.length > 3 ? ` and ${files.length - 3} more` : ""} ${
        files.length === 1 ? "was" : "were"
      } edited by hand. Generate the code again to replace ${files.length === 1 ? "it" : "them"}, or keep editing in the Code tab.`,
    );
  }
}

export type BuilderState =
  | { kind: "blueprint"; blueprint: Blueprint; handEdited: string[] }
  /** The file exists but does not read as a blueprint (edited by hand in the Code tab). */
  | { kind: "broken"; problems: BlueprintProblem[] }
  /** A code bot: no blueprint file. */
  | { kind: "code" };

type Files = { path: string; content: string }[];

function readBlueprint(files: Files): BuilderState {
  const file = files.find((candidate) => candidate.path === blueprintFileName);
  if (!file) return { kind: "code" };
  const parsed = parseBlueprint(file.content);
  if (!parsed.ok) return { kind: "broken", problems: parsed.problems };
  return { kind: "blueprint", blueprint: parsed.blueprint, handEdited: [] };
}

/** Generated files that differ from what the blueprint generates, sorted. */
function handEditedFiles(blueprint: Blueprint, language: string, files: Files): string[] {
  const current = new Map(files.map((file) => [file.path, file.content]));
  return compileBlueprint(blueprint, targetLanguageOf(language))
    .filter((file) => file.path !== blueprintFileName && current.get(file.path) !== file.content)
    .map((file) => file.path);
}

export async function getBuilderState(userId: string, botId: string): Promise<BuilderState> {
  const bot = await getBot(userId, botId);
  const state = readBlueprint(bot.files);
  if (state.kind !== "blueprint") return state;
  return { ...state, handEdited: handEditedFiles(state.blueprint, bot.language, bot.files) };
}

/** "Builder: added /roll, changed /warn, removed When a member joins" — what a version's message says. */
export function describeChange(before: Blueprint | null, after: Blueprint): string {
  const units = (blueprint: Blueprint | null) =>
    new Map<string, string>([
      ...(blueprint?.commands ?? []).map(
        (command) => [commandLabel(command, blueprint!.prefix), JSON.stringify(command)] as const,
      ),
      ...(blueprint?.events ?? []).map(
        (event, index) => [`event ${index + 1} (${event.on})`, JSON.stringify(event)] as const,
      ),
    ]);
  const old = units(before);
  const next = units(after);
  const added = [...next.keys()].filter((key) => !old.has(key));
  const removed = [...old.keys()].filter((key) => !next.has(key));
  const changed = [...next.keys()].filter((key) => old.has(key) && old.get(key) !== next.get(key));
  const parts = [
    added.length && `added ${added.join(", ")}`,
    changed.length && `changed ${changed.join(", ")}`,
    removed.length && `removed ${removed.join(", ")}`,
  ].filter(Boolean);
  const text = parts.length ? parts.join("; ") : "settings";
  return `Builder: ${text.length > 180 ? `${text.slice(0, 179)}…` : text}`;
}

/**
 * Checks the blueprint, compiles it into the bot's language and saves the files as a new version.
 * `baseVersion` guards against overwriting a newer save (BotVersionConflictError).
 */
export async function saveBlueprint(
  userId: string,
  botId: string,
  input: { blueprint: unknown; baseVersion?: number; overwriteHandEdits?: boolean },
) {
  const checked = checkBlueprint(input.blueprint);
  if (!checked.ok) throw new BlueprintInvalidError(checked.problems);
  const bot = await getBot(userId, botId);
  const previous = readBlueprint(bot.files);
  const before = previous.kind === "blueprint" ? previous.blueprint : null;
  const target = targetLanguageOf(bot.language);

  // What the Builder generated last time is replaced; anything else the user added stays.
  const generatedBefore = new Set(before ? compileBlueprint(before, target).map((file) => file.path) : []);
  if (before && !input.overwriteHandEdits) {
    const edited = handEditedFiles(before, bot.language, bot.files);
    if (edited.length) throw new BlueprintHandEditedError(edited);
  }
  const compiled = compileBlueprint(checked.blueprint, target);
  const produced = new Set(compiled.map((file) => file.path));
  const kept = bot.files.filter((file) => !generatedBefore.has(file.path) && !produced.has(file.path));
  return saveBotFiles(userId, botId, {
    files: [...kept, ...compiled],
    message: describeChange(before, checked.blueprint),
    baseVersion: input.baseVersion,
  });
}

/** The blueprint a bot made in the Builder starts from: one /ping command. */
export function starterBlueprint(name: string, description?: string): Blueprint {
  const checked = checkBlueprint({
    version: 1,
    name,
    description: description || undefined,
    commands: [
      {
        name: "ping",
        description: "Check that the bot answers",
        actions: [{ do: "reply", message: { text: "Pong!" } }],
      },
    ],
  });
  if (!checked.ok) throw new BlueprintInvalidError(checked.problems);
  return checked.blueprint;
}

/** A new bot made in the Builder: its blueprint and the code compiled from it, as version 1. */
export async function createBuilderBot(
  userId: string,
  details: { name: string; description?: string; language: "javascript" | "python" },
) {
  const blueprint = starterBlueprint(details.name, details.description);
  return createBot(userId, { ...details, files: compileBlueprint(blueprint, details.language) });
}

/**
 * Create New Bot → a template's "Open in Builder": the template as a blueprint, compiled into the
 * chosen language, as version 1 (named and described as the template's blueprint says).
 */
export async function createTemplateBuilderBot(
  userId: string,
  details: { templateId: TemplateId; language: "javascript" | "python" },
) {
  const blueprint = templateBlueprint(details.templateId);
  return createBot(userId, {
    name: blueprint.name,
    description: blueprint.description,
    language: details.language,
    templateId: details.templateId,
    files: compileBlueprint(blueprint, details.language),
  });
}
