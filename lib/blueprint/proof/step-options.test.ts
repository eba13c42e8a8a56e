import type { APIApplicationCommand } from "discord-api-types/v10";
import { describe, expect, it } from "vitest";

import { fitSlash } from "./step-options";
import type { StepOption } from "./types";

function command(options: unknown[]): APIApplicationCommand {
  return {
    id: "1",
    application_id: "2",
    name: "x",
    description: "x",
    type: 1,
    version: "1",
    default_member_permissions: null,
    options,
  } as unknown as APIApplicationCommand;
}

const user = (name: string, value: string): StepOption => ({ name, type: "user", value });
const int = (name: string, value: number): StepOption => ({ name, type: "integer", value });
const text = (name: string, value: string): StepOption => ({ name, type: "string", value });

describe("a slash step's options fitted to the registered command", () => {
  it("keeps options whose names and types match", () => {
    const fitted = fitSlash(
      command([
        { name: "user", type: 6 },
        { name: "reason", type: 3 },
      ]),
      undefined,
      [user("user", "Sam"), text("reason", "spam")],
    );
    expect(fitted.options.map((o) => [o.name, o.type, o.value])).toEqual([
      ["user", 6, "Sam"],
      ["reason", 3, "spam"],
    ]);
  });

  it("finds an option by a name that means the same, and sends an integer as the number the bot takes", () => {
    const fitted = fitSlash(
      command([
        { name: "member", type: 6 },
        { name: "count", type: 10 },
      ]),
      undefined,
      [user("user", "Sam"), int("amount", 5)],
    );
    expect(fitted.options.map((o) => [o.name, o.type, o.value])).toEqual([
      ["member", 6, "Sam"],
      ["count", 10, 5],
    ]);
  });

  it("takes the one unmatched option of the same kind, but not when two could fit", () => {
    const one = fitSlash(command([{ name: "thing", type: 3 }]), undefined, [text("idea", "memes")]);
    expect(one.options[0]!.name).toBe("thing");
    const two = fitSlash(
      command([
        { name: "first", type: 3 },
        { name: "second", type: 3 },
      ]),
      undefined,
      [text("idea", "memes")],
    );
    expect(two.options[0]!.name).toBe("idea");
  });

  it("gives a choice by its label as its value, and text that reads as a number as a number", () => {
    const fitted = fitSlash(
      command([
        { name: "duration", type: 3, choices: [{ name: "1 hour", value: "1h" }] },
        { name: "sides", type: 4 },
      ]),
      undefined,
      [text("duration", "1 hour"), text("sides", "20")],
    );
    expect(fitted.options.map((o) => o.value)).toEqual(["1h", 20]);
  });

  it("sends a subcommand registered as an option with that choice as that option", () => {
    const fitted = fitSlash(
      command([
        {
          name: "state",
          type: 3,
          choices: [
            { name: "on", value: "on" },
            { name: "off", value: "off" },
          ],
        },
      ]),
      "off",
      [],
    );
    expect(fitted.subcommand).toBeUndefined();
    expect(fitted.options.map((o) => [o.name, o.value])).toEqual([["state", "off"]]);
  });

  it("fits the options of the subcommand", () => {
    const fitted = fitSlash(command([{ name: "add", type: 1, options: [{ name: "member", type: 6 }] }]), "add", [
      user("user", "Sam"),
    ]);
    expect(fitted.subcommand).toBe("add");
    expect(fitted.options[0]!.name).toBe("member");
  });

  it("sends what it cannot match as written", () => {
    const fitted = fitSlash(command([{ name: "role", type: 8 }]), undefined, [user("user", "Sam")]);
    expect(fitted.options.map((o) => [o.name, o.type])).toEqual([["user", 6]]);
  });
});
