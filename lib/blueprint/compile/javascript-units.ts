/**
 * Pieces every generated command and event file shares: the named function holding a list of
 * actions (and, after it, the functions its `wait`s continue in), and the file around them.
 */
import type { Action } from "../schema";
import { actionLines, stepLines, type ActionScope } from "./javascript-actions";
import { indent, type FileScope } from "./javascript-code";
import { generatedHeader, jsString } from "./literals";

/** What lib/blueprint-runtime.js exports: no generated function may take one of these names. */
export const runtimeExports = [
  "channelName",
  "compare",
  "containsWords",
  "describeWait",
  "emojiMatches",
  "formatNumber",
  "hasPermission",
  "hasRole",
  "matchPrefixCommand",
  "prefixOptions",
  "readNumber",
  "registerWait",
  "roundHalfAway",
  "sumOf",
  "averageOf",
  "evaluateText",
  "numbersIn",
  "runButton",
  "runMemberEvent",
  "runMessageEvent",
  "runModal",
  "runPrefixCommand",
  "runReactionEvent",
  "runSelect",
  "runSlashCommand",
  "startSchedule",
  "startTimers",
  "Run",
];

/**
 * `async function name(run) { …actions… }` with a comment above, then the continuations its
 * waits (and theirs) registered, each with the registerWait() call that finds it after a restart.
 */
export function bodyFunctions(
  file: FileScope,
  functionName: string,
  comment: string,
  actions: Action[],
  scope: ActionScope,
): string[] {
  const first = file.continuations.length;
  const lines = [
    `// ${comment}`,
    `async function ${functionName}(run) {`,
    ...indent(actionLines(actions, scope)),
    "}",
    "",
  ];
  // Continuations may add continuations (a wait inside a wait): the list grows while it is read.
  for (let index = first; index < file.continuations.length; index++) {
    const later = file.continuations[index]!;
    file.runtime.add("registerWait");
    const laterScope: ActionScope = { ...scope, baseName: later.functionName, path: later.timer };
    lines.push(
      `// ${capitalised(later.description)}: a stored timer runs these actions, even after a restart.`,
      `registerWait(${jsString(later.timer)}, ${later.functionName});`,
      "",
      `async function ${later.functionName}(run) {`,
      ...indent(stepLines(later.steps, laterScope)),
      "}",
      "",
    );
  }
  return lines;
}

function capitalised(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** A whole generated file: the header, its requires, the body; one trailing newline. */
export function fileText(file: FileScope, depthToRoot: string, body: string[]): string {
  const requires = file.requires(depthToRoot);
  const lines = [...requires, ...(requires.length ? [""] : []), ...body];
  while (lines.length && lines[lines.length - 1] === "") lines.pop();
  return `${generatedHeader("//")}${lines.join("\n")}\n`;
}

/**
 * `.method((param) => param.a().b())`, or one call a line when long:
 *   .method((param) =>
 *     param
 *       .a()
 *       .b(),
 *   )
 * Each call may span lines (its own lines already indented relative to it).
 */
export function arrowChain(method: string, param: string, calls: string[]): string[] {
  const inline = `.${method}((${param}) => ${param}${calls.join("")})`;
  if (inline.length <= 100 && !inline.includes("\n")) return [inline];
  const callLines = calls.flatMap((call) => call.split("\n"));
  callLines[callLines.length - 1] += ",";
  return [`.${method}((${param}) =>`, `  ${param}`, ...indent(callLines, 2), ")"];
}
