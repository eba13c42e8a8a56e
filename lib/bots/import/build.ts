/**
 * Step 2 → step 3: the files a migrated bot is created with. Raw code and zipped projects are
 * kept exactly as uploaded; a BDFD export becomes a converted discord.js project.
 */
import { filePathClash } from "../file-paths";
import { botLimits, type BotFileInput, type BotLanguage } from "../schemas";
import type { ImportAnalysis } from "./analyze";
import type { CommandReport } from "./bdfd-convert";
import { buildBdfdProject } from "./bdfd-project";

export type ImportPlan = { language: BotLanguage; files: BotFileInput[]; report: CommandReport[] | null };

export function buildImport(analysis: ImportAnalysis, botName: string): ImportPlan {
  if (analysis.kind === "bdfd") {
    const project = buildBdfdProject(analysis.exported, botName);
    return { language: "javascript", files: project.files, report: project.report };
  }
  if (analysis.kind === "code") return { language: analysis.language, files: [analysis.file], report: null };
  return { language: analysis.language, files: analysis.files, report: null };
}

/**
 * The bot limits of lib/bots/schemas.ts (200 files, paths that can all exist on a disk, 1 MB of
 * source in all), with the same messages, for the review step: that schema counts bytes with Node's Buffer, which the browser
 * lacks. The server still validates with the schema itself.
 */
export function botLimitError(files: BotFileInput[]): string | null {
  if (files.length > botLimits.files) return `A bot can have at most ${botLimits.files} files`;
  const clash = filePathClash(files.map((file) => file.path));
  if (clash !== null) return clash;
  const encoder = new TextEncoder();
  const bytes = files.reduce((total, file) => total + encoder.encode(file.content).byteLength, 0);
  if (bytes > botLimits.sourceBytes) return "A bot's source is limited to 1 MB in all";
  return null;
}

export function sourceBytes(files: BotFileInput[]): number {
  const encoder = new TextEncoder();
  return files.reduce((total, file) => total + encoder.encode(file.content).byteLength, 0);
}
