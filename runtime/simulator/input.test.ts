import { describe, expect, it } from "vitest";

import { decodeUtf8, findUnstorableText, InputError, parseJsonText, prepareJson } from "./input";
import { storableCopy } from "./storable";

describe("parseJsonText", () => {
  it("refuses nesting beyond the limit before parsing (20,000 deep never reaches the parser)", () => {
    expect(() => parseJsonText("[".repeat(20_000) + "]".repeat(20_000))).toThrow(InputError);
    expect(() => parseJsonText(`{"a":${"[".repeat(65)}${"]".repeat(65)}}`)).toThrow(InputError);
    expect(parseJsonText(`{"a":${"[".repeat(63)}${"]".repeat(63)}}`)).toBeTruthy();
    // Brackets inside strings do not count.
    expect(parseJsonText(`{"a":"${"[".repeat(1000)}\\"["}`)).toEqual({ a: `${"[".repeat(1000)}"[` });
  });

  it("keeps 16+ digit integers exact and leaves other numbers and strings alone", () => {
    expect(
      parseJsonText(
        '{"id":1574174351274672144,"n":-1574174351274672144,"f":1.1234567890123456789,"e":12345678901234567e2,"s":"1574174351274672144"}',
      ),
    ).toEqual({
      id: "1574174351274672144",
      n: "-1574174351274672144",
      f: 1.1234567890123456789,
      e: 12345678901234567e2,
      s: "1574174351274672144",
    });
  });

  it("reads hostile strings in one pass, copying nothing (no backtracking)", () => {
    // A backtracking pattern took minutes on this; one pass takes milliseconds, far inside the
    // test's timeout. An unterminated string is left as it is, for JSON.parse to refuse.
    const hostile = `"${'\\"'.repeat(400_000)}`;
    expect(prepareJson(hostile)).toBe(hostile);
    expect(() => parseJsonText(hostile)).toThrow(InputError);
    expect(prepareJson('"\\"\\"')).toBe('"\\"\\"');
  });

  it("refuses bytes that are not UTF-8 instead of replacing them", () => {
    expect(() => decodeUtf8(Buffer.from([0x22, 0xff, 0x22]))).toThrow(InputError);
    expect(() => decodeUtf8(Buffer.from([0xed, 0xa0, 0x80]))).toThrow(InputError);
    expect(decodeUtf8(Buffer.from("héllo 😀"))).toBe("héllo 😀");
  });
});

describe("findUnstorableText", () => {
  it("finds NUL and lone surrogates in values and keys, with their path, and lets well-formed text through", () => {
    expect(findUnstorableText({ a: [{ b: "x\u0000" }] })).toEqual({ path: ["a", 0, "b"], character: "NUL (U+0000)" });
    expect(findUnstorableText({ a: { "k\ud800": 1 } })?.path).toEqual(["a", "k\ud800"]);
    expect(findUnstorableText(["\udc00"])?.character).toMatch(/surrogate/);
    expect(findUnstorableText({ a: "😀 \u200b \u202e é", n: 5, z: null })).toBeNull();
  });
});

describe("storableCopy", () => {
  it("copies like JSON, replacing only what PostgreSQL cannot store and saying where", () => {
    const { value, repaired } = storableCopy({ a: "ok", b: ["x\u0000", 1, undefined], c: undefined, d: NaN, e: 2n });
    expect(value).toEqual({ a: "ok", b: ["x\ufffd", 1, null], d: null, e: "2" });
    expect(repaired).toEqual(["b.0"]);
  });
});
