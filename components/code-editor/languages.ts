/**
 * CodeMirror languages by file name, and syntax diagnostics from the parser's error nodes (for
 * JSON, the JSON parser's own message). Loaded only with the editor.
 */
import { javascript } from "@codemirror/lang-javascript";
import { json, jsonParseLinter } from "@codemirror/lang-json";
import { python } from "@codemirror/lang-python";
import { ensureSyntaxTree } from "@codemirror/language";
import { linter, lintGutter, type Diagnostic } from "@codemirror/lint";
import type { Extension } from "@codemirror/state";
import type { EditorView } from "@codemirror/view";

export type FileLanguage = "javascript" | "typescript" | "jsx" | "tsx" | "python" | "json" | "text";

export function fileLanguage(path: string): FileLanguage {
  const extension = path.toLowerCase().split(".").pop() ?? "";
  if (["js", "cjs", "mjs"].includes(extension)) return "javascript";
  if (["ts", "cts", "mts"].includes(extension)) return "typescript";
  if (extension === "jsx") return "jsx";
  if (extension === "tsx") return "tsx";
  if (["py", "pyw"].includes(extension)) return "python";
  if (extension === "json") return "json";
  return "text";
}

/** Parser error nodes as diagnostics: missing brackets, stray tokens, unterminated strings. */
function syntaxErrors(view: EditorView): Diagnostic[] {
  const { state } = view;
  const tree = ensureSyntaxTree(state, state.doc.length, 500);
  if (!tree) return [];
  const diagnostics: Diagnostic[] = [];
  tree.iterate({
    enter(node) {
      if (!node.type.isError || diagnostics.length >= 100) return;
      const from = Math.min(node.from, state.doc.length);
      const to = Math.min(Math.max(node.to, from + 1), state.doc.length);
      const line = state.doc.lineAt(from);
      const near = state.sliceDoc(from, Math.min(to, from + 20)).trim();
      diagnostics.push({
        from,
        to,
        severity: "error",
        message: near ? `Syntax error near "${near}" (line ${line.number})` : `Syntax error (line ${line.number})`,
      });
    },
  });
  return diagnostics;
}

export function languageExtensions(path: string): Extension[] {
  const language = fileLanguage(path);
  const diagnostics = [lintGutter(), linter(syntaxErrors, { delay: 400 })];
  switch (language) {
    case "javascript":
      return [javascript(), ...diagnostics];
    case "typescript":
      return [javascript({ typescript: true }), ...diagnostics];
    case "jsx":
      return [javascript({ jsx: true }), ...diagnostics];
    case "tsx":
      return [javascript({ jsx: true, typescript: true }), ...diagnostics];
    case "python":
      return [python(), ...diagnostics];
    case "json":
      return [json(), lintGutter(), linter(jsonParseLinter(), { delay: 400 })];
    default:
      return [];
  }
}
