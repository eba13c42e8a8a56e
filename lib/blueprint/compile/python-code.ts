/**
 * Blueprint values as Python expressions: templates become placeholder lookups joined with
 * string literals, expressions become arithmetic on floats (through bot/runtime.py where
 * Python's operators differ from the README's), conditions become boolean expressions, and
 * member / channel / role references become lookups. Blueprint text only ever appears here as
 * `pyString` literals.
 */
import type { Expression } from "../expression";
import { listFunctions, parseExpression } from "../expression";
import { parseTemplate, type Placeholder } from "../placeholders";
import type { Condition } from "../schema";
import { referenceKey } from "./intermediate";
import { pyString } from "./literals";
import { floatLiteral } from "./python-names";

/** "option.member.name": the placeholder as the runtime's value() reads it. */
export function placeholderKey(placeholder: Placeholder): string {
  return [placeholder.root, placeholder.name, placeholder.property].filter(Boolean).join(".");
}

/** A template as a Python str expression: "Hi " + run.value("user.mention") + "!". */
export function template(text: string): string {
  const parsed = parseTemplate(text);
  // The blueprint was checked; a template that does not parse is printed as it is.
  if (!parsed.ok) return pyString(text);
  const parts = parsed.parts.map((part) => {
    if ("text" in part) return pyString(part.text);
    const { placeholder } = part;
    if (placeholder.root === "data") return `await run.data(${pyString(placeholder.name!)})`;
    return `run.value(${pyString(placeholderKey(placeholder))})`;
  });
  return parts.length ? parts.join(" + ") : '""';
}

// Expressions: precedence 0 sums, 1 products, 2 negation, 3 atoms (calls, numbers).
interface Code {
  code: string;
  level: number;
}

const runtimeCalls: Record<string, string> = {
  "/": "runtime.divide",
  "%": "runtime.remainder",
  "^": "runtime.power",
  round: "runtime.round_half_away",
  floor: "runtime.floor",
  ceil: "runtime.ceil",
  sqrt: "runtime.sqrt",
  min: "runtime.minimum",
  sum: "runtime.sum_of",
  average: "runtime.average_of",
  max: "runtime.maximum",
  abs: "abs",
};

function at(code: Code, level: number): string {
  return code.level >= level ? code.code : `(${code.code})`;
}

function arithmetic(expression: Expression): Code {
  switch (expression.kind) {
    case "number":
      return { code: floatLiteral(expression.value), level: 3 };
    case "placeholder": {
      const { placeholder } = expression;
      if (placeholder.root === "data")
        return { code: `await run.data_number(${pyString(placeholder.name!)})`, level: 3 };
      return { code: `run.number(${pyString(placeholderKey(placeholder))})`, level: 3 };
    }
    case "negate":
      return { code: `-${at(arithmetic(expression.operand), 3)}`, level: 2 };
    case "binary": {
      const left = arithmetic(expression.left);
      const right = arithmetic(expression.right);
      const { operator } = expression;
      if (operator === "+" || operator === "-") return { code: `${at(left, 0)} ${operator} ${at(right, 1)}`, level: 0 };
      if (operator === "*") return { code: `${at(left, 1)} * ${at(right, 2)}`, level: 1 };
      return { code: `${runtimeCalls[operator]}(${left.code}, ${right.code})`, level: 3 };
    }
    case "call":
      if (listFunctions.has(expression.name)) {
        // A placeholder spreads into the numbers its text lists ("3 4 5").
        const items = expression.args.map((arg) =>
          arg.kind === "placeholder" && arg.placeholder.root !== "data"
            ? `*run.numbers(${pyString(placeholderKey(arg.placeholder))})`
            : arithmetic(arg).code,
        );
        return { code: `${runtimeCalls[expression.name]}([${items.join(", ")}])`, level: 3 };
      }
      if (expression.name === "evaluate") {
        // What the member typed, read as arithmetic by the runtime (never run as code).
        const [typed] = expression.args;
        const key = typed?.kind === "placeholder" ? placeholderKey(typed.placeholder) : "";
        return { code: `runtime.evaluate_text(run.value(${pyString(key)}))`, level: 3 };
      }
      return {
        code: `${runtimeCalls[expression.name]}(${expression.args.map((arg) => arithmetic(arg).code).join(", ")})`,
        level: 3,
      };
  }
}

/** An arithmetic expression (the `calculate` action) as a Python float expression. */
export function calculation(text: string): string {
  const parsed = parseExpression(text);
  return parsed.ok ? arithmetic(parsed.expression).code : 'float("nan")';
}

/** A condition as a Python boolean expression; `level` 0 for or, 1 for and, 2 for the rest. */
function test(condition: Condition): Code {
  switch (condition.test) {
    case "compare":
      return {
        code: `runtime.compare(${template(condition.left)}, ${pyString(condition.op)}, ${template(condition.right)})`,
        level: 3,
      };
    case "isSet": {
      const value = template(condition.value);
      return { code: `${value.includes(" + ") ? `(${value})` : value} != ""`, level: 2 };
    }
    case "hasPermission":
      return {
        code: `await run.has_permission(${pyString(referenceKey(condition.member) ?? "user")}, ${pyString(condition.permission)})`,
        level: 3,
      };
    case "hasRole": {
      const member = pyString(referenceKey(condition.member) ?? "user");
      const role = referenceKey(condition.role);
      const which = role ? `role=${pyString(role)}` : `named=${pyString(condition.role.trim())}`;
      return { code: `await run.has_role(${member}, ${which})`, level: 3 };
    }
    case "all":
    case "any": {
      const level = condition.test === "all" ? 1 : 0;
      const joiner = condition.test === "all" ? " and " : " or ";
      return { code: condition.conditions.map((inner) => at(test(inner), level + 1)).join(joiner), level };
    }
    case "not":
      return { code: `not ${at(test(condition.condition), 2)}`, level: 2 };
  }
}

export function conditionCode(condition: Condition): string {
  return test(condition).code;
}
