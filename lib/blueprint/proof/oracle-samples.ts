/**
 * What the proof's planner (lib/blueprint/proof/derive.ts) reads off a blueprint before it runs
 * anything: sample values for options and forms, a message that a messageMatches pattern
 * matches, which actions moderate whom, how often a counter ladder needs running, what data is
 * written and read back; and short plain words for what a step made happen (check titles).
 */
import { listFunctions, parseExpression, type Expression } from "../expression";
import { placeholdersIn } from "../placeholders";
import { walkAll } from "../references";
import type { Action, Blueprint, BlueprintOption } from "../schema";
import { containsWords } from "./oracle-text";

/** Every action of a list, nested ones included. */
export function everyAction(actions: Action[]): Action[] {
  return actions.flatMap((action) => [
    action,
    ...(action.do === "if"
      ? everyAction([...action.then, ...action.else])
      : action.do === "wait"
        ? everyAction(action.then)
        : []),
  ]);
}

const moderation = new Set(["timeout", "removeTimeout", "kick", "ban"]);

/** The bot times out, kicks or bans whoever triggered it: the proof uses a fresh member for that. */
export function moderatesUser(actions: Action[]): boolean {
  return everyAction(actions).some(
    (action) => moderation.has(action.do) && "member" in action && action.member?.trim() === "{user}",
  );
}

/** Options naming a member the bot times out, kicks or bans. */
export function moderatedOptions(actions: Action[]): Set<string> {
  const names = new Set<string>();
  for (const action of everyAction(actions)) {
    const member = moderation.has(action.do) && "member" in action ? action.member : undefined;
    const match = member ? /^\{option\.([a-z0-9_-]+)\}$/.exec(member.trim()) : null;
    if (match) names.add(match[1]!);
  }
  return names;
}

/** It deletes the channel it runs in: the proof runs it only in a channel the bot made. */
export function deletesHere(actions: Action[]): boolean {
  return everyAction(actions).some(
    (action) => action.do === "deleteChannel" && ["here", "{channel}"].includes(action.channel.trim()),
  );
}

/**
 * How many runs in a row show a counter's ladder: a value the actions store and then compare
 * with small whole numbers (1 → warning, 2 → timeout, 3 → ban) needs one run past the largest.
 */
export function ladderRuns(actions: Action[]): number {
  const all = everyAction(actions);
  const counted = new Set(
    all.flatMap((action) =>
      action.do === "store" && ["increment", "append"].includes(action.op) && action.saveAs ? [action.saveAs] : [],
    ),
  );
  let largest = 0;
  const visit = (condition: Extract<Action, { do: "if" }>["when"]): void => {
    if (condition.test === "compare") {
      const sides = [condition.left.trim(), condition.right.trim()];
      const reads = sides.some((side) => /^\{result\.([a-z0-9_]+)\}$/.test(side) && counted.has(side.slice(8, -1)));
      const constant = sides.map((side) => (/^\d+$/.test(side) ? Number(side) : NaN)).find((n) => n >= 1 && n <= 4);
      if (reads && constant !== undefined) largest = Math.max(largest, constant);
    } else if (condition.test === "all" || condition.test === "any") condition.conditions.forEach(visit);
    else if (condition.test === "not") visit(condition.condition);
  };
  for (const action of all) if (action.do === "if") visit(action.when);
  return largest ? Math.min(4, largest + 1) : 1;
}

/** Data the actions change, and data they read back (a get, a list, {data.x}, a saved new total). */
export function dataUse(actions: Action[]): { writes: Set<string>; reads: Set<string> } {
  const writes = new Set<string>();
  const reads = new Set<string>();
  for (const action of everyAction(actions)) {
    if (action.do !== "store") continue;
    if (action.op === "get" || action.op === "list" || action.saveAs) reads.add(action.data);
    if (!["get", "list"].includes(action.op)) writes.add(action.data);
  }
  for (const match of JSON.stringify(actions).matchAll(/\{data\.([a-z][a-z0-9_]*)\}/g)) reads.add(match[1]!);
  return { writes, reads };
}

