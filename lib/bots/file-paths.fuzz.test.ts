import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fuzzParameters } from "@/tests/fuzz/settings";

import { checkFilePaths, normaliseFilePath } from "./file-paths";

describe("a bot's file paths (fuzz)", () => {
  it("never accept a set that holds two paths of one file or a file inside a file (fuzz)", () => {
    const segment = fc.constantFrom("a", "A", "b", "lib", "LIB", ".", "", "x.js", "X.JS");
    const path = fc.array(segment, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/"));
    fc.assert(
      fc.property(fc.array(path, { maxLength: 8 }), (paths) => {
        const checked = checkFilePaths(paths);
        if (!checked.ok) return;
        const lower = checked.paths.map((p) => p.toLowerCase());
        expect(new Set(lower).size).toBe(lower.length);
        for (const a of lower) for (const b of lower) expect(b.startsWith(`${a}/`)).toBe(false);
      }),
      fuzzParameters(500),
    );
  });

  it("normalising is stable, and what it keeps has no empty, '.' or '..' segment (fuzz)", () => {
    const raw = fc.stringMatching(/^[A-Za-z0-9._\-/\\ ]{0,40}$/);
    fc.assert(
      fc.property(raw, (path) => {
        const check = normaliseFilePath(path);
        if (!check.ok) return;
        expect(normaliseFilePath(check.path)).toEqual(check);
        for (const segment of check.path.split("/")) expect(["", ".", ".."]).not.toContain(segment);
      }),
      fuzzParameters(1000),
    );
  });
});
