/**
 * Whether a file parses, checked in the browser before the editor saves, without running anything:
 * JavaScript with acorn (exact, as Node would refuse it), TypeScript and Python with the Lezer
 * grammars CodeMirror highlights with (error-tolerant: an error is a node in the tree, so a few
 * mistakes pass unseen), JSON with JSON.parse.
 */
import { jsxLanguage, tsxLanguage, typescriptLanguage } from "@codemirror/lang-javascript";
import { pythonLanguage } from "@codemirror/lang-python";
import type { LRLanguage } from "@codemirror/language";
import { parse as parseJavaScript } from "acorn";

export interface SyntaxProblem {
  path: string;
  line: number;
}

function languageFor(path: string): LRLanguage | "json" | "javascript" | null {
  if (/\.(c|m)?js$/.test(path)) return "javascript";
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
  if (language === "javascript") {
    // CommonJS (return at the top, a shebang) or an ES module: either one that parses will do.
    const options = {
      ecmaVersion: "latest",
      allowHashBang: true,
      allowReturnOutsideFunction: true,
      allowAwaitOutsideFunction: true,
    } as const;
    // Both fail: the one that got further names the real mistake (an ES module fails as a script at its first import).
    let line = 1;
    for (const sourceType of path.endsWith(".mjs") ? (["module"] as const) : (["script", "module"] as const)) {
      try {
        parseJavaScript(content, { ...options, sourceType });
        return null;
      } catch (error) {
        line = Math.max(line, (error as { loc?: { line: number } }).loc?.line ?? 1);
      }
    }
    return { path, line };
  }
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
