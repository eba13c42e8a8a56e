/**
 * Text from an upload spliced into generated code. Every line terminator a JavaScript or Python
 * reader recognises (\n, \r\n, a lone \r, U+2028, U+2029, and U+0085 for Python and editors) is
 * escaped or turned into a new comment line, so no text from an export can end a comment or a
 * literal early and become code. Every importer splices text through these helpers only.
 */

/** \r\n first so it counts as one line break, then each single-character terminator. */
export const lineTerminators = /\r\n|[\n\r\u0085\u2028\u2029]/;

const unicodeTerminators = /[\u0085\u2028\u2029]/g;
const escapeUnicode = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;

/** A JS (and Python) string literal: JSON escapes quotes, \n and \r; U+0085/2028/2029 escaped too. */
export function codeString(value: string): string {
  return JSON.stringify(value).replace(unicodeTerminators, escapeUnicode);
}

/** Text inside a JS template literal: `\`, backticks and `${` escaped, and every line terminator. */
export function templateText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/`/g, "\\`")
    .replace(/\$\{/g, "\\${")
    .replace(/\r/g, "\\r")
    .replace(/\n/g, "\\n")
    .replace(unicodeTerminators, escapeUnicode);
}

/** Text as `//` comment lines (one per line of the text, whatever its line terminators). */
export function jsCommentLines(value: string): string {
  return value
    .split(lineTerminators)
    .map((line) => `// ${line}`.trimEnd())
    .join("\n");
}

/** Text kept on one comment line: every line terminator becomes a space. */
export function commentText(value: string): string {
  return value.replace(new RegExp(lineTerminators.source, "g"), " ");
}
