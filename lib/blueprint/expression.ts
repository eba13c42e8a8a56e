/**
 * Safe arithmetic for the "calculate" action: numbers, placeholders ({option.a}, {data.coins}),
 * + - * / % ^, parentheses and a few functions. Parsed here into a tree; the compilers write the
 * tree out as code of their language, so an expression can only ever compute a number — there is
 * no name, string or call in it that is not on this list.
 */
import { parseTemplate, type Placeholder } from "./placeholders";

export type Expression =
  | { kind: "number"; value: number }
  | { kind: "placeholder"; placeholder: Placeholder }
  | { kind: "negate"; operand: Expression }
  | { kind: "binary"; operator: BinaryOperator; left: Expression; right: Expression }
  | { kind: "call"; name: FunctionName; args: Expression[] };

export type BinaryOperator = "+" | "-" | "*" | "/" | "%" | "^";

export const functionArity = {
  min: [2, 10],
  max: [2, 10],
  round: [1, 1],
  floor: [1, 1],
  ceil: [1, 1],
  abs: [1, 1],
  sqrt: [1, 1],
  /** Of every number given; a placeholder among them gives each number its text lists ("3 4 5"). */
  sum: [1, 10],
  average: [1, 10],
  /** The arithmetic a member typed: evaluate({option.expression}) with "2+3*4" is 14 (evaluateTyped). */
  evaluate: [1, 1],
} as const satisfies Record<string, readonly [number, number]>;
export type FunctionName = keyof typeof functionArity;

/** The functions a placeholder argument of which spreads into the numbers its text lists. */
export const listFunctions: ReadonlySet<FunctionName> = new Set(["sum", "average"]);

export type ParsedExpression = { ok: true; expression: Expression } | { ok: false; message: string };

const maxDepth = 32;
const precedence: Record<BinaryOperator, number> = { "+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "^": 3 };

type Token =
  | { type: "number"; value: number }
  | { type: "placeholder"; placeholder: Placeholder }
  | { type: "name"; value: string }
  | { type: "op"; value: BinaryOperator }
  | { type: "(" | ")" | "," };

function tokenize(text: string): Token[] | string {
  const tokens: Token[] = [];
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (/\s/.test(char)) {
      index++;
    } else if (/[0-9.]/.test(char)) {
      const match = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(text.slice(index));
      if (!match) return `"${char}" at character ${index + 1} does not start a number.`;
      tokens.push({ type: "number", value: Number(match[0]) });
      index += match[0].length;
    } else if (char === "{") {
      const end = text.indexOf("}", index);
      if (end === -1) return `The "{" at character ${index + 1} has no "}".`;
      const parsed = parseTemplate(text.slice(index, end + 1));
      const part = parsed.ok ? parsed.parts[0] : undefined;
      if (!parsed.ok) return parsed.message;
      if (!part || !("placeholder" in part)) return `"${text.slice(index, end + 1)}" is not a placeholder.`;
      tokens.push({ type: "placeholder", placeholder: part.placeholder });
      index = end + 1;
    } else if (/[a-z]/i.test(char)) {
      const name = /^[a-z]+/i.exec(text.slice(index))![0];
      if (!(name.toLowerCase() in functionArity)) {
        return `"${name}" is not allowed: use numbers, placeholders like {option.a}, + - * / % ^, parentheses and ${Object.keys(functionArity).join(", ")}.`;
      }
      tokens.push({ type: "name", value: name.toLowerCase() });
      index += name.length;
    } else if ("+-*/%^".includes(char)) {
      tokens.push({ type: "op", value: char as BinaryOperator });
      index++;
    } else if (char === "(" || char === ")" || char === ",") {
      tokens.push({ type: char });
      index++;
    } else {
      return `"${char}" at character ${index + 1} is not allowed: use numbers, placeholders, + - * / % ^, parentheses and ${Object.keys(functionArity).join(", ")}.`;
    }
  }
  return tokens;
}

