/**
 * Blueprint text as JavaScript expressions: a template becomes its literal parts (string
 * literals from `jsString`, the only way text enters code) joined with run-time lookups of its
 * placeholders; an expression becomes arithmetic from its tree; a reference to a member, a
 * channel or a role becomes a lookup by reference or by name.
 */
import { listFunctions, parseExpression, type Expression } from "../expression";
import { parseTemplate, type Placeholder } from "../placeholders";
import { referenceKey } from "./intermediate";
import type { FileScope } from "./javascript-code";
import { jsString } from "./literals";

/** "option.member.mention": the key run.text() reads (names are schema-restricted). */
function placeholderKey(placeholder: Placeholder): string {
  return [placeholder.root, placeholder.name, placeholder.property].filter(Boolean).join(".");
}

/** One placeholder's text at run time. */
function placeholderCode(placeholder: Placeholder, scope: FileScope): string {
  if (placeholder.root === "data") {
    scope.usesData = true;
    return `await run.dataText(data.${placeholder.name})`;
  }
  return `run.text(${jsString(placeholderKey(placeholder))})`;
}

/** A template as a JavaScript expression whose value is the rendered text. */
export function templateCode(text: string, scope: FileScope): string {
  const parsed = parseTemplate(text);
  // The blueprint was checked, so every template parses; a literal keeps the text as written otherwise.
  if (!parsed.ok) return jsString(text);
  if (parsed.parts.length === 0) return '""';
  return parsed.parts
    .map((part) => ("text" in part ? jsString(part.text) : placeholderCode(part.placeholder, scope)))
    .join(" + ");
}

/** A number as a JavaScript literal (numbers of the blueprint are numbers, never text). */
export function numberLiteral(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
  return Object.is(value, -0) ? "0" : String(value);
}

/** An arithmetic expression (lib/blueprint/expression.ts) as JavaScript arithmetic on numbers. */
export function expressionCode(source: string, scope: FileScope): string {
  const parsed = parseExpression(source);
  if (!parsed.ok) return "NaN";
  return arithmetic(parsed.expression, scope);
}

const precedence = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2 } as const;

function arithmetic(expression: Expression, scope: FileScope): string {
  switch (expression.kind) {
    case "number":
      return numberLiteral(expression.value);
    case "placeholder": {
      const { placeholder } = expression;
      if (placeholder.root === "data") {
        scope.usesData = true;
        return `(await run.dataNumber(data.${placeholder.name}))`;
      }
      return `run.number(${jsString(placeholderKey(placeholder))})`;
    }
    case "negate": {
      const operand = arithmetic(expression.operand, scope);
      // "--x" would be JavaScript's decrement; an operation keeps its parentheses.
      const { operand: inner } = expression;
      const bare = inner.kind !== "negate" && (inner.kind !== "binary" || inner.operator === "^");
      return bare ? `-${operand}` : `-(${operand})`;
    }
    case "binary": {
      const { operator, left, right } = expression;
      // `**` refuses a negated left side; Math.pow reads the same either way.
      if (operator === "^") return `Math.pow(${arithmetic(left, scope)}, ${arithmetic(right, scope)})`;
      // Parentheses where JavaScript would otherwise group differently from the tree (left to right).
      const side = (child: Expression, isRight: boolean) => {
        const code = arithmetic(child, scope);
        if (child.kind !== "binary" || child.operator === "^") return code;
        const inner = precedence[child.operator];
        const outer = precedence[operator];
        return inner < outer || (isRight && inner === outer) ? `(${code})` : code;
      };
      return `${side(left, false)} ${operator} ${side(right, true)}`;
    }
    case "call": {
      if (listFunctions.has(expression.name)) {
        // A placeholder spreads into the numbers its text lists ("3 4 5").
        const items = expression.args.map((argument) =>
          argument.kind === "placeholder" && argument.placeholder.root !== "data"
            ? `...run.numbers(${jsString(placeholderKey(argument.placeholder))})`
            : arithmetic(argument, scope),
        );
        const helper = expression.name === "sum" ? "sumOf" : "averageOf";
        scope.runtime.add(helper);
        return `${helper}([${items.join(", ")}])`;
      }
      const [typed] = expression.args;
      if (expression.name === "evaluate" && typed?.kind === "placeholder") {
        // What the member typed, read as arithmetic by the runtime (never run as code).
        scope.runtime.add("evaluateText");
        return `evaluateText(run.text(${jsString(placeholderKey(typed.placeholder))}))`;
      }
      const args = expression.args.map((argument) => arithmetic(argument, scope)).join(", ");
      if (expression.name === "round") {
        scope.runtime.add("roundHalfAway");
        return `roundHalfAway(${args})`;
      }
      return `Math.${expression.name}(${args})`;
    }
  }
}

/** A member (GuildMember, or null when not in the server) named by a reference. */
export function memberCode(text: string): string {
  return `await run.findMember(${jsString(referenceKey(text) ?? "user")})`;
}

/** A role as text to compare with a member's roles (its name, or the option's id). */
export function roleTextCode(text: string): string {
  const key = referenceKey(text);
  if (key) return `run.text(${jsString(key.startsWith("option.") ? `${key}.id` : key)})`;
  return jsString(text.trim());
}