/** Whose value a store action on this data names: "{option.member}" → "member"; null for whoever triggered it. */
export function storeMemberOption(actions: Action[], data: string): string | null {
  for (const action of everyAction(actions)) {
    if (action.do !== "store" || action.data !== data || !action.member) continue;
    const match = /^\{option\.([a-z0-9_-]+)\}$/.exec(action.member.trim());
    if (match) return match[1]!;
  }
  return null;
}

/**
 * Options a duration is read from ("{option.minutes}m", "{option.in}"): the proof gives them
 * values that read as a duration long enough to check what happens after it.
 */
export function durationOptions(actions: Action[]): Set<string> {
  const names = new Set<string>();
  for (const action of everyAction(actions)) {
    const duration =
      action.do === "wait" || action.do === "timeout" || action.do === "ban" ? action.duration : undefined;
    if (!duration) continue;
    for (const placeholder of placeholdersIn(duration))
      if (placeholder.root === "option" && placeholder.name) names.add(placeholder.name);
  }
  return names;
}

/**
 * Options read as dice ("{option.dice}") or as a list to pick from ("{option.options}"): the
 * proof gives them values that read so ("2d6", "pizza, tacos, sushi").
 */
export function readAsOptions(actions: Action[]): Map<string, ReadAs> {
  const names = new Map<string, ReadAs>();
  for (const action of everyAction(actions)) {
    if (action.do === "calculate") {
      const parsed = parseExpression(action.expression);
      if (parsed.ok) for (const name of listedOptions(parsed.expression)) names.set(name, "numbers");
      if (parsed.ok) for (const name of typedOptions(parsed.expression)) names.set(name, "arithmetic");
      continue;
    }
    // "{option.choices.numbered}": a text read as a list.
    for (const match of JSON.stringify(action).matchAll(/\{option\.([a-z0-9_-]+)\.(?:count|numbered|lettered)\}/g))
      if (!names.has(match[1]!)) names.set(match[1]!, "list");
    if (action.do !== "random") continue;
    const [text, kind] = action.dice !== undefined ? [action.dice, "dice" as const] : [action.from, "list" as const];
    for (const placeholder of placeholdersIn(text ?? ""))
      if (placeholder.root === "option" && placeholder.name) names.set(placeholder.name, kind);
  }
  return names;
}

/** How an option's text is read: as dice, a list, the numbers it lists, or arithmetic typed. */
export type ReadAs = "dice" | "list" | "numbers" | "arithmetic";

/** Options evaluate() reads as typed arithmetic ("evaluate({option.expression})"). */
function typedOptions(expression: Expression): string[] {
  switch (expression.kind) {
    case "negate":
      return typedOptions(expression.operand);
    case "binary":
      return [...typedOptions(expression.left), ...typedOptions(expression.right)];
    case "call": {
      const [typed] = expression.args;
      if (expression.name === "evaluate" && typed?.kind === "placeholder" && typed.placeholder.root === "option")
        return typed.placeholder.name ? [typed.placeholder.name] : [];
      return expression.args.flatMap(typedOptions);
    }
    default:
      return [];
  }
}

/** Options whose numbers sum() or average() read ("average({option.numbers})"). */
function listedOptions(expression: Expression, inList = false): string[] {
  switch (expression.kind) {
    case "placeholder":
      return inList && expression.placeholder.root === "option" && expression.placeholder.name
        ? [expression.placeholder.name]
        : [];
    case "negate":
      return listedOptions(expression.operand);
    case "binary":
      return [...listedOptions(expression.left), ...listedOptions(expression.right)];
    case "call":
      return expression.args.flatMap((arg) => listedOptions(arg, listFunctions.has(expression.name)));
    default:
      return [];
  }
}

/** Which way an option is filled in: a plain sample, or numbers at their minimum or maximum. */
export type Mode = "sample" | "min" | "max";

