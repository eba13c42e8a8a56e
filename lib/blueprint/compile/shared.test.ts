import { describe, expect, it } from "vitest";

import { checkBlueprint } from "../index";
import type { BlueprintInput } from "../schema";
import { compileBlueprint } from "./index";
import { deferMode } from "./shared";

const blueprint = (input: Omit<BlueprintInput, "version" | "name">) => {
  const parsed = checkBlueprint({ version: 1, name: "Bot", ...input });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.blueprint;
};

/** A command whose first action does not answer, and whose first reply (in a branch) is private. */
const later = blueprint({
  commands: [
    {
      name: "later",
      description: "Later",
      actions: [
        { do: "random", min: 1, max: 2, saveAs: "n" },
        {
          do: "if",
          when: { test: "compare", left: "{result.n}", op: "==", right: "1" },
          then: [{ do: "reply", message: { text: "One." }, ephemeral: true }],
          else: [{ do: "reply", message: { text: "Two." } }],
        },
      ],
    },
  ],
});

describe("the compilers' shared decisions", () => {
  it("the first reply, in a branch too, decides a private deferral", () => {
    expect(deferMode(later.commands[0]!.actions)).toBe("ephemeral");
  });

  it("both compilers defer the same way (one rule, ./shared.ts)", () => {
    const js = compileBlueprint(later, "javascript").find((file) => file.path === "commands/later.js")!.content;
    const py = compileBlueprint(later, "python").find((file) => file.path === "bot/commands.py")!.content;
    expect(js).toContain('defer: "ephemeral"');
    expect(py).toContain("await run.defer(ephemeral=True)");
  });
});
