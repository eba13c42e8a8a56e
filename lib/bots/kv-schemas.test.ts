import { describe, expect, it } from "vitest";

import { formatBytes, keyProblem, kvEntryFormSchema, kvLimits, serializeKvValue } from "./kv-schemas";

describe("formatBytes", () => {
  it("shows sizes the way the quotas are written", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(1023)).toBe("1023 B");
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(kvLimits.maxValueBytes)).toBe("100 KB");
    expect(formatBytes(kvLimits.maxTotalBytes)).toBe("20 MB");
    expect(formatBytes(5.25 * 1024 * 1024)).toBe("5.3 MB");
  });
});

describe("keyProblem", () => {
  it("accepts 1 to 256 characters of printable text", () => {
    expect(keyProblem("a")).toBeNull();
    expect(keyProblem("economy:123:balance")).toBeNull();
    expect(keyProblem("émoji 👋 and spaces")).toBeNull();
    expect(keyProblem("k".repeat(256))).toBeNull();
  });

  it("refuses empty, long, control characters, half surrogates and non-strings", () => {
    expect(keyProblem("")).toMatch(/non-empty strings/);
    expect(keyProblem(undefined)).toMatch(/non-empty strings/);
    expect(keyProblem(12)).toMatch(/non-empty strings/);
    expect(keyProblem("k".repeat(257))).toMatch(/at most 256 characters; this one has 257/);
    for (const bad of ["a\nb", "tab\t", "nul\u0000", "del\u007f", "c1\u0085"]) {
      expect(keyProblem(bad)).toMatch(/control characters/);
    }
    expect(keyProblem("\ud83d")).toMatch(/valid Unicode/);
  });
});

describe("serializeKvValue", () => {
  it("measures the UTF-8 bytes of the compact JSON", () => {
    expect(serializeKvValue({ a: 1 })).toEqual({ ok: true, json: '{"a":1}', bytes: 7 });
    expect(serializeKvValue("é")).toEqual({ ok: true, json: '"é"', bytes: 4 });
    expect(serializeKvValue(null)).toEqual({ ok: true, json: "null", bytes: 4 });
  });

  it("follows JSON for toJSON and undefined properties", () => {
    expect(serializeKvValue({ at: new Date(0), gone: undefined })).toMatchObject({
      ok: true,
      json: '{"at":"1970-01-01T00:00:00.000Z"}',
    });
  });

  it("refuses what JSON.stringify would silently change", () => {
    const refused = [undefined, Number.NaN, [Infinity], { f() {} }, [undefined], 1n, new Map(), new Set()];
    for (const value of refused) expect(serializeKvValue(value).ok).toBe(false);
    const loop: unknown[] = [];
    loop.push(loop);
    expect(serializeKvValue(loop)).toEqual({ ok: false, problem: "Values with circular references cannot be stored." });
  });

  it("refuses values over the size limit, naming both sizes", () => {
    expect(serializeKvValue("x".repeat(100 * 1024))).toEqual({
      tooLarge: true,
      ok: false,
      problem: "Values are limited to 100 KB of JSON; this one is 102,402 bytes.",
    });
    expect(serializeKvValue("x".repeat(200 * 1024))).toMatchObject({ problem: /this one is 200 KB/ });
    expect(serializeKvValue("x".repeat(8), { maxValueBytes: 10 }).ok).toBe(true);
  });
});

describe("kvEntryFormSchema", () => {
  const parse = (input: { key: string; json: string }) => kvEntryFormSchema.safeParse(input);

  it("accepts any JSON text and a valid key", () => {
    for (const json of ['"text"', "42", "true", "null", "[1, 2]", '{"coins": 10}', ' {"padded": true}\n']) {
      expect(parse({ key: "k", json }).success).toBe(true);
    }
  });

  it("explains invalid JSON, bare text and an empty value on the json field", () => {
    const messages = (json: string) =>
      parse({ key: "k", json }).error?.issues.map((issue) => [issue.path, issue.message]);
    expect(messages("{coins: 1}")).toEqual([[["json"], expect.stringMatching(/^Not valid JSON: .*double quotes/)]]);
    expect(messages("hello")).toEqual([[["json"], expect.stringContaining('"hello"')]]);
    expect(messages("  ")).toEqual([[["json"], expect.stringMatching(/^Enter a JSON value/)]]);
    expect(messages(JSON.stringify("x".repeat(100 * 1024)))).toEqual([[["json"], expect.stringMatching(/100 KB/)]]);
  });

  it("asks for a key, and refuses a bad one, on the key field", () => {
    expect(parse({ key: "", json: "1" }).error?.issues).toMatchObject([{ path: ["key"], message: "Enter a key" }]);
    expect(parse({ key: "a\tb", json: "1" }).error?.issues).toMatchObject([{ path: ["key"] }]);
  });
});
