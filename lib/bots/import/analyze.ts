/**
 * Step 1 → step 2 of the migration wizard: what an upload or pasted code holds. Pure (no
 * database, no Node APIs), so the browser runs it for the review and the server runs it again,
 * on the same bytes, before creating the bot.
 */
import { botLimits, type BotLanguage } from "../schemas";
import type { CommandReport } from "./bdfd-convert";
import { parseBdfdExport, type BdfdExport } from "./bdfd-export";
import { buildBdfdProject } from "./bdfd-project";
import type { CodeFindings } from "./code-findings";
import { analyzeDiscordJs } from "./discordjs-analyzer";
import { analyzeDiscordPy } from "./discordpy-analyzer";
import { checkUpload, extensionOf, importLimits, importMessages } from "./limits";
import { readZip, type ReadZipOptions } from "./zip";

export type ImportSource = { kind: "file"; fileName: string; data: Uint8Array } | { kind: "paste"; text: string };

type SourceFile = { path: string; content: string };

export type ImportAnalysis =
  | { kind: "bdfd"; suggestedName: string; exported: BdfdExport; preview: CommandReport[] }
  | { kind: "code"; suggestedName: string; language: BotLanguage; file: SourceFile; findings: CodeFindings }
  | {
      kind: "project";
      suggestedName: string;
      language: BotLanguage;
      files: SourceFile[];
      skipped: string[];
      warnings: string[];
      findings: CodeFindings;
    };

/** `parse`: the spec's "Error parsing file" / "Error processing code"; `invalid`: a limit or other refusal. */
export type AnalyzeResult =
  { ok: true; analysis: ImportAnalysis } | { ok: false; reason: "parse" | "invalid"; error: string };

const defaultName = "Migrated bot";

export function botNameFrom(raw: string | null | undefined): string {
  const name = (raw ?? "").replace(/\s+/g, " ").trim().slice(0, botLimits.name).trim();
  return name || defaultName;
}

function nameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, "").replace(/\.[^.]+$/, "");
  return /^(index|main|bot|app|code|export|commands)$/i.test(base) ? defaultName : botNameFrom(base);
}

