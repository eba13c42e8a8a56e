import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";

import { fuzzParameters } from "@/tests/fuzz/settings";

import { findUnstorable, findUnstorableIn, isTextEncodingError, storable, unstorableMessage } from "./text";

describe("storable text", () => {
  it("accepts ordinary text, emoji pairs, right-to-left and zero-width characters unchanged", () => {
    for (const text of ["hello", "👋🏽 hi", "مرحبا", "a\u200bb", "\u202etxt.exe", "line\nline", ""]) {
      expect(findUnstorable(text)).toBeNull();
      expect(z.string().superRefine(storable()).parse(text)).toBe(text);
    }
  });

  it("names a NUL character and where it is", () => {
    const found = findUnstorable("ab\u0000c")!;
    expect(found).toMatchObject({ kind: "nul", index: 2, codePoint: "U+0000" });
    expect(unstorableMessage(found, "The name")).toBe(
      "The name contains a NUL character (U+0000) (character 3), which cannot be stored. Remove it and try again.",
    );
  });

  it("names an unpaired surrogate, leading or trailing, with its line and column in code", () => {
    expect(findUnstorable("x\ud83d")).toMatchObject({ kind: "surrogate", codePoint: "U+D83D", index: 1 });
    expect(findUnstorable("\ude00x")).toMatchObject({ kind: "surrogate", codePoint: "U+DE00", index: 0 });
    const code = "const a = 1;\nconst b = '\ud800';\n";
    const found = findUnstorable(code)!;
    expect(found).toMatchObject({ line: 2, column: 12 });
    expect(unstorableMessage(found, "index.js", true)).toContain("at line 2, column 12");
  });

  it("refuses through the schema with the field's own name", () => {
    const result = z.string().max(100).superRefine(storable("The bot's name")).safeParse("bot\u0000");
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/^The bot's name contains a NUL character/);
  });

  it("finds the first unstorable string deep in a value, keys included", () => {
    expect(findUnstorableIn({ a: [1, "ok", { b: "x\u0000" }] })?.path).toEqual(["a", 2, "b"]);
    expect(findUnstorableIn({ ["k\ud800"]: 1 })?.path).toEqual(["k\ud800"]);
    expect(findUnstorableIn({ a: "fine", n: 5, t: true, z: null })).toBeNull();
  });

  it("recognises PostgreSQL's encoding refusals through Prisma's wrapping", () => {
    expect(isTextEncodingError({ code: "P2010", meta: { code: "22021" } })).toBe(true);
    expect(
      isTextEncodingError({ message: "x", cause: { message: 'invalid byte sequence for encoding "UTF8": 0x00' } }),
    ).toBe(true);
    expect(isTextEncodingError({ code: "22P05" })).toBe(true);
    expect(isTextEncodingError(new Error("Unique constraint failed"))).toBe(false);
  });

  it("agrees with what UTF-8 can round-trip: accepted text encodes and decodes to itself", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 64 }), (text) => {
        const roundTrips =
          new TextDecoder().decode(new TextEncoder().encode(text)) === text && !text.includes("\u0000");
        expect(findUnstorable(text) === null).toBe(roundTrips);
      }),
      fuzzParameters(300),
    );
  });
});