const integers = [3, 5, 2, 4, 7];
const decimals = [2.5, 4, 1.5, 3.5, 6];
/** For an option a duration is read from: each more than the proof's few minutes of its own. */
const durationNumbers = [10, 20, 15, 30, 45];
const durationTexts = ["10m", "2 hours", "1h 30m", "45 minutes", "1 day"];
const durationWords = ["10m", "2h", "1h30m", "45m", "1d"];
const diceTexts = ["2d6", "1d20+5", "3d4", "d8", "2d10-1"];
const numberLists = ["3 4 5", "2.5, 7", "10 20 30 40", "1; 2; 3", "8 -2 6"];
const arithmeticTexts = ["2+3*4", "(1.5 + 2) ^ 2", "10 / 4", "7 - 2.5 * 2", "2 x 6"];
const listTexts = ["pizza, tacos, sushi", "tea or coffee", "red, green, blue", "cats, dogs", "yes; no; maybe"];

function clamp(value: number, option: BlueprintOption, whole: boolean): number {
  const low = option.min === undefined ? -Infinity : whole ? Math.ceil(option.min) : option.min;
  const high = option.max === undefined ? Infinity : whole ? Math.floor(option.max) : option.max;
  return Math.min(high, Math.max(low, value));
}

/** Which options a command check fills in: numbers as samples or at a bound, optional ones or not. */
export interface Variant {
  mode: Mode;
  optional: boolean;
}

/** The sample, optional options given, numbers at their minimum, at their maximum: as the options call for. */
export function variantsOf(options: BlueprintOption[]): Variant[] {
  const optional = options.some((option) => !option.required);
  const bounded = (bound: "min" | "max") =>
    options.some((option) => (option.type === "integer" || option.type === "number") && option[bound] !== undefined);
  const list: Variant[] = [{ mode: "sample", optional: false }];
  if (optional && !bounded("min") && !bounded("max")) list.push({ mode: "sample", optional: true });
  if (bounded("min")) list.push({ mode: "min", optional: true });
  if (bounded("max")) list.push({ mode: "max", optional: true });
  return list;
}

/** A value for a text, number or yes/no option (members, channels and roles are the planner's). */
export function sampleValue(
  option: BlueprintOption,
  index: number,
  mode: Mode,
  oneWord = false,
  duration: boolean | ReadAs = false,
): string | number | boolean {
  const choices = option.choices ?? [];
  if (choices.length) {
    const choice = mode === "max" ? choices[choices.length - 1]! : choices[0]!;
    return option.type === "string" ? String(choice.value) : Number(choice.value);
  }
  if (option.type === "boolean") return true;
  if (option.type === "integer" || option.type === "number") {
    const whole = option.type === "integer";
    if (mode === "min" && option.min !== undefined) return whole ? Math.ceil(option.min) : option.min;
    if (mode === "max" && option.max !== undefined) return whole ? Math.floor(option.max) : option.max;
    const value = clamp((duration ? durationNumbers : whole ? integers : decimals)[index % 5]!, option, whole);
    // Between two bounds, a sample on one of them would only repeat the edge check.
    if (option.min !== undefined && option.max !== undefined && (value === option.min || value === option.max)) {
      const middle = (option.min + option.max) / 2;
      return whole ? Math.floor(middle) : middle;
    }
    return value;
  }
  if (duration === "dice") return diceTexts[index % 5]!;
  if (duration === "list") return listTexts[index % 5]!;
  if (duration === "numbers") return numberLists[index % 5]!;
  if (duration === "arithmetic") return arithmeticTexts[index % 5]!;
  if (duration) return (oneWord ? durationWords : durationTexts)[index % 5]!;
  return oneWord ? `sample_${option.name}` : `sample ${option.name.replace(/[_-]/g, " ")}`;
}

/** A member's message the event's words are in, as its match asks. */
export function containing(words: string[], match: "any" | "all" | "whole"): string | null {
  const content =
    match === "whole" ? words[0]!.trim() : `Proof message with ${match === "all" ? words.join(" ") : words[0]}`;
  return content && containsWords(content, words, match) ? content : null;
}

/**
 * A message the pattern matches: a plain sentence if it does, else one built from the pattern
 * (literals, classes, groups, quantifiers; lookarounds are left to the check below). Null when
 * the proof cannot build one it is sure of.
 */
