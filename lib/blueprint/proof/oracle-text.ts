/**
 * Texts the oracle predicts (lib/blueprint/proof/derive.ts): literal parts, id tokens the runner
 * replaces with the scratch world's ids (⟨member:Sam⟩, types.ts), and parts the proof cannot
 * know in advance (a roll, the member count, a message's link), each with the pattern its values
 * match. A text with no unknown part becomes an exact expectation, any other a pattern.
 *
 * Numbers print, read and compare exactly as the compiled bots' runtimes do
 * (lib/blueprint/compile/javascript-runtime-text.ts; the Python runtime prints them alike).
 */
import type { TextExpectation } from "./types";

/** Something the proof cannot know in advance: what its values look like, in a pattern and in words. */
export interface Unknown {
  /** Unique within a derivation: a condition on it binds every use of it to one value. */
  id: number;
  /** JavaScript regex source (no anchors) matching every value it may take. */
  pattern: string;
  /** In words, for the check's description: "a whole number from 1 to 6". */
  describe: string;
  /** It is never the empty text. */
  nonEmpty: boolean;
  /** Its values, when there are few (a random pick, a small roll). */
  choices?: Text[];
}

export type Piece = { lit: string } | { token: string } | { unknown: Unknown };

/** A text as the bot will print it; `num` when it is a number (calculations use it as one). */
export interface Text {
  pieces: Piece[];
  num?: number;
}

export const emptyText: Text = { pieces: [] };

export function lit(text: string): Text {
  return { pieces: text ? [{ lit: text }] : [] };
}

export function numText(value: number): Text {
  return { pieces: [{ lit: formatNumber(value) }], num: value };
}

/** An id token: "member:Sam" is ⟨member:Sam⟩ in expectations. */
export function tokenText(token: string): Text {
  return { pieces: [{ token }] };
}

export function unknownText(unknown: Unknown): Text {
  return { pieces: [{ unknown }] };
}

/** The texts one after the other (literal parts merged). */
export function concat(...texts: Text[]): Text {
  const pieces: Piece[] = [];
  for (const piece of texts.flatMap((text) => text.pieces)) {
    const last = pieces[pieces.length - 1];
    if ("lit" in piece && last && "lit" in last) pieces[pieces.length - 1] = { lit: last.lit + piece.lit };
    else if (!("lit" in piece) || piece.lit) pieces.push(piece);
  }
  return { pieces };
}

/** The text with every unknown that a condition has bound replaced by its value. */
export function resolve(text: Text, bindings: Record<number, Text>): Text {
  const bound = (piece: Piece) => ("unknown" in piece ? bindings[piece.unknown.id] : undefined);
  if (!text.pieces.some(bound)) return text;
  const only = text.pieces.length === 1 ? bound(text.pieces[0]!) : undefined;
  if (only) return only;
  return concat(...text.pieces.map((piece) => bound(piece) ?? { pieces: [piece] }));
}

/** The first unknown of the text (to fork on), if any. */
export function firstUnknown(text: Text): Unknown | null {
  for (const piece of text.pieces) if ("unknown" in piece) return piece.unknown;
  return null;
}

export function isKnown(text: Text): boolean {
  return text.pieces.every((piece) => !("unknown" in piece));
}

/** The text when it is only literal (no token, nothing unknown). */
export function plain(text: Text): string | null {
  if (text.pieces.some((piece) => !("lit" in piece))) return null;
  return text.pieces.map((piece) => ("lit" in piece ? piece.lit : "")).join("");
}

/** As the runner compares it: id tokens as ⟨token⟩, unknown parts as their pattern in words. */
export function shown(text: Text): string {
  return text.pieces
    .map((piece) =>
      "lit" in piece ? piece.lit : "token" in piece ? `⟨${piece.token}⟩` : `<${piece.unknown.describe}>`,
    )
    .join("");
}

/** A key that is equal for equal known texts (tokens kept apart from literal text). */
export function canonical(text: Text): string {
  return text.pieces
    .map((piece) => ("lit" in piece ? piece.lit : "token" in piece ? `\u0000${piece.token}\u0000` : `\u0001?`))
    .join("");
}

export function nonEmpty(text: Text): boolean | null {
  if (text.pieces.some((piece) => ("lit" in piece ? piece.lit !== "" : "token" in piece || piece.unknown.nonEmpty)))
    return true;
  return isKnown(text) ? false : null;
}

export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The source of a pattern matching exactly the text's possible values. */
export function patternOf(text: Text): string {
  return text.pieces
    .map((piece) =>
      "lit" in piece ? escapeRegex(piece.lit) : "token" in piece ? `⟨${piece.token}⟩` : `(?:${piece.unknown.pattern})`,
    )
    .join("");
}

export function textExpectation(text: Text): TextExpectation {
  if (isKnown(text)) return { exact: shown(text) };
  return { pattern: patternOf(text), describe: shown(text) };
}

let unknownIds = 0;

