/**
 * A messageMatches pattern (JavaScript's reading, lib/blueprint/references.ts patternProblem) as
 * a Python `re` pattern that matches the same text: Python's \d \w \s \b are Unicode-aware, its
 * `$` also matches before a final newline, its `.` matches \r, and it reads `{,3}` and `\a`
 * differently, so those are spelled out. The result is still only ever a string literal.
 */

const word = "a-zA-Z0-9_";
// JavaScript's \s: WhiteSpace and LineTerminator of ECMAScript.
const space = "\\t\\n\\x0b\\x0c\\r \\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff";

const outside: Record<string, string> = {
  d: "[0-9]",
  D: "[^0-9]",
  w: `[${word}]`,
  W: `[^${word}]`,
  s: `[${space}]`,
  S: `[^${space}]`,
  b: `(?:(?<=[${word}])(?![${word}])|(?<![${word}])(?=[${word}]))`,
  B: `(?:(?<=[${word}])(?=[${word}])|(?<![${word}])(?![${word}]))`,
};

const inside: Record<string, string> = { d: "0-9", w: word, s: space };

/** Escapes that mean the same in both languages. */
const shared = new Set(["n", "r", "t", "f", "v", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]);

export function pythonPattern(pattern: string): string {
  let out = "";
  let inClass = false;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === "\\") {
      const next = pattern[index + 1];
      index++;
      if (next === undefined) {
        out += "\\\\";
      } else if (!inClass && outside[next]) {
        out += outside[next];
      } else if (inClass && inside[next]) {
        out += inside[next];
      } else if (/[a-zA-Z]/.test(next) && !shared.has(next) && !(inClass && /[DWSbB]/.test(next))) {
        // JavaScript reads an unknown letter escape as the letter; Python refuses or differs.
        out += next;
      } else if (inClass && next === "b") {
        out += "\\x08";
      } else {
        out += `\\${next}`;
      }
    } else if (inClass) {
      if (char === "]") inClass = false;
      // Python warns on (and may one day read) [ && ~~ || inside a class.
      out += char === "[" || char === "&" || char === "~" || char === "|" ? `\\${char}` : char;
    } else if (char === "[") {
      inClass = true;
      out += char;
      // "[]" and "[^]" : JavaScript reads "]" right after "[" as the end of an empty class.
      if (pattern[index + 1] === "^") {
        out += "^";
        index++;
      }
      if (pattern[index + 1] === "]") {
        out = out.endsWith("^") ? `${out.slice(0, -2)}[\\s\\S]` : `${out.slice(0, -1)}(?!)`;
        inClass = false;
        index++;
      }
    } else if (char === "$") {
      out += "\\Z";
    } else if (char === ".") {
      out += "[^\\n\\r\\u2028\\u2029]";
    } else if (char === "{" && !/^\{\d+(?:,\d*)?\}/.test(pattern.slice(index))) {
      out += "\\{";
    } else {
      out += char;
    }
  }
  return out;
}