export function matching(pattern: string, ignoreCase: boolean): string | null {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, ignoreCase ? "i" : "");
  } catch {
    return null;
  }
  const fits = (text: string | null) => text !== null && text.trim() !== "" && text.length <= 2000 && regex.test(text);
  for (const candidate of ["Hello from the proof", build(pattern), `x ${build(pattern) ?? ""}`])
    if (fits(candidate)) return candidate;
  return null;
}

const escapes: Record<string, string> = {
  d: "1",
  w: "a",
  s: " ",
  D: "a",
  W: " ",
  S: "a",
  n: "\n",
  t: "\t",
  b: "",
  B: "",
};

function build(pattern: string): string | null {
  let index = 0;
  const atom = (): string | null => {
    const char = pattern[index++]!;
    if (char === "\\") {
      const next = pattern[index++] ?? "";
      return next in escapes ? escapes[next]! : next;
    }
    if (char === ".") return "x";
    if (char === "^" || char === "$") return "";
    if (char === "[") {
      const end = pattern.indexOf("]", index + 1);
      if (end === -1) return null;
      const body = pattern.slice(index, end);
      index = end + 1;
      if (body.startsWith("^"))
        return ["x", "a", "1", " "].find((c) => !new RegExp(`[${body.slice(1)}]`).test(c)) ?? null;
      const first = body.startsWith("\\") ? (escapes[body[1]!] ?? body[1]!) : body[0]!;
      return first || null;
    }
    if (char === "(") {
      let inner = "";
      let lookaround = false;
      if (pattern[index] === "?") {
        lookaround = pattern[index + 1] !== ":";
        index += 2;
      }
      const text = alternation();
      if (pattern[index++] !== ")" || text === null) return null;
      inner = lookaround ? "" : text;
      return inner;
    }
    return "|)*+?{".includes(char) ? null : char;
  };
  const sequence = (): string | null => {
    let text = "";
    while (index < pattern.length && pattern[index] !== "|" && pattern[index] !== ")") {
      const piece = atom();
      if (piece === null) return null;
      let times = 1;
      const quantifier = /^(?:[*+?]|\{(\d+)(?:,(\d*))?\})\??/.exec(pattern.slice(index));
      if (quantifier) {
        index += quantifier[0].length;
        if (quantifier[1] !== undefined) times = Math.max(Number(quantifier[1]), 1);
      }
      text += piece.repeat(Math.min(times, 50));
    }
    return text;
  };
  const alternation = (): string | null => {
    const first = sequence();
    while (pattern[index] === "|") {
      index++;
      sequence();
    }
    return first;
  };
  const text = alternation();
  return index === pattern.length ? text : null;
}

/** A form's field, filled in: "sample topic". */
export function sampleField(field: { id: string; maxLength?: number }): string {
  return `sample ${field.id.replace(/_/g, " ")}`.slice(0, field.maxLength ?? 4000);
}

// ── Buttons, menus and forms by id ─────────────────────────────────────────────────────────────

export function menuValues(blueprint: Blueprint, id: string): string[] {
  let values: string[] = [];
  walkAll(blueprint, (action) => {
    const select = "message" in action && typeof action.message === "object" ? action.message.select : undefined;
    if (select?.id === id) values = select.options.slice(0, Math.max(1, select.min)).map((option) => option.value);
  });
  return values;
}

/** The label of the choice the proof makes in a menu. */
export function menuChoice(blueprint: Blueprint, id: string): string {
  let label = id;
  walkAll(blueprint, (action) => {
    const select = "message" in action && typeof action.message === "object" ? action.message.select : undefined;
    if (select?.id === id && select.options[0]) label = select.options[0].label;
  });
  return label;
}

export function formTitle(blueprint: Blueprint, id: string): string {
  let title = id;
  walkAll(blueprint, (action) => {
    if (action.do === "showModal" && action.modal.id === id) title = action.modal.title;
  });
  return title;
}

export function buttonLabel(blueprint: Blueprint, id: string): string {
  let label = id;
  walkAll(blueprint, (action) => {
    if ("message" in action && typeof action.message === "object")
      for (const button of action.message.buttons) if ("id" in button && button.id === id) label = button.label;
  });
  return label;
}
