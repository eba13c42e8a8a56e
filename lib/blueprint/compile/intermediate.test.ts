import { describe, expect, it } from "vitest";

import { checkBlueprint } from "../index";
import type { BlueprintInput } from "../schema";
import { compileBlueprint } from "./index";
import { deferMode, lower, referenceKey, type Step } from "./intermediate";

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

  it("both compilers defer the same way (one rule, ./intermediate.ts)", () => {
    const js = compileBlueprint(later, "javascript").find((file) => file.path === "commands/later.js")!.content;
    const py = compileBlueprint(later, "python").find((file) => file.path === "bot/commands.py")!.content;
    expect(js).toContain('defer: "ephemeral"');
    expect(py).toContain("await run.defer(ephemeral=True)");
  });
});

const files = (input: Omit<BlueprintInput, "version" | "name">, path: string, language: "javascript" | "python") =>
  compileBlueprint(blueprint(input), language).find((file) => file.path === path)!.content;

describe("the intermediate form both compilers spell", () => {
  const guarded: Omit<BlueprintInput, "version" | "name"> = {
    commands: [
      {
        name: "guard",
        description: "Guard",
        actions: [
          { do: "reply", message: { text: "First." } },
          { do: "stop" },
          { do: "send", channel: "#log", message: { text: "Never sent." } },
        ],
      },
    ],
  };

  it("nothing after a stop is a step, so neither language writes it", () => {
    const steps = lower(blueprint(guarded).commands[0]!.actions, "commands.0.actions");
    expect(steps.map((step) => step.step)).toEqual(["call", "return"]);
    expect(files(guarded, "commands/guard.js", "javascript")).not.toContain("Never sent.");
    expect(files(guarded, "bot/commands.py", "python")).not.toContain("Never sent.");
  });

  it("an else holding only an if is one more arm of the same branch", () => {
    const when = (right: string) => ({ test: "compare" as const, left: "{option.n}", op: "==" as const, right });
    const reply = (text: string) => ({ do: "reply" as const, message: { text } });
    const ladder = blueprint({
      commands: [
        {
          name: "grade",
          description: "Grade",
          options: [{ name: "n", description: "N", type: "integer" }],
          actions: [
            {
              do: "if",
              when: when("1"),
              then: [reply("One.")],
              else: [{ do: "if", when: when("2"), then: [reply("Two.")], else: [reply("Many.")] }],
            },
          ],
        },
      ],
    });
    const [branch] = lower(ladder.commands[0]!.actions, "commands.0.actions") as [Extract<Step, { step: "branch" }>];
    expect(branch.arms).toHaveLength(2);
    expect(branch.otherwise).toHaveLength(1);
    const js = compileBlueprint(ladder, "javascript").find((file) => file.path === "commands/grade.js")!.content;
    const py = compileBlueprint(ladder, "python").find((file) => file.path === "bot/commands.py")!.content;
    expect(js.match(/} else if \(/g)).toHaveLength(1);
    expect(py.match(/^\s+elif /gm)).toHaveLength(1);
  });

  it("a wait's timer is named by its place in the blueprint, the same in both languages", () => {
    const input: Omit<BlueprintInput, "version" | "name"> = {
      commands: [
        {
          name: "later",
          description: "Later",
          actions: [
            { do: "reply", message: { text: "Soon." } },
            { do: "wait", duration: "2h", then: [{ do: "send", channel: "here", message: { text: "Now." } }] },
          ],
        },
      ],
    };
    const [, wait] = lower(blueprint(input).commands[0]!.actions, "commands.0.actions");
    expect(wait).toMatchObject({ step: "wait", timer: "commands.0.actions.1.then", duration: { seconds: 7200 } });
    expect(files(input, "commands/later.js", "javascript")).toContain('.wait(7200, "commands.0.actions.1.then")');
    expect(files(input, "bot/commands.py", "python")).toContain('run.later(7200, "commands.0.actions.1.then")');
    expect(files(input, "bot/commands.py", "python")).toMatch(/"commands\.0\.actions\.1\.then": later_later/);
  });

  it("whose data and whom to message are the same reference key in both languages (a user, not only a member)", () => {
    expect(referenceKey("{option.target.mention}")).toBe("option.target");
    expect(referenceKey("{user.name}")).toBe("user");
    expect(referenceKey("{result.poll}")).toBe("result.poll");
    expect(referenceKey("#general")).toBeNull();
    const input: Omit<BlueprintInput, "version" | "name"> = {
      commands: [
        {
          name: "pat",
          description: "Pat",
          options: [{ name: "target", description: "Who", type: "user" }],
          actions: [
            { do: "store", data: "pats", op: "increment", member: "{option.target}", saveAs: "n" },
            { do: "dm", member: "{option.target}", message: { text: "Pat number {result.n}." } },
          ],
        },
      ],
      data: [{ name: "pats", kind: "number", scope: "member" }],
    };
    const js = files(input, "commands/pat.js", "javascript");
    const py = files(input, "bot/commands.py", "python");
    expect(js).toContain('{ member: "option.target" }');
    expect(js).toContain('findUser("option.target")');
    expect(py).toContain('member="option.target"');
    expect(py).toContain('user_of("option.target")');
  });
});
