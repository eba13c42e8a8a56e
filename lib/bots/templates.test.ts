import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { templates as marketingTemplates } from "@/lib/site/templates";

import {
  botTemplates,
  getBotTemplate,
  isTemplateId,
  loadTemplateFiles,
  readTemplateFolder,
  templateIds,
  type TemplateId,
} from "./templates";

describe("the bot template registry", () => {
  it("has the same templates, ids and names as the /templates page", () => {
    expect(botTemplates.map((t) => t.id)).toEqual(marketingTemplates.map((t) => t.slug));
    expect(botTemplates.map((t) => t.name)).toEqual(marketingTemplates.map((t) => t.name));
    expect(botTemplates.map((t) => t.id)).toEqual([...templateIds]);
  });

  it("describes every template as JavaScript", () => {
    for (const template of botTemplates) {
      expect(template.language).toBe("javascript");
      expect(template.description.length).toBeGreaterThan(20);
    }
  });

  it("recognises only known ids", () => {
    expect(isTemplateId("economy-bot")).toBe(true);
    expect(isTemplateId("../../etc")).toBe(false);
    expect(getBotTemplate("music-bot")?.name).toBe("Music Bot");
    expect(getBotTemplate("nope")).toBeUndefined();
  });
});

describe("loadTemplateFiles", () => {
  it.each(templateIds)("loads the %s template: sorted relative paths with its code", async (id) => {
    const files = await loadTemplateFiles(id);
    const paths = files.map((file) => file.path);
    expect(paths).toEqual([...paths].sort());
    for (const required of [
      "README.md",
      "deploy-commands.js",
      "events/interactionCreate.js",
      "events/ready.js",
      "index.js",
      "lib/db.js",
      "package.json",
    ]) {
      expect(paths).toContain(required);
    }
    expect(paths.some((p) => p.startsWith("commands/") && p.endsWith(".js"))).toBe(true);
    expect(paths.every((p) => !p.includes("\\") && !path.isAbsolute(p))).toBe(true);
    expect(files.find((file) => file.path === "index.js")?.content).toContain("process.env.DISCORD_TOKEN");
  });

  it("loads the moderation template's strike ladder", async () => {
    const paths = (await loadTemplateFiles("moderation-bot")).map((file) => file.path);
    expect(paths).toEqual(expect.arrayContaining(["commands/warn.js", "lib/strike-ladder.js"]));
  });

  it("refuses unknown ids instead of reading other folders", async () => {
    await expect(loadTemplateFiles("../../lib" as TemplateId)).rejects.toThrow("Unknown bot template");
  });

  describe("readTemplateFolder", () => {
    let dir = "";
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("skips installed packages, local data and secrets", async () => {
      dir = mkdtempSync(path.join(tmpdir(), "cipher-template-"));
      const write = (file: string, content = "x") => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), content);
      };
      write("index.js", "console.log(1)");
      write("commands/b.js");
      write("commands/a.js");
      write("node_modules/discord.js/index.js");
      write("data/db.json", "{}");
      write(".env", "DISCORD_TOKEN=secret");
      write("package-lock.json", "{}");

      const files = await readTemplateFolder(dir);
      expect(files.map((file) => file.path)).toEqual(["commands/a.js", "commands/b.js", "index.js"]);
      expect(files[2]).toEqual({ path: "index.js", content: "console.log(1)" });
    });
  });
});