/** The tree of an arithmetic expression, or why it is not one. */
export function parseExpression(text: string): ParsedExpression {
  if (text.length > 500) return { ok: false, message: "Keep the expression to 500 characters." };
  const tokenized = tokenize(text);
  if (typeof tokenized === "string") return { ok: false, message: tokenized };
  const tokens: Token[] = tokenized;
  if (tokens.length === 0) return { ok: false, message: "The expression is empty." };
  let position = 0;

  function fail(message: string): never {
    throw new ExpressionError(message);
  }

  function primary(depth: number): Expression {
    if (depth > maxDepth) fail("The expression nests too deeply.");
    const token = tokens[position++];
    if (!token) fail("The expression ends too early.");
    if (token.type === "number") return { kind: "number", value: token.value };
    if (token.type === "placeholder") return { kind: "placeholder", placeholder: token.placeholder };
    if (token.type === "op" && token.value === "-")
      return { kind: "negate", operand: binary(precedence["^"], depth + 1) };
    if (token.type === "op" && token.value === "+") return binary(precedence["^"], depth + 1);
    if (token.type === "(") {
      const inner = binary(1, depth + 1);
      if (tokens[position++]?.type !== ")") fail('A "(" is missing its ")".');
      return inner;
    }
    if (token.type === "name") {
      if (!(token.value in functionArity)) {
        fail(`"${token.value}" is not a function here: use ${Object.keys(functionArity).join(", ")}.`);
      }
      const name = token.value as FunctionName;
      if (tokens[position++]?.type !== "(") fail(`Write ${name}(…) with parentheses.`);
      const args: Expression[] = [];
      if (tokens[position]?.type !== ")") {
        for (;;) {
          args.push(binary(1, depth + 1));
          if (tokens[position]?.type === ",") position++;
          else break;
        }
      }
      if (tokens[position++]?.type !== ")") fail(`${name}( is missing its ")".`);
      const [least, most] = functionArity[name];
      if (args.length < least || args.length > most) {
        fail(least === most ? `${name} takes ${least} value.` : `${name} takes ${least} to ${most} values.`);
      }
      const [text] = args;
      if (name === "evaluate" && (text?.kind !== "placeholder" || text.placeholder.root === "data"))
        fail("evaluate reads what a member typed: write evaluate({option.expression}).");
      return { kind: "call", name, args };
    }
    fail(`Unexpected "${token.type === "op" ? token.value : token.type}".`);
  }

  /** Precedence climbing: operators of at least `minimum` precedence; ^ binds to the right. */
  function binary(minimum: number, depth: number): Expression {
    let left = primary(depth);
    for (;;) {
      const token = tokens[position];
      if (token?.type !== "op" || precedence[token.value] < minimum) return left;
      position++;
      const right = binary(token.value === "^" ? precedence["^"] : precedence[token.value] + 1, depth + 1);
      left = { kind: "binary", operator: token.value, left, right };
    }
  }

  try {
    const expression = binary(1, 0);
    if (position < tokens.length) return { ok: false, message: "Something follows the end of the expression." };
    return { ok: true, expression };
  } catch (error) {
    if (error instanceof ExpressionError) return { ok: false, message: error.message };
    throw error;
  }
}

class ExpressionError extends Error {}

/** Every placeholder the expression reads. */
export function expressionPlaceholders(expression: Expression): Placeholder[] {
  switch (expression.kind) {
    case "number":
      return [];
    case "placeholder":
      return [expression.placeholder];
    case "negate":
      return expressionPlaceholders(expression.operand);
    case "binary":
      return [...expressionPlaceholders(expression.left), ...expressionPlaceholders(expression.right)];
    case "call":
      return expression.args.flatMap(expressionPlaceholders);
  }
}

/**
 * What a member may type for evaluate(): numbers, + - * / % ^ (also × x ÷ and **), parentheses,
 * spaces and the functions above (not evaluate), at most `limit` characters, a trailing "=" or
 * "?" ignored. The JavaScript and Python runtimes read it by these same rules.
 */
export const typedArithmetic = {
  limit: 200,
  /** Any other character makes the text not arithmetic. */
  allowed: "^[0-9.+\\-*/%^(),a-zA-Z \t\r\n×÷=?]*$",
  /** "2 x 3", "2×3": times; not the x of a word ("max"). */
  times: "(?<![a-zA-Z])[xX×](?![a-zA-Z])",
  trailing: "[ \t\r\n=?]+$",
} as const;

/** evaluate(): the number the typed arithmetic gives ("2+3*4" → 14), or NaN when it is not arithmetic. */
export function evaluateTyped(typed: string): number {
  if (typed.length > typedArithmetic.limit || !new RegExp(typedArithmetic.allowed).test(typed)) return NaN;
  const text = typed
    .replace(/\*\*/g, "^")
    .replace(new RegExp(typedArithmetic.times, "g"), "*")
    .replace(/÷/g, "/")
    .replace(new RegExp(typedArithmetic.trailing), "");
  const parsed = parseExpression(text);
  return parsed.ok ? numberOf(parsed.expression) : NaN;
}

/** A binary operator on two numbers, as every compiled bot computes it (JavaScript's %, ^ as a power). */
export function applyOperator(operator: BinaryOperator, left: number, right: number): number {
  switch (operator) {
    case "+":
      return left + right;
    case "-":
      return left - right;
    case "*":
      return left * right;
    case "/":
      return left / right;
    case "%":
      return left % right;
    case "^":
      return Math.pow(left, right);
  }
}

/**
 * A function of numbers, as every compiled bot computes it: sum and average left to right (the
 * average of no number 0), round halves away from zero. evaluate reads text, not numbers: NaN here.
 */
export function applyFunction(name: FunctionName, values: readonly number[]): number {
  switch (name) {
    case "evaluate":
      return NaN;
    case "sum":
    case "average": {
      let total = 0;
      for (const value of values) total += value;
      return name === "sum" ? total : values.length ? total / values.length : 0;
    }
    case "round":
      return Math.sign(values[0]!) * Math.round(Math.abs(values[0]!));
    case "min":
      return Math.min(...values);
    case "max":
      return Math.max(...values);
    default:
      return Math[name](values[0]!);
  }
}

function numberOf(expression: Expression): number {
  switch (expression.kind) {
    case "number":
      return expression.value;
    case "placeholder":
      return NaN;
    case "negate":
      return -numberOf(expression.operand);
    case "binary":
      return applyOperator(expression.operator, numberOf(expression.left), numberOf(expression.right));
    case "call":
      return applyFunction(expression.name, expression.args.map(numberOf));
  }
}
