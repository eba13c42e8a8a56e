/**
 * The one place text from outside becomes a value the simulator keeps: bytes are decoded as
 * strict UTF-8, JSON is parsed only below a fixed nesting depth (so a 20,000-deep payload never
 * reaches the parser, the world or the save), and text PostgreSQL's JSON cannot store (NUL,
 * lone surrogates) is found so the caller can refuse it. REST bodies, control-API bodies and
 * gateway frames all go through here.
 */
import { findUnstorable } from "@/lib/validation/text";

import { simulatorLimits } from "./limits";

export type InputProblem =
  { kind: "encoding" } | { kind: "depth"; max: number } | { kind: "json" } | { kind: "size"; max: number };

export class InputError extends Error {
  constructor(readonly problem: InputProblem) {
    super(problem.kind);
  }
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The bytes as UTF-8 text; InputError when they are not valid UTF-8 (never silently replaced). */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    throw new InputError({ kind: "encoding" });
  }
}

const isDigit = (code: number) => code >= 48 && code <= 57;

/**
 * One linear pass over JSON text: refuses nesting deeper than maxDepth before anything parses
 * it, and puts integers of 16+ digits in quotes (discord.py sends snowflakes as JSON numbers,
 * too large for a double; Discord reads them exactly). Strings are copied as they are.
 */
export function prepareJson(text: string, maxDepth: number = simulatorLimits.jsonDepth): string {
  let depth = 0;
  let out: string[] | null = null;
  let copiedTo = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34 /* " */) {
      for (i++; i < length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 92 /* \ */) i++;
        else if (inner === 34) break;
      }
    } else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > maxDepth) throw new InputError({ kind: "depth", max: maxDepth });
    } else if (code === 125 /* } */ || code === 93 /* ] */) {
      depth -= 1;
    } else if (code === 45 /* - */ || isDigit(code)) {
      const start = i;
      if (code === 45) i++;
      const digitsStart = i;
      while (i < length && isDigit(text.charCodeAt(i))) i++;
      const digits = i - digitsStart;
      let integer = true;
      while (i < length) {
        const next = text.charCodeAt(i);
        if (
          isDigit(next) ||
          next === 46 /* . */ ||
          next === 101 ||
          next === 69 /* e E */ ||
          next === 43 ||
          next === 45
        ) {
          integer = false;
          i++;
        } else break;
      }
      if (integer && digits >= 16) {
        out ??= [];
        out.push(text.slice(copiedTo, start), `"${text.slice(start, i)}"`);
        copiedTo = i;
      }
      i -= 1;
    }
  }
  if (!out) return text;
  out.push(text.slice(copiedTo));
  return out.join("");
}

/** JSON text parsed with the depth limit and exact snowflakes; InputError when it is not JSON. */
export function parseJsonText(text: string, maxDepth: number = simulatorLimits.jsonDepth): unknown {
  const prepared = prepareJson(text, maxDepth);
  try {
    return JSON.parse(prepared) as unknown;
  } catch {
    throw new InputError({ kind: "json" });
  }
}

/** Which character PostgreSQL's JSON cannot store, if the text has one (the one rule: lib/validation/text.ts). */
export function unstorableCharacter(text: string): string | null {
  const found = findUnstorable(text);
  if (!found) return null;
  return found.kind === "nul" ? "NUL (U+0000)" : `an unpaired surrogate (${found.codePoint})`;
}

export interface UnstorableText {
  /** Where it is: object keys and array indexes from the top. */
  path: (string | number)[];
  character: string;
}

/** The first string (value or key) in a parsed JSON value that PostgreSQL cannot store. */
export function findUnstorableText(value: unknown): UnstorableText | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const item = stack.pop()!;
    if (typeof item.value === "string") {
      const character = unstorableCharacter(item.value);
      if (character) return { path: item.path, character };
    } else if (Array.isArray(item.value)) {
      item.value.forEach((entry, index) => stack.push({ value: entry, path: [...item.path, index] }));
    } else if (item.value && typeof item.value === "object") {
      for (const [key, entry] of Object.entries(item.value)) {
        const character = unstorableCharacter(key);
        if (character) return { path: [...item.path, key], character };
        stack.push({ value: entry, path: [...item.path, key] });
      }
    }
  }
  return null;
}

/** What a user reads when their text holds such a character. */
export function unstorableMessage(character: string): string {
  return `Contains ${character}, which cannot be stored. Remove that character and send it again.`;
}
