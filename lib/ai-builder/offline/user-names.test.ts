import { describe, expect, it } from "vitest";

import { understand } from "./index";
import type { CommandPart } from "./parts";
import { keepUserNames } from "./user-names";

function command(description: string, name: string) {
  const found = understand(description).blueprint.commands.find((item) => item.name === name);
  if (!found) throw new Error(`no /${name} in ${JSON.stringify(understand(description).blueprint.commands)}`);
  return found;
}

describe("the names the user gave win", () => {
  it("keeps a written member option's name, everywhere the command uses it", () => {
    const kick = command("/kick <user> [reason] kicks them", "kick");
    expect(kick.options.map((option) => [option.name, option.type])).toEqual([
      ["user", "user"],
      ["reason", "string"],
    ]);
    const texts = JSON.stringify(kick.actions);
    expect(texts).toContain("{option.user");
    expect(texts).not.toContain("{option.member");
  });

  it("leaves options the user did not name as the feature made them", () => {
    const kick = command("a /kick command that kicks a member, with a reason", "kick");
    expect(kick.options.map((option) => option.name)).toContain("member");
  });

  it("makes a command written /name a slash command, and leaves one written !name a prefix one", () => {
    const part = (name: string): CommandPart => ({
      command: { name, type: "prefix", description: "", options: [], subcommands: [], actions: [], permissions: [] },
      summary: "",
      category: "utility",
      strength: 3,
      clause: null,
    });
    const parts = [part("poll"), part("joke")];
    keepUserNames(parts, "a /poll command, and !joke tells a joke");
    expect(parts.map((item) => item.command.type)).toEqual(["slash", "prefix"]);
  });

  it("takes a die's sides as written in the usage line, with the default said after", () => {
    const roll = command("/roll [sides] rolls a die, 6 sides if not given.", "roll");
    expect(roll.options).toMatchObject([{ name: "sides", type: "integer", required: false, default: "6" }]);
    expect(JSON.stringify(roll.actions)).toContain('"max":"{option.sides}"');
    expect(understand("/roll [sides] rolls a die, 6 sides if not given.").notUnderstood).toEqual([]);
    expect(command("/roll <faces> rolls a die", "roll").options).toMatchObject([{ name: "faces", required: true }]);
  });

  it("says so when a written option is not used, instead of dropping it", () => {
    const { notUnderstood } = understand('A /greet command with an option called person that replies "Hello there!"');
    expect(notUnderstood).toEqual([
      expect.objectContaining({ text: "option called person", reason: expect.stringMatching(/\/greet .*“person”/) }),
    ]);
  });

  it("does not list a usage line's @user or [reason] as not understood when the command has them", () => {
    expect(understand("/ban @user [reason] bans them").notUnderstood).toEqual([]);
  });
});