/** Python, TypeScript or JavaScript, from a file name or (pasted code, .txt) from the code itself. */
export function detectLanguage(code: string, fileName = ""): BotLanguage {
  const extension = extensionOf(fileName);
  if (extension === ".py") return "python";
  if (extension === ".ts") return "typescript";
  if (extension === ".js") return "javascript";
  const sample = code.slice(0, 200_000);
  const python =
    /^[ \t]*(?:import discord|from discord(?:\.ext)? import|async def \w+\(|@(?:bot|client|tree)\.(?:command|event)|def \w+\([^\n]*\):[ \t]*$)/m;
  const javascript = /\brequire\(\s*['"]|\bconst\s+\w+\s*=|\bmodule\.exports\b|=>/;
  if (python.test(sample) && !javascript.test(sample)) return "python";
  const typescript =
    /^[ \t]*import[ \t][^\n]+[ \t]from[ \t]|:\s*(?:string|number|boolean|Client|Message|ChatInputCommandInteraction|Interaction)\b|\binterface\s+\w+\s*\{|\bas\s+const\b/m;
  if (
    typescript.test(sample) &&
    /:\s*(?:string|number|boolean|[A-Z]\w*Interaction|Client|Message)\b|\binterface\s+\w+|\bas const\b/.test(sample)
  ) {
    return "typescript";
  }
  return "javascript";
}

const entryFile: Record<BotLanguage, string> = { javascript: "index.js", typescript: "index.ts", python: "main.py" };

function findingsFor(language: BotLanguage, files: SourceFile[]): CodeFindings {
  return language === "python"
    ? analyzeDiscordPy(files.filter((file) => file.path.endsWith(".py")))
    : analyzeDiscordJs(files.filter((file) => /\.(c|m)?[jt]s$/.test(file.path) && !file.path.endsWith(".d.ts")));
}

function analyzeCode(code: string, fileName: string, suggestedName: string): AnalyzeResult {
  if (code.includes("\u0000"))
    return { ok: false, reason: "invalid", error: "This looks like a binary file, not code." };
  const language = detectLanguage(code, fileName);
  const file = { path: entryFile[language], content: code };
  return {
    ok: true,
    analysis: { kind: "code", suggestedName, language, file, findings: findingsFor(language, [file]) },
  };
}

function analyzeBdfd(exported: BdfdExport, suggestedName: string): AnalyzeResult {
  const name = exported.name ? botNameFrom(exported.name) : suggestedName;
  return {
    ok: true,
    analysis: { kind: "bdfd", suggestedName: name, exported, preview: buildBdfdProject(exported, name).report },
  };
}

function projectLanguage(files: SourceFile[]): BotLanguage {
  const has = (pattern: RegExp) => files.some((file) => pattern.test(file.path));
  if (has(/\.py$/) && !has(/(^|\/)package\.json$/) && !has(/\.[cm]?js$/)) return "python";
  if (has(/\.ts$/) && !has(/\.d\.ts$/) && !has(/(^|\/)(index|main|bot)\.js$/)) return "typescript";
  return "javascript";
}

function projectName(files: SourceFile[], rootFolder: string | null, fileName: string): string {
  const manifest = files.find((file) => file.path === "package.json");
  if (manifest) {
    try {
      const parsed: unknown = JSON.parse(manifest.content);
      if (typeof parsed === "object" && parsed && typeof (parsed as { name?: unknown }).name === "string") {
        return botNameFrom((parsed as { name: string }).name);
      }
    } catch {
      // An unreadable package.json is stored as it is; the name comes from elsewhere.
    }
  }
  return rootFolder ? botNameFrom(rootFolder) : nameFromFile(fileName);
}

function warningsFor(files: SourceFile[]): string[] {
  const warnings: string[] = [];
  const config = files.find((file) => /(^|\/)config\.json$/.test(file.path));
  if (config && /"token"\s*:\s*"[A-Za-z0-9_-]{17,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}"/.test(config.content)) {
    warnings.push(
      `${config.path} holds a bot token. It is stored with your code as it is; paste the token on the bot's page instead and reset it in the Discord Developer Portal.`,
    );
  }
  return warnings;
}

async function analyzeZip(data: Uint8Array, fileName: string, options: ReadZipOptions): Promise<AnalyzeResult> {
  const zip = await readZip(data, options);
  if (!zip.ok) return { ok: false, reason: "invalid", error: zip.error };
  const language = projectLanguage(zip.files);
  return {
    ok: true,
    analysis: {
      kind: "project",
      suggestedName: projectName(zip.files, zip.rootFolder, fileName),
      language,
      files: zip.files,
      skipped: zip.skipped,
      warnings: warningsFor(zip.files),
      findings: findingsFor(language, zip.files),
    },
  };
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Async because a zip is unpacked in slices (lib/bots/import/zip.ts); everything else is at once. */
export async function analyzeImport(source: ImportSource, options: ReadZipOptions = {}): Promise<AnalyzeResult> {
  if (source.kind === "paste") {
    const text = source.text;
    if (!text.trim()) return { ok: false, reason: "invalid", error: "Please paste your bot code" };
    if (new TextEncoder().encode(text).byteLength > importLimits.fileBytes) {
      return { ok: false, reason: "invalid", error: "Pasted code is limited to 2 MB." };
    }
    const json = /^\s*[[{]/.test(text) ? parseJson(text) : { ok: false as const };
    if (json.ok) {
      const exported = parseBdfdExport(json.value);
      return exported
        ? analyzeBdfd(exported, defaultName)
        : { ok: false, reason: "parse", error: importMessages.notAnExport };
    }
    return analyzeCode(text, "", defaultName);
  }

  const refused = checkUpload(source.fileName, source.data.byteLength);
  if (refused) return { ok: false, reason: "invalid", error: refused };
  if (source.data.byteLength === 0) return { ok: false, reason: "invalid", error: importMessages.emptyFile };
  const extension = extensionOf(source.fileName);
  if (extension === ".zip") return analyzeZip(source.data, source.fileName, options);
  const text = new TextDecoder().decode(source.data);
  if (extension === ".json" || extension === ".bd") {
    const json = parseJson(text);
    if (!json.ok) return { ok: false, reason: "parse", error: "Please check your file format and try again" };
    const exported = parseBdfdExport(json.value);
    if (!exported) return { ok: false, reason: "parse", error: importMessages.notAnExport };
    return analyzeBdfd(exported, nameFromFile(source.fileName));
  }
  return analyzeCode(text, source.fileName, nameFromFile(source.fileName));
}
