/**
 * Hostile input shared by the fuzz suites: the text and numbers people and attackers actually
 * send. Each suite adds what is special to what it attacks (paths, mentions, sizes).
 */
import fc from "fast-check";

/** NUL, broken emoji, zero-width and right-to-left text, other scripts, broken escapes. */
export const hostileTextSamples = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud83d",
  "x\ude00y",
  "\u200b\u200c\u200d\ufeff",
  "\u202eevil.js",
  "مرحبا بالعالم",
  "😀👍🏽",
  "%00",
  "%zz",
  "%E0%A4%A",
] as const;

/** Random UTF-16 (lone surrogates included) or one of the samples and the suite's own. */
export function hostileText(extra: readonly string[] = [], maxLength = 40): fc.Arbitrary<string> {
  return fc.oneof(fc.string({ unit: "binary", maxLength }), fc.constantFrom(...hostileTextSamples, ...extra));
}

/** Any integer or double, and the edges a database column or a JSON parser trips on. */
export function hostileNumber(extra: readonly number[] = []): fc.Arbitrary<number> {
  return fc.oneof(
    fc.integer(),
    fc.double(),
    fc.constantFrom(
      0,
      -1,
      -0,
      1,
      1.5,
      2 ** 31 - 1,
      2 ** 31,
      2 ** 53,
      -(2 ** 53),
      1e308,
      Number.NaN,
      Infinity,
      -Infinity,
      ...extra,
    ),
  );
}
