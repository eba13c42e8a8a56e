/**
 * Small tools the JavaScript compiler writes code with: names for functions (from names the
 * schema restricts, never free text), indentation, and what one generated file imports.
 */
import type { Step } from "./intermediate";

/** "open_ticket" → "OpenTicket", "8ball" → "8ball", "my-cmd" → "MyCmd". Input is a commandName or identifier. */
export function pascalCase(name: string): string {
  return name
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join("");
}

/** "open_ticket" → "openTicket"; a name starting with a digit keeps a prefix so it stays an identifier. */
export function camelCase(name: string, prefixIfDigit = "command"): string {
  const pascal = pascalCase(name) || "Unnamed";
  if (/^[0-9]/.test(pascal)) return prefixIfDigit + pascal;
  return pascal[0]!.toLowerCase() + pascal.slice(1);
}

/** Hands out function names unique within one file ("onMemberJoin", "onMemberJoin2"). */
export class NameRegistry {
  private readonly taken = new Set<string>();

  constructor(reserved: Iterable<string> = []) {
    for (const name of reserved) this.taken.add(name);
  }

  claim(wanted: string): string {
    let name = wanted;
    for (let suffix = 2; this.taken.has(name); suffix++) name = `${wanted}${suffix}`;
    this.taken.add(name);
    return name;
  }
}

/** Indents every line of `lines` (a block of code) by `depth` steps of two spaces; blank lines stay blank. */
export function indent(lines: string[], depth = 1): string[] {
  const pad = "  ".repeat(depth);
  return lines.map((line) => (line ? pad + line : line));
}

/** Indents the continuation lines of a multi-line expression so it can sit inside a block. */
export function indentExpression(code: string, depth = 1): string {
  return code.split("\n").join(`\n${"  ".repeat(depth)}`);
}

/**
 * `callee(a, b)` on one line when it fits; a single object or list argument hugs the
 * parentheses; otherwise one argument a line, as prettier lays calls out.
 */
export function invocation(callee: string, args: string[], width = 100): string {
  const inline = `${callee}(${args.join(", ")})`;
  if (inline.length <= width && !inline.includes("\n")) return inline;
  if (args.length === 1 && /^[[{]/.test(args[0]!)) return `${callee}(${args[0]})`;
  return [`${callee}(`, ...args.map((arg) => `  ${indentExpression(arg)},`), ")"].join("\n");
}

/** A later part of a run: the actions after a `wait`, compiled into their own function. */
export interface Continuation {
  /** The stored timer's name: the blueprint path of the actions, "commands.0.actions.1.then". */
  timer: string;
  functionName: string;
  /** What the comment above it says ("10 minutes after /remindme"). */
  description: string;
  /** Its steps, lowered with the rest (./intermediate.ts). */
  steps: Step[];
}

/** What one generated file needs: its imports, its function names, its continuations. */
export class FileScope {
  readonly discord = new Set<string>();
  readonly runtime = new Set<string>();
  usesData = false;
  usesTables = false;
  readonly names: NameRegistry;
  readonly continuations: Continuation[] = [];

  constructor(
    /** "commands/remindme.js" */
    readonly path: string,
    reserved: Iterable<string> = [],
  ) {
    // Names every generated file may use at the top level, so no function hides them.
    this.names = new NameRegistry([
      "data",
      "tables",
      "settings",
      "module",
      "require",
      "exports",
      "run",
      "context",
      "interaction",
      "message",
      "member",
      "reaction",
      "user",
      "client",
      "prefix",
      ...reserved,
    ]);
  }

  /** The require lines this file starts with, sorted, so output is stable. */
  requires(depthToRoot: string): string[] {
    const groups: string[][] = [];
    if (this.discord.size) groups.push([`const { ${[...this.discord].sort().join(", ")} } = require("discord.js");`]);
    const local: string[] = [];
    if (this.runtime.size)
      local.push(`const { ${[...this.runtime].sort().join(", ")} } = require("${depthToRoot}lib/blueprint-runtime");`);
    if (this.usesData) local.push(`const { data } = require("${depthToRoot}lib/data");`);
    if (this.usesTables) local.push(`const { tables } = require("${depthToRoot}lib/tables");`);
    if (local.length) groups.push(local);
    return groups.flatMap((group, index) => (index ? ["", ...group] : group));
  }
}
