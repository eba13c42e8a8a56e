import { execFileSync } from "node:child_process";
import { runInNewContext } from "node:vm";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { hostileText } from "@/tests/fuzz/arbitraries";
import { fuzzParameters } from "@/tests/fuzz/settings";

import { jsString, pyString } from "./literals";

/** Any text a user could type, hostile or not: quotes, backslashes, newlines, code, bidi controls. */
const anyText = fc.oneof(
  hostileText([
    '"',
    "\\",
    "`",
    "${process.exit(1)}",
    '"); process.exit(1); ("',
    "\u2028",
    "\u202e",
    "\\x00",
    "{{",
    "'''",
  ]),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.string({ unit: "grapheme", maxLength: 60 }),
);
/** Text the schema stores: no NUL or lone surrogates (lib/validation/text.ts). */
const storableText = anyText.filter(
  (text) => !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text),
);

describe("string literals of generated code", () => {
  it("a JavaScript literal evaluates to exactly the text, and is plain ASCII", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const literal = jsString(text);
        expect(literal).toMatch(/^"[\x20-\x7e]*"$/);
        expect(runInNewContext(literal)).toBe(text);
      }),
      fuzzParameters(400),
    );
  });

  it("a Python literal evaluates to exactly the text in Python 3, and is plain ASCII", () => {
    const samples = fc.sample(storableText, fuzzParameters(400));
    const literals = samples.map(pyString);
    for (const literal of literals) expect(literal).toMatch(/^"[\x20-\x7e]*"$/);
    // One Python process reads every literal with ast.literal_eval and prints them back as JSON.
    const program =
      "import ast, json, sys\nprint(json.dumps([ast.literal_eval(line) for line in sys.stdin.read().splitlines()]))";
    const output = execFileSync("python3", ["-c", program], { input: literals.join("\n"), encoding: "utf8" });
    expect(JSON.parse(output)).toEqual(samples);
  });
});
