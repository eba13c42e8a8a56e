import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { calledFunctions, nodesToText, parseBdScript } from "./bdscript";

describe("the BDScript reader", () => {
  it("reads text, bare functions and nested calls with their arguments", () => {
    expect(parseBdScript("Hi $username! $random[1;$sum[2;3]]")).toEqual([
      { type: "text", value: "Hi " },
      { type: "call", name: "username", args: null },
      { type: "text", value: "! " },
      {
        type: "call",
        name: "random",
        args: [
          [{ type: "text", value: "1" }],
          [{ type: "call", name: "sum", args: [[{ type: "text", value: "2" }], [{ type: "text", value: "3" }]] }],
        ],
      },
    ]);
  });

  it("keeps escaped brackets and a lone $ as text", () => {
    expect(parseBdScript("Cost: $5 \\[not a call\\]")).toEqual([{ type: "text", value: "Cost: $5 [not a call]" }]);
  });

  it("lists every function used, nested ones too, in lower case", () => {
    expect([...calledFunctions(parseBdScript("$title[$userName] $if[$message==a]"))].sort()).toEqual([
      "if",
      "message",
      "title",
      "username",
    ]);
  });

  it("tolerates unterminated calls", () => {
    expect(() => parseBdScript("$title[oops $description[")).not.toThrow();
  });

  it("never throws and stays linear on any string (fuzz)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("$", "[", "]", ";", "\\", "a", "b", " ", "\n"), maxLength: 400 }),
        (source) => {
          const nodes = parseBdScript(source);
          expect(typeof nodesToText(nodes)).toBe("string");
        },
      ),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (source) => void parseBdScript(source)),
      { numRuns: 300 },
    );
  });

  it("reads deeply nested input quickly", () => {
    const deep = "$a[".repeat(20_000) + "x" + "]".repeat(20_000);
    const started = performance.now();
    parseBdScript(deep);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
