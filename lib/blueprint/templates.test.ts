/**
 * The four templates as blueprints: valid, with the hand-written template's commands, compiled
 * into JavaScript and Python that parse, and honest about what the Builder version does not do.
 */
import * as acorn from "acorn";
import { describe, expect, it } from "vitest";

import { botTemplates, loadTemplateFiles, templateIds } from "@/lib/bots/templates";

import { compileBlueprint } from "./compile";
import { parsePython } from "./compile/python-test-support";
import { checkBlueprint } from "./index";
import { blueprintFileName } from "./schema";
import { templateBlueprint, templateBlueprintInputs } from "./templates";

describe.each(templateIds)("the %s template as a blueprint", (id) => {
  it("passes checkBlueprint, named as the template", () => {
    const checked = checkBlueprint(templateBlueprintInputs[id]);
    expect(checked.ok ? [] : checked.problems).toEqual([]);
    expect(templateBlueprint(id).name).toBe(botTemplates.find((template) => template.id === id)!.name);
  });

  it("has exactly the slash commands of the hand-written template", async () => {
    const files = await loadTemplateFiles(id);
    const handWritten = files
      .map((file) => /^commands\/([a-z]+)\.js$/.exec(file.path)?.[1])
      .filter((name): name is string => Boolean(name))
      .sort();
    expect(
      templateBlueprint(id)
        .commands.map((command) => command.name)
        .sort(),
    ).toEqual(handWritten);
  });

  it("says in its description what it is, and what the code template does that it does not", () => {
    const description = templateBlueprint(id).description ?? "";
    expect(description.length).toBeGreaterThan(100);
    expect(description).toMatch(/Unlike the code template|does not/);
  });

  it.each(["javascript", "python"] as const)("compiles to %s that parses, the same bytes twice", (language) => {
    const files = compileBlueprint(templateBlueprint(id), language);
    expect(compileBlueprint(templateBlueprint(id), language)).toEqual(files);
    expect(files.map((file) => file.path)).toContain(blueprintFileName);
    expect(files.map((file) => file.path)).toContain(language === "python" ? "main.py" : "index.js");
    if (language === "javascript") {
      for (const file of files.filter((candidate) => candidate.path.endsWith(".js"))) {
        expect(() => acorn.parse(file.content, { ecmaVersion: 2022, sourceType: "script" }), file.path).not.toThrow();
      }
    } else {
      const sources = files.filter((file) => file.path.endsWith(".py"));
      const parsed = parsePython(sources.map((file) => file.content));
      expect(parsed.map((result, index) => `${sources[index]!.path}: ${result.error ?? "ok"}`)).toEqual(
        sources.map((file) => `${file.path}: ok`),
      );
    }
  });
});

describe("what the template blueprints promise", () => {
  it("the Moderation Bot's ladder: a warning, a 1-hour timeout, a 24-hour ban on a timer, then a permanent ban", () => {
    const moderation = templateBlueprint("moderation-bot");
    expect(moderation.tables).toEqual([
      { name: "ladder", rows: { "1": "a warning", "2": "a 1-hour timeout", "3": "a 24-hour ban" } },
    ]);
    const warn = JSON.stringify(moderation.commands.find((command) => command.name === "warn"));
    expect(warn).toContain('"fallback":"a permanent ban"');
    expect(warn).toContain('"do":"timeout","member":"{option.user}","duration":"1h"');
    expect(warn).toContain('"reason":"Strike 3 by {user.name}: {option.reason}","duration":"24h"');
    expect(warn).toContain('"permission":"BanMembers"');
  });

  it("the Economy Bot's /daily waits 24 hours and its leaderboard ranks the 10 richest", () => {
    const economy = templateBlueprint("economy-bot");
    expect(economy.commands.find((command) => command.name === "daily")?.cooldown).toMatchObject({ seconds: 86_400 });
    expect(JSON.stringify(economy.commands.find((command) => command.name === "leaderboard"))).toContain(
      '"op":"list","limit":10,"order":"highest"',
    );
  });

  it("the Music Bot says plainly, in its description and on /play, that it plays no audio", () => {
    const music = templateBlueprint("music-bot");
    expect(music.description).toContain("It does not play audio");
    expect(JSON.stringify(music.commands.find((command) => command.name === "play"))).toContain(
      "it does not join voice channels or play audio",
    );
  });

  it("Custom Commands answers a message equal to a stored trigger, and /cc needs Manage Server", () => {
    const custom = templateBlueprint("custom-commands");
    expect(custom.commands[0]).toMatchObject({ name: "cc", permissions: ["ManageGuild"] });
    expect(custom.commands[0]!.subcommands.map((sub) => sub.name)).toEqual(["add", "remove", "list"]);
    expect(custom.events).toEqual([
      expect.objectContaining({
        on: "messageMatches",
        actions: [expect.objectContaining({ do: "store", op: "get", key: "{message.content}" }), expect.anything()],
      }),
    ]);
  });
});
