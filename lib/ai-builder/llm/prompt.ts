/**
 * The model's instructions, from the markdown files in lib/ai-builder/prompts/ (read once, at run
 * time, so they can be read and reviewed as documents) with `{{name}}` slots filled here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import type { BuildLanguage } from "@/lib/ai-builder/types";
import type { Blueprint } from "@/lib/blueprint";
import { exampleBlueprints } from "@/lib/blueprint/examples";

import type { AttemptProblem, BotFile } from "./types";

const cache = new Map<string, string>();

function readProjectFile(relative: string): string {
  let text = cache.get(relative);
  if (text === undefined) {
    text = readFileSync(path.join(process.cwd(), relative), "utf8");
    cache.set(relative, text);
  }
  return text;
}

export function promptFile(name: string): string {
  return readProjectFile(`lib/ai-builder/prompts/${name}.md`);
}

function fill(template: string, values: Record<string, string>): string {
  // One pass, so a value that itself holds "{{…}}" (a user's text) is never filled again.
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

const languageNames: Record<BuildLanguage, string> = {
  javascript: "JavaScript (discord.js 14)",
  python: "Python (discord.py 2)",
};

/** What each blueprint part does at run time: the blueprint README from "Running a command" on. */
function blueprintGuide(): string {
  const readme = readProjectFile("lib/blueprint/README.md");
  const start = readme.indexOf("## Running a command or an event");
  return (start >= 0 ? readme.slice(start) : readme).replace(/^## /gm, "### ");
}

export function systemPrompt(language: BuildLanguage): string {
  return fill(promptFile("build-system"), {
    language: languageNames[language],
    blueprintGuide: blueprintGuide(),
    exampleBlueprint: JSON.stringify(exampleBlueprints.utility, null, 1),
    runtimeContract: promptFile("runtime-contract"),
    simulatorLimits: promptFile("simulator-limits"),
  });
}

/** The current bot, shown to the model for "change it with words"; long files are cut. */
const maxCurrentChars = 60_000;

function currentSection(current: { blueprint?: Blueprint; files?: BotFile[] } | undefined): string {
  if (!current?.blueprint && !current?.files?.length) return "";
  const parts: string[] = ["", "The bot as it is now; change it as the description says and keep the rest:"];
  if (current.blueprint) parts.push("", "```json", JSON.stringify(current.blueprint), "```");
  else if (current.files) {
    let left = maxCurrentChars;
    for (const file of current.files) {
      const content = file.content.length > left ? file.content.slice(0, Math.max(0, left)) + "\n…(cut)" : file.content;
      left -= content.length;
      parts.push("", `--- ${file.path}`, content);
      if (left <= 0) break;
    }
  }
  return parts.join("\n");
}

export function requestPrompt(
  description: string,
  language: BuildLanguage,
  current?: { blueprint?: Blueprint; files?: BotFile[] },
): string {
  return fill(promptFile("request"), {
    language: languageNames[language],
    // The markers cannot be closed from inside the description.
    description: description.replace(/DESCRIPTION>>>/g, "DESCRIPTION>>"),
    current: currentSection(current),
  });
}

const problemTitles: Record<AttemptProblem["kind"], string> = {
  schema: "The answer did not match the required JSON shape",
  unsafe: "The code breaks the runtime contract",
  compile: "The bot did not build or start",
  checks: "Checks failed in the simulated server",
  model: "The answer could not be read",
};

export function repairPrompt(problems: AttemptProblem[]): string {
  const text = problems
    .map((problem) => [`## ${problemTitles[problem.kind]}`, ...problem.messages.map((m) => `- ${m}`)].join("\n"))
    .join("\n\n");
  return fill(promptFile("repair"), { problems: text });
}
