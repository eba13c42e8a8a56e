/**
 * Texts a member might type for evaluate() (lib/blueprint/expression.ts evaluateTyped), fixed and
 * fuzzed, shared by the JavaScript and Python runtime tests so that both read them as the builder.
 */
import fc from "fast-check";

export const typedArithmeticFixed = [
  "2+3*4",
  "(1.5 + 2) ^ 2",
  "10 ÷ 4",
  "2 x 6",
  "3×3",
  "2**10",
  "-2^2",
  "7 % 3 =",
  "sqrt(16)?",
  "max(2, 7) - min(1, 3)",
  "round(2.5) + floor(-1.5) + ceil(0.2) + abs(-3)",
  "sum(1, 2, 3) / average(2, 4)",
  "1/0",
  "0/0",
  "-7 % 3",
  "2 ^ 3 ^ 2",
  "((((1))))",
  ".5 + 1.",
  "",
  "abc",
  "2 +",
  "evaluate(1)",
  "{option.a}",
  "max(1)",
  "2; rm -rf /",
  "process.exit()",
  "1e3",
  "9".repeat(400),
  "1+".repeat(120) + "1",
  "(".repeat(40) + "1" + ")".repeat(40),
];

export function typedArithmeticFuzzed(seed: number): string[] {
  const pieces = fc.constantFrom(
    "1",
    "2",
    "0",
    "12",
    ".",
    "3.5",
    "+",
    "-",
    "*",
    "/",
    "%",
    "^",
    "**",
    "(",
    ")",
    ",",
    " ",
    "x",
    "×",
    "÷",
    "max",
    "sqrt",
    "round",
    "=",
    "?",
    "a",
  );
  return fc.sample(
    fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join("")),
    { seed, numRuns: 300 },
  );
}
