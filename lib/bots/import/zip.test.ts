import fc from "fast-check";
import { strToU8, zipSync, type Zippable } from "fflate";
import { describe, expect, it } from "vitest";

import { guideProjectFiles, guideProjectPaths, guideProjectZip } from "./fixtures/guide-project";
import { importLimits, importMessages } from "./limits";
import { readZip } from "./zip";

describe("reading a zipped bot project", () => {
  it("keeps the guide layout's files unmodified, without the top folder, node_modules, .git, .env or binaries", () => {
    const result = readZip(guideProjectZip());
    if (!result.ok) throw new Error(result.error);
    expect(result.rootFolder).toBe("guide-bot");
    expect(result.files.map((file) => file.path)).toEqual(guideProjectPaths);
    for (const file of result.files) expect(file.content).toBe(guideProjectFiles[file.path]);
    expect(result.skipped).toEqual(
      expect.arrayContaining([
        expect.stringContaining(".env: .env files may hold secrets"),
        "assets/logo.png: binary file".replace("assets", "guide-bot/assets"),
        expect.stringContaining("notes.bin.txt: binary file"),
      ]),
    );
  });

  it("keeps paths as they are when there is no single top folder", () => {
    const result = readZip(zipSync({ "index.js": strToU8("a"), "commands/ping.js": strToU8("b") }));
    expect(result).toMatchObject({
      ok: true,
      rootFolder: null,
      files: [{ path: "commands/ping.js" }, { path: "index.js" }],
    });
  });

  it(`refuses more than ${importLimits.zipEntries} entries and zips over 10 MB`, () => {
    const many: Zippable = {};
    for (let index = 0; index <= importLimits.zipEntries; index += 1) many[`f${index}.js`] = strToU8("x");
    expect(readZip(zipSync(many))).toEqual({ ok: false, error: importMessages.zipTooManyEntries });
    expect(readZip(new Uint8Array(importLimits.zipBytes + 1))).toEqual({
      ok: false,
      error: importMessages.zipTooLarge,
    });
  });

  it("refuses files that are not zips, and zips with nothing to import", () => {
    expect(readZip(strToU8("not a zip"))).toEqual({ ok: false, error: importMessages.zipUnreadable });
    expect(readZip(zipSync({ "node_modules/x.js": strToU8("x") }))).toEqual({
      ok: false,
      error: importMessages.zipEmpty,
    });
  });

  it("skips unsafe paths instead of writing outside the bot", () => {
    const result = readZip(
      zipSync({ "../evil.js": strToU8("x"), "ok.js": strToU8("y"), "a/../../b.js": strToU8("z") }),
    );
    expect(result).toMatchObject({ ok: true, files: [{ path: "ok.js" }] });
  });

  it("never throws on arbitrary bytes or damaged zips (fuzz)", () => {
    const valid = guideProjectZip();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => void readZip(bytes)),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(valid.length - 1), fc.integer({ min: 0, max: 255 })), { maxLength: 20 }),
        (edits) => {
          const damaged = valid.slice();
          for (const [at, value] of edits) damaged[at] = value;
          const result = readZip(damaged);
          if (result.ok) for (const file of result.files) expect(file.content.includes("\u0000")).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});
