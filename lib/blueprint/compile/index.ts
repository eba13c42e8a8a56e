/**
 * One blueprint, one project: discord.js for JavaScript (and TypeScript) bots, discord.py for
 * Python bots. Both behave as lib/blueprint/README.md says.
 */
import type { Blueprint } from "../schema";
import { compileJavaScript } from "./javascript";
import type { CompiledFile, TargetLanguage } from "./literals";
import { compilePython } from "./python";

export type { CompiledFile, TargetLanguage } from "./literals";

/** The language the Builder writes for a bot of this language (TypeScript bots get JavaScript). */
export function targetLanguageOf(botLanguage: string): TargetLanguage {
  return botLanguage === "python" ? "python" : "javascript";
}

/** The project's files, sorted by path; the same blueprint always gives the same bytes. */
export function compileBlueprint(blueprint: Blueprint, language: TargetLanguage): CompiledFile[] {
  return language === "python" ? compilePython(blueprint) : compileJavaScript(blueprint);
}
