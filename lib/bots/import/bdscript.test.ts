import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { calledFunctions, nodesToText, parseBdScript, type BdNode } from "./bdscript";
import { deeplyNestedBdScript } from "./fixtures/pathological-text";

/** How deep calls nest in `nodes` (a call's arguments one level below it). */
function callDepth(nodes: BdNode[]): number {
  let deepest = 0;
  const stack: [BdNode[], number][] = [[nodes, 1]];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [level, depth] = item;
    for (const node of level) {
      if (node.type !== "call") continue;
      deepest = Math.max(deepest, depth);
      for (const arg of node.args ?? []) stack.push([arg, depth + 1]);
    }
  }
  return deepest;
}

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

  it("reads input nested 20,000 deep as at most 25 levels of calls, losing nothing", () => {
    const nodes = parseBdScript(deeplyNestedBdScript);
    // Nesting past the 24th level stays text: the reader never recurses deeper, whatever the input.
    expect(callDepth(nodes)).toBe(25);
    expect(nodesToText(nodes)).toBe(deeplyNestedBdScript);
  });
});
