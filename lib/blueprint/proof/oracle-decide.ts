/**
 * Conditions and calculations as the compiled bots decide them (lib/blueprint/README.md): a
 * compare on rendered texts, isSet, hasPermission, hasRole, all/any/not; arithmetic on numbers.
 * Where the answer depends on something the proof cannot know, the run forks: once for each
 * value of a random pick, or both ways when the values are not few.
 */
import {
  applyFunction,
  applyOperator,
  evaluateTyped,
  listFunctions,
  parseExpression,
  type Expression,
} from "../expression";
import type { Placeholder } from "../placeholders";
import type { Condition } from "../schema";
import { numberListSeparator } from "../vocabulary";
import { fork, memberOf, placeholderText, render, roleOf, type Env, type Exec } from "./oracle-run";
import {
  canonical,
  compareTexts,
  firstUnknown,
  isKnown,
  nonEmpty,
  numText,
  plain,
  readNumber,
  resolve,
  unknownNumber,
  type Text,
} from "./oracle-text";
import { findMember, hasPermission } from "./oracle-world";

// ── Conditions ────────────────────────────────────────────────────────────────────────────────

type Decided = [Exec, boolean][];

/** Both outcomes, when the proof cannot know which. */
function both(exec: Exec, why: string): Decided {
  const yes = fork(exec);
  const no = fork(exec);
  yes.why.push(why);
  no.why.push(why);
  return [
    [yes, true],
    [no, false],
  ];
}

/** Each value an unknown with few values may take, bound in its own copy of the run. */
function eachChoice(exec: Exec, texts: Text[], decide: (exec: Exec) => Decided, why: string): Decided | null {
  for (const text of texts) {
    const unknown = firstUnknown(text);
    if (!unknown?.choices) continue;
    return unknown.choices.flatMap((choice) => {
      const bound = fork(exec);
      bound.bindings[unknown.id] = choice;
      bound.why.push(why);
      return decide(bound);
    });
  }
  return null;
}

function lowered(text: Text): string {
  return canonical({ pieces: text.pieces.map((piece) => ("lit" in piece ? { lit: piece.lit.toLowerCase() } : piece)) });
}

function compare(env: Env, exec: Exec, condition: Extract<Condition, { test: "compare" }>): Decided {
  const left = render(env, exec, condition.left);
  const right = render(env, exec, condition.right);
  const why = `whether ${condition.left} ${condition.op} ${condition.right || '""'}`;
  if (!isKnown(left) || !isKnown(right)) {
    return eachChoice(exec, [left, right], (bound) => compare(env, bound, condition), why) ?? both(exec, why);
  }
  const a = plain(left);
  const b = plain(right);
  if (a !== null && b !== null) return [[exec, compareTexts(a, condition.op, b)]];
  // Ids: equal only to the same id; anything else about them is not known in advance.
  if (condition.op === "==" || condition.op === "!=") {
    const equal = lowered(left) === lowered(right);
    return [[exec, condition.op === "==" ? equal : !equal]];
  }
  return both(exec, why);
}

export function decide(env: Env, exec: Exec, condition: Condition): Decided {
  switch (condition.test) {
    case "compare":
      return compare(env, exec, condition);
    case "isSet": {
      const value = render(env, exec, condition.value);
      const set = nonEmpty(value);
      if (set !== null) return [[exec, set]];
      const why = `whether ${condition.value} is set`;
      return eachChoice(exec, [value], (bound) => decide(env, bound, condition), why) ?? both(exec, why);
    }
    case "hasPermission":
    case "hasRole": {
      const name = memberOf(exec, condition.member);
      const found = findMember(exec.world, name);
      if (found?.uncertain) return both(exec, `whether ${name} has it`);
      if (!found?.present) return [[exec, false]];
      if (condition.test === "hasPermission")
        return [[exec, hasPermission(exec.world, found.name, condition.permission)]];
      const role = roleOf(exec, condition.role);
      const wanted = role && "name" in role ? role.name : condition.role.trim();
      return [[exec, found.roles.some((held) => held.toLowerCase() === wanted.toLowerCase())]];
    }
    case "all":
    case "any": {
      const all = condition.test === "all";
      let outcomes: Decided = [[exec, all]];
      for (const inner of condition.conditions) {
        outcomes = outcomes.flatMap(([current, so]) =>
          so !== all ? [[current, so] as [Exec, boolean]] : decide(env, current, inner),
        );
      }
      return outcomes;
    }
    case "not":
      return decide(env, exec, condition.condition).map(([current, value]) => [current, !value]);
  }
}

