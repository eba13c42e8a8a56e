/**
 * For python.test.ts: the example blueprints checked, one Python process that parses many
 * generated files at once, and the blueprint's free-text fields found by trying them.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

import { checkBlueprint, type Blueprint } from "../index";
import type { BlueprintInput } from "../schema";

// Debian's python3 (the runner's, with discord.py) when there is one; its ast is what counts.
export const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

export function checked(input: unknown): Blueprint {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.blueprint;
}

export interface Parsed {
  /** The SyntaxError, or null. */
  error: string | null;
  /** ast.dump of the module with every string constant's value blanked: its structure. */
  shape: string;
}

const program = String.raw`
import ast, json, sys

def shape(source):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            node.value = ""
    return ast.dump(tree)

results = []
for source in json.load(sys.stdin):
    try:
        results.append({"error": None, "shape": shape(source)})
    except SyntaxError as error:
        results.append({"error": f"{error.msg} at line {error.lineno}", "shape": ""})
print(json.dumps(results))
`;

/** Parses every source in one Python process (JSON in on stdin, out on stdout). */
export function parsePython(sources: string[]): Parsed[] {
  const output = execFileSync(python, ["-c", program], {
    input: JSON.stringify(sources),
    encoding: "utf8",
    maxBuffer: 512 * 1024 * 1024,
  });
  return JSON.parse(output) as Parsed[];
}

export type Path = (string | number)[];
/** How hostile text goes into a field and still passes the schema. */
export type TextMode = "template" | "name" | "pattern";

function get(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);
}

export function setAt(value: unknown, path: Path, text: string): void {
  const parent = get(value, path.slice(0, -1)) as Record<string | number, unknown>;
  parent[path[path.length - 1]!] = text;
}

function stringLeaves(value: unknown, path: Path = []): Path[] {
  if (typeof value === "string") return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringLeaves(item, [...path, index]));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => (key === "rows" ? [] : stringLeaves(item, [...path, key])));
  }
  return [];
}

/**
 * Every string of the blueprint that takes any text, with how: templates (braces doubled),
 * channel and role names (no braces at all: those would be placeholders), patterns (escaped).
 * Found by putting a marker in each string alone and asking the schema.
 */
export function textFields(input: BlueprintInput): { path: Path; mode: TextMode }[] {
  const fields: { path: Path; mode: TextMode }[] = [];
  for (const path of stringLeaves(input)) {
    if (path[path.length - 1] === "pattern") {
      fields.push({ path, mode: "pattern" });
      continue;
    }
    for (const [mode, marker] of [
      ["template", "a\"'\\{{x}}\nz"],
      ["name", "a\"'\\ z"],
    ] as const) {
      const copy = structuredClone(input);
      setAt(copy, path, marker);
      if (checkBlueprint(copy).ok) {
        fields.push({ path, mode });
        break;
      }
    }
  }
  return fields;
}

/** `text` made fit for a field of that mode (never empty, never blank, never a placeholder). */
export function fitted(text: string, mode: TextMode): string {
  // No backslash at all in a pattern: patternProblem refuses "\\x" (an escaped backslash, then x).
  if (mode === "pattern") return `a${text.replace(/\\/g, "").replace(/[.*+?^${}()|[\]/-]/g, "\\$&")}z`;
  if (mode === "name") return `a${text.replace(/[{}]/g, "")}z`;
  return `a${text.replace(/[{}]/g, (brace) => brace + brace)}z`;
}
