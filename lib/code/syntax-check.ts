/**
 * Whether a file parses, checked in the browser before the editor saves: the same Lezer grammars
 * CodeMirror highlights with (error-tolerant, so an error is a node in the tree, found without
 * running anything). JSON is checked with JSON.parse.
 */
import { javascriptLanguage, jsxLanguage, tsxLanguage, typescriptLanguage } from "@codemirror/lang-javascript";
import { pythonLanguage } from "@codemirror/lang-python";
import type { LRLanguage } from "@codemirror/language";

export interface SyntaxProblem {
  path: string;
  line: number;
}

function languageFor(path: string): LRLanguage | "json" | null {
  if (/\.(c|m)?js$/.test(path)) return javascriptLanguage;
  if (/\.jsx$/.test(path)) return jsxLanguage;
  if (/\.(c|m)?ts$/.test(path)) return typescriptLanguage;
  if (/\.tsx$/.test(path)) return tsxLanguage;
  if (/\.py$/.test(path)) return pythonLanguage;
  if (/\.json$/.test(path)) return "json";
  return null;
}

function lineAt(content: string, offset: number): number {
  let line = 1;
  for (let index = 0; index < offset && index < content.length; index += 1) if (content[index] === "\n") line += 1;
  return line;
}

/** The first line that does not parse, or null (also for files of other kinds, and huge ones). */
export function firstSyntaxProblem(path: string, content: string): SyntaxProblem | null {
  const language = languageFor(path);
  if (!language || content.length > 1_000_000) return null;
  if (language === "json") {
    try {
      JSON.parse(content);
      return null;
    } catch (error) {
      const position = /position (\d+)/.exec((error as Error).message)?.[1];
      return { path, line: position ? lineAt(content, Number(position)) : 1 };
    }
  }
  let found: number | null = null;
  language.parser.parse(content).iterate({
    enter(node) {
      if (found !== null) return false;
      if (node.type.isError) {
        found = node.from;
        return false;
      }
      return undefined;
    },
  });
  return found === null ? null : { path, line: lineAt(content, found) };
}

/** A bot token pasted into code (Discord's three parts; the first is the bot's id in base64). */
export const botTokenInText = /[MNO][A-Za-z\d_-]{23,27}\.[A-Za-z\d_-]{6}\.[A-Za-z\d_-]{27,40}/;