// ── Calculations ──────────────────────────────────────────────────────────────────────────────

function placeholderNumber(env: Env, exec: Exec, placeholder: Placeholder): number | null {
  if ((placeholder.root === "option" || placeholder.root === "result") && !placeholder.property) {
    const value = (placeholder.root === "option" ? exec.ctx.options : exec.ctx.results)[placeholder.name!];
    if (value?.t === "text") {
      const text = resolve(value.text, exec.bindings);
      if (text.num !== undefined) return text.num;
    }
  }
  const text = placeholderText(env, exec, placeholder);
  const resolved = resolve(text, exec.bindings);
  if (resolved.num !== undefined) return resolved.num;
  const written = plain(resolved);
  if (written !== null) return readNumber(written) ?? 0;
  // An id reads as a number the proof does not know; an unknown text may or may not be one.
  return null;
}

/** The numbers a placeholder stands for in sum() and average(): its number, or each its text lists; null if unknown. */
function placeholderNumbers(env: Env, exec: Exec, placeholder: Placeholder): number[] | null {
  if (placeholder.root === "data") {
    const value = placeholderNumber(env, exec, placeholder);
    return value === null ? null : [value];
  }
  if ((placeholder.root === "option" || placeholder.root === "result") && !placeholder.property) {
    const value = (placeholder.root === "option" ? exec.ctx.options : exec.ctx.results)[placeholder.name!];
    if (value?.t === "text") {
      const text = resolve(value.text, exec.bindings);
      if (text.num !== undefined) return [text.num];
    }
  }
  const written = plain(resolve(placeholderText(env, exec, placeholder), exec.bindings));
  if (written === null) return null;
  return written
    .split(new RegExp(numberListSeparator))
    .map((piece) => readNumber(piece))
    .filter((value): value is number => value !== null);
}

function evaluate(env: Env, exec: Exec, expression: Expression): number | null {
  const go = (inner: Expression) => evaluate(env, exec, inner);
  switch (expression.kind) {
    case "number":
      return expression.value;
    case "placeholder":
      return placeholderNumber(env, exec, expression.placeholder);
    case "negate": {
      const value = go(expression.operand);
      return value === null ? null : -value;
    }
    case "binary": {
      const left = go(expression.left);
      const right = go(expression.right);
      return left === null || right === null ? null : applyOperator(expression.operator, left, right);
    }
    case "call": {
      if (listFunctions.has(expression.name)) {
        // A placeholder stands for every number its text lists, as the bots read it.
        const values: number[] = [];
        for (const argument of expression.args) {
          const listed = argument.kind === "placeholder" ? placeholderNumbers(env, exec, argument.placeholder) : null;
          const value = listed ?? (argument.kind === "placeholder" ? null : go(argument));
          if (value === null) return null;
          values.push(...(typeof value === "number" ? [value] : value));
        }
        return applyFunction(expression.name, values);
      }
      const [typed] = expression.args;
      if (expression.name === "evaluate") {
        // What the member typed, read as the bots read it; unknown when the proof does not know the text.
        if (typed?.kind !== "placeholder") return NaN;
        const written = plain(resolve(placeholderText(env, exec, typed.placeholder), exec.bindings));
        return written === null ? null : evaluateTyped(written);
      }
      const args = expression.args.map(go);
      return args.some((value) => value === null) ? null : applyFunction(expression.name, args as number[]);
    }
  }
}

/** calculate: the number, or an unknown number when it depends on something unknown. */
export function calculate(env: Env, exec: Exec, source: string): Text {
  const parsed = parseExpression(source);
  if (!parsed.ok) return numText(NaN);
  const value = evaluate(env, exec, parsed.expression);
  return value === null ? unknownNumber(`the result of ${source}`) : numText(value);
}