/** A new unknown (ids only need to differ within one derivation; a counter is enough). */
export function makeUnknown(fields: Omit<Unknown, "id">): Unknown {
  unknownIds += 1;
  return { id: unknownIds, ...fields };
}

/** One of several texts: a random pick. */
export function oneOfTexts(choices: Text[], describe: string): Text {
  const distinct = choices.filter(
    (choice, index) => choices.findIndex((c) => canonical(c) === canonical(choice)) === index,
  );
  if (distinct.length === 1) return distinct[0]!;
  return unknownText(
    makeUnknown({
      pattern: distinct.map(patternOf).join("|"),
      describe,
      nonEmpty: distinct.every((choice) => nonEmpty(choice) === true),
      choices: distinct,
    }),
  );
}

/** A whole number from low to high, both included (a roll). */
export function wholeBetween(low: number, high: number): Text {
  if (low === high) return numText(low);
  const count = high - low + 1;
  const values = count <= 100 ? Array.from({ length: count }, (_, index) => low + index) : null;
  const longest = Math.max(formatNumber(low).replace("-", "").length, formatNumber(high).replace("-", "").length);
  const pattern = values
    ? values.map((value) => escapeRegex(formatNumber(value))).join("|")
    : `${low < 0 ? "-?" : ""}\\d{1,${longest}}`;
  return unknownText(
    makeUnknown({
      pattern,
      describe: `a whole number from ${formatNumber(low)} to ${formatNumber(high)}`,
      nonEmpty: true,
      choices: count <= 12 ? values!.map(numText) : undefined,
    }),
  );
}

export const unknownNumber = (describe = "a number"): Text =>
  unknownText(makeUnknown({ pattern: "-?\\d+(?:\\.\\d+)?(?:e[+-]\\d+)?|NaN", describe, nonEmpty: true }));

export const unknownAny = (describe: string): Text =>
  unknownText(makeUnknown({ pattern: "[\\s\\S]*", describe, nonEmpty: false }));

export const unknownDigits = (describe: string): Text =>
  unknownText(makeUnknown({ pattern: "\\d+", describe, nonEmpty: true }));

export const unknownLink = (describe: string): Text =>
  unknownText(makeUnknown({ pattern: "https?://\\S+", describe, nonEmpty: true }));

// ── As the compiled bots print, read and compare ───────────────────────────────────────────────

/** formatNumber of the runtimes: whole numbers below 1e15 as they are, others to 10 significant digits. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return "NaN";
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value === 0 ? 0 : value);
  const rounded = Number(value.toPrecision(10));
  if (!Number.isFinite(rounded)) return value.toPrecision(10).replace(/\.?0+e/, "e");
  const size = Math.abs(rounded);
  return size >= 1e-6 && size < 1e15 ? String(rounded) : rounded.toExponential();
}

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const integerPattern = /^[+-]?\d+$/;

export function readNumber(value: string): number | null {
  const text = value.trim();
  if (!numberPattern.test(text)) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** The compare condition on two literal texts, as the runtimes decide it. */
export function compareTexts(left: string, operator: string, right: string): boolean {
  const a = readNumber(left);
  const b = readNumber(right);
  const asText = a === null || b === null || operator === "contains" || operator === "startsWith";
  let x: string | number | bigint = asText ? left.toLowerCase() : a;
  let y: string | number | bigint = asText ? right.toLowerCase() : b;
  if (!asText && integerPattern.test(left.trim()) && integerPattern.test(right.trim())) {
    x = BigInt(left.trim());
    y = BigInt(right.trim());
  }
  switch (operator) {
    case "==":
      return x === y;
    case "!=":
      return x !== y;
    case "<":
      return x < y;
    case "<=":
      return x <= y;
    case ">":
      return x > y;
    case ">=":
      return x >= y;
    case "contains":
      return String(x).includes(String(y));
    case "startsWith":
      return String(x).startsWith(String(y));
    default:
      return false;
  }
}

/** createChannel's name: lowercase, spaces to "-", only letters, digits, "-" and "_". */
export function channelName(text: string): string {
  const name = text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\p{L}\p{N}_-]/gu, "");
  return Array.from(name).slice(0, 100).join("") || "channel";
}

/** How long a cooldown has left, as the refusal says it: "42s", "5m", "3h". */
export function describeWait(seconds: number): string {
  const whole = Math.ceil(seconds);
  if (whole <= 90) return `${whole}s`;
  const minutes = Math.ceil(whole / 60);
  if (minutes <= 90) return `${minutes}m`;
  return `${Math.ceil(minutes / 60)}h`;
}

/** The messageContains test of the runtimes. */
export function containsWords(content: string, words: string[], match: "any" | "all" | "whole"): boolean {
  const text = content.toLowerCase();
  const wanted = words.map((word) => word.toLowerCase());
  if (match === "whole") return wanted.includes(text.trim());
  if (match === "all") return wanted.every((word) => text.includes(word));
  return wanted.some((word) => text.includes(word));
}
