/**
 * The one rule for text users send: PostgreSQL cannot store NUL (U+0000) in text or JSON, and a
 * lone UTF-16 surrogate (half of an emoji, e.g. "\ud83d") is not Unicode at all — the driver
 * would silently turn it into "\ufffd". So such text is refused, never changed, with a message
 * that names the character and where it is. Every schema's free text uses `storable`; the action wrapper checks whole inputs again (`findUnstorableIn`), and
 * a database encoding error that still gets through is mapped to the same refusal
 * (`isTextEncodingError`).
 */
export type UnstorableChar = {
  kind: "nul" | "surrogate";
  /** UTF-16 index in the text. */
  index: number;
  /** 1-based, counted in lines of the text, for code and long text. */
  line: number;
  column: number;
  /** "U+0000", "U+D83D". */
  codePoint: string;
};

// Any NUL or surrogate; pairs are told apart from lone halves below.
const suspicious = /[\u0000\ud800-\udfff]/;

/** The first character of `text` that cannot be stored, or null (fast when there is none). */
export function findUnstorable(text: string): UnstorableChar | null {
  if (!suspicious.test(text)) return null;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    let kind: UnstorableChar["kind"] | null = null;
    if (unit === 0) kind = "nul";
    else if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) index++;
      else kind = "surrogate";
    } else if (unit >= 0xdc00 && unit <= 0xdfff) kind = "surrogate";
    if (kind) {
      const before = text.slice(0, index);
      const line = before.split("\n").length;
      const column = index - before.lastIndexOf("\n");
      return { kind, index, line, column, codePoint: `U+${unit.toString(16).toUpperCase().padStart(4, "0")}` };
    }
  }
  return null;
}

/** What to tell the user; `what` names the field ("The name", "This file"). */
export function unstorableMessage(found: UnstorableChar, what = "This text", multiline = false): string {
  const where = multiline ? ` at line ${found.line}, column ${found.column}` : ` (character ${found.index + 1})`;
  return found.kind === "nul"
    ? `${what} contains a NUL character (U+0000)${where}, which cannot be stored. Remove it and try again.`
    : `${what} contains a broken character (an unpaired ${found.codePoint}, half of an emoji or symbol)${where}. Remove it or type the character again.`;
}

/** Structural, so zod and zod/mini schemas both take it (and this module pulls in neither). */
type RefinementContext = { addIssue(issue: { code: "custom"; message: string }): void };
type Refinement = (value: string, context: RefinementContext) => void;

/**
 * For any string schema: `z.string().superRefine(storable("The name"))` in zod, or
 * `.check(z.superRefine(storable("The name")))` in zod/mini. Refuses unstorable characters.
 */
export function storable(what = "This text", options: { multiline?: boolean } = {}): Refinement {
  return (value, context) => {
    const found = findUnstorable(value);
    if (found) context.addIssue({ code: "custom", message: unstorableMessage(found, what, options.multiline) });
  };
}

/** The path and message of the first unstorable string anywhere in a value (keys included). */
export function findUnstorableIn(
  value: unknown,
  path: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; message: string } | null {
  if (depth > 64) return null;
  if (typeof value === "string") {
    const found = findUnstorable(value);
    return found ? { path, message: unstorableMessage(found, "This field", value.includes("\n")) } : null;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const inner = findUnstorableIn(value[index], [...path, index], depth + 1);
      if (inner) return inner;
    }
    return null;
  }
  if (value && typeof value === "object" && !(value instanceof Uint8Array) && !(value instanceof Blob)) {
    for (const [key, inner] of Object.entries(value)) {
      const foundKey = findUnstorable(key);
      if (foundKey) return { path: [...path, key], message: unstorableMessage(foundKey, "This field's name") };
      const found = findUnstorableIn(inner, [...path, key], depth + 1);
      if (found) return found;
    }
  }
  return null;
}

/**
 * PostgreSQL's refusals of text it cannot store: 22021 (invalid byte sequence, e.g. NUL),
 * 22P05 (untranslatable character, e.g. "\u0000" in JSON), 22P02 with an unsupported Unicode
 * escape. Prisma wraps them; the code or message is somewhere in the chain.
 */
export function isTextEncodingError(error: unknown): boolean {
  for (let current = error, hops = 0; current && hops < 5; hops++) {
    const record = current as { code?: unknown; message?: unknown; meta?: unknown; cause?: unknown };
    const text = `${String(record.code ?? "")} ${typeof record.message === "string" ? record.message : ""} ${
      record.meta ? JSON.stringify(record.meta) : ""
    }`;
    if (
      /\b(22021|22P05)\b|invalid byte sequence for encoding|unsupported Unicode escape sequence|untranslatable character/i.test(
        text,
      )
    ) {
      return true;
    }
    current = record.cause;
  }
  return false;
}

export const textEncodingRefusal =
  "Something you sent contains a character that cannot be stored (a NUL character or a broken emoji). Remove it and try again.";
