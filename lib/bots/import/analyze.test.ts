import { readFileSync } from "node:fs";
import path from "node:path";

import fc from "fast-check";
import { strToU8 } from "fflate";
import { describe, expect, it } from "vitest";

import { analyzeImport, detectLanguage } from "./analyze";
import { botLimitError, buildImport } from "./build";
import { guideProjectPaths, guideProjectZip } from "./fixtures/guide-project";
import { importMessages } from "./limits";

const fixture = (name: string) => readFileSync(path.join(__dirname, "fixtures", name));
const file = (fileName: string, data: Uint8Array) => analyzeImport({ kind: "file", fileName, data });

describe("what an upload holds", () => {
  it("a BDFD export (.json or .bd) is read as commands, named after the bot", async () => {
    for (const name of ["helper.json", "helper.bd"]) {
      const result = await file(name, fixture("bdfd-export.json"));
      if (!result.ok || result.analysis.kind !== "bdfd") throw new Error("expected an export");
      expect(result.analysis.suggestedName).toBe("Helper Bot");
      expect(result.analysis.preview.filter((line) => line.status === "converted")).toHaveLength(6);
    }
  });

  it(".json and .bd files must be JSON (the spec's 'Error parsing file')", async () => {
    expect(await file("bot.json", strToU8("{ nope"))).toEqual({
      ok: false,
      reason: "parse",
      error: "Please check your file format and try again",
    });
    expect(await file("package.json", strToU8('{"name":"x"}'))).toMatchObject({
      ok: false,
      error: importMessages.notAnExport,
    });
  });

  it("code files are kept as the bot's source, with the language from the extension", async () => {
    const js = await file("my-bot.js", fixture("discordjs-bot.js"));
    expect(js).toMatchObject({ ok: true, analysis: { kind: "code", language: "javascript", suggestedName: "my-bot" } });
    const py = await file("bot.py", fixture("discordpy-bot.py"));
    expect(py).toMatchObject({
      ok: true,
      analysis: { kind: "code", language: "python", suggestedName: "Migrated bot" },
    });
    if (!py.ok) return;
    expect(buildImport(py.analysis, "Py").files).toEqual([
      { path: "main.py", content: fixture("discordpy-bot.py").toString("utf8") },
    ]);
    expect(await file("bot.ts", strToU8("const a: string = 'x';"))).toMatchObject({
      analysis: { language: "typescript", file: { path: "index.ts" } },
    });
  });

  it("a zip becomes the project's files, named after package.json", async () => {
    const result = await file("upload.zip", guideProjectZip());
    if (!result.ok || result.analysis.kind !== "project") throw new Error("expected a project");
    expect(result.analysis.suggestedName).toBe("guide-bot");
    expect(result.analysis.language).toBe("javascript");
    expect(buildImport(result.analysis, "x").files.map((f) => f.path)).toEqual(guideProjectPaths);
    expect(result.analysis.findings.commands.map((c) => c.name)).toEqual(["ping", "user"]);
  });

  it("refuses other types and files over 2 MB before reading them", async () => {
    expect(await file("bot.exe", strToU8("x"))).toMatchObject({ ok: false, error: importMessages.unsupportedType });
    expect(await file("big.js", new Uint8Array(2 * 1024 * 1024 + 1))).toMatchObject({
      ok: false,
      error: importMessages.fileTooLarge,
    });
  });
});

describe("pasted code", () => {
  it("empty or whitespace is refused with the spec's description", async () => {
    expect(await analyzeImport({ kind: "paste", text: " \n\t" })).toEqual({
      ok: false,
      reason: "invalid",
      error: "Please paste your bot code",
    });
  });

  it("JSON is read as an export, anything else as code", async () => {
    const json = await analyzeImport({ kind: "paste", text: fixture("bdfd-export.json").toString("utf8") });
    expect(json).toMatchObject({ ok: true, analysis: { kind: "bdfd" } });
    const py = await analyzeImport({ kind: "paste", text: fixture("discordpy-bot.py").toString("utf8") });
    expect(py).toMatchObject({ ok: true, analysis: { kind: "code", language: "python", file: { path: "main.py" } } });
  });

  it("detects the language of pasted code", async () => {
    expect(detectLanguage(fixture("discordjs-bot.js").toString("utf8"))).toBe("javascript");
    expect(detectLanguage("import { Client } from 'discord.js';\nconst c: Client = new Client({ intents: [] });")).toBe(
      "typescript",
    );
    expect(detectLanguage("import discord\nclient = discord.Client(intents=discord.Intents.default())")).toBe("python");
  });
});

describe("bot limits in the review", () => {
  it("uses the bot schema's messages", async () => {
    expect(botLimitError(Array.from({ length: 201 }, (_, i) => ({ path: `f${i}.js`, content: "" })))).toBe(
      "A bot can have at most 200 files",
    );
    expect(botLimitError([{ path: "a.js", content: "x".repeat(1024 * 1024 + 1) }])).toBe(
      "A bot's source is limited to 1 MB in all",
    );
    expect(botLimitError([{ path: "a.js", content: "x" }])).toBeNull();
  });
});

describe("analysis on any input (fuzz)", () => {
  it("never throws for arbitrary text, JSON or bytes under any accepted name", async () => {
    const names = fc.constantFrom("a.json", "a.bd", "a.js", "a.ts", "a.txt", "a.py", "a.zip", "a.exe");
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 500 }), async (text) => {
        const result = await analyzeImport({ kind: "paste", text });
        if (result.ok) buildImport(result.analysis, "Fuzz");
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), names, async (json, name) => {
        const text = JSON.stringify(json);
        for (const result of await Promise.all([analyzeImport({ kind: "paste", text }), file(name, strToU8(text))])) {
          if (result.ok) buildImport(result.analysis, "Fuzz");
        }
      }),
      { numRuns: 300 },
    );
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 1000 }), names, async (bytes, name) => {
        const result = await file(name, bytes);
        if (result.ok) buildImport(result.analysis, "Fuzz");
      }),
      { numRuns: 300 },
    );
  });
});
