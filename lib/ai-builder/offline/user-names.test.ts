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
});
