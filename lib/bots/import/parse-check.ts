/**
 * The last check before generated code is stored: it must parse. Escaping (code-text.ts) keeps
 * an export's text inert; this makes any converter slip refuse the import instead of storing a
 * bot that fails, or does something else, at start. Server only (esbuild's native parser).
 */
import { transform } from "esbuild";

/** The first syntax error in `source` (as "line:column message"), or null when it parses. */
export async function javascriptSyntaxError(source: string): Promise<string | null> {
  try {
    await transform(source, { loader: "js", logLevel: "silent" });
    return null;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } | null }[] })
      .errors?.[0];
    if (!first) throw error;
    return first.location ? `${first.location.line}:${first.location.column} ${first.text}` : first.text;
  }
}
