/**
 * A command that shows a list the user wrote out: "/rules to see our three rules (respect everyone,
 * no NSFW, keep it in English)", "/links shows: the website, the wiki and the store". No feature
 * knows /rules by its name; its words say what it shows, so it replies with the list, numbered.
 */
import { command, reply, type CommandPart } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const showWords = [
  "see",
  "show",
  "shows",
  "list",
  "lists",
  "display",
  "displays",
  "read",
  "post",
  "posts",
  "view",
  "get",
  "gives",
];

/** The items written after ":" or inside "( … )", from `after` to the end of its sentence. */
export function itemsAfter(reader: Reader, after: Token): { items: string[]; tokens: Token[] } | null {
  const doc = reader.doc;
  const sentence = doc.sentences.find((tokens) => tokens.includes(after)) ?? [];
  const rest = sentence.filter((t) => t.index > after.index && !reader.isClaimed(t));
  const open = rest.find((t) => t.text === "(" || t.text === ":");
  if (!open) return null;
  if (open.text === ":") {
    const lines = linesAfter(reader, open);
    if (lines) return lines;
  }
  const close = open.text === "(" ? rest.find((t) => t.index > open.index && t.text === ")") : undefined;
  const inside = rest.filter((t) => t.index > open.index && (!close || t.index < close.index));
  const last = inside.at(-1);
  if (!last) return null;
  const text = doc.text.slice(inside[0]!.start, last.end).replace(/[.?!]+$/, "");
  const items = text
    .split(/\s*(?:,|;|\band\b(?=[^,;]*$))\s*/i)
    .map((item) => item.trim().replace(/^(?:and|or)\s+/i, ""))
    .filter(Boolean);
  if (items.length < 2 || items.length > 20 || items.some((item) => item.length > 200)) return null;
  return { items, tokens: [open, ...inside, ...(close ? [close] : [])] };
}

/**
 * After "rules:", a numbered list on the same line ("1. be nice 2. no spam 3. no nsfw") or on
 * lines of its own ("\n1. Be nice\n2. No spam", "- Be nice"): its items, up to a blank line or a
 * line about something else. Null when neither is written.
 */
function linesAfter(reader: Reader, colon: Token): { items: string[]; tokens: Token[] } | null {
  const doc = reader.doc;
  const lineEnd = doc.text.indexOf("\n", colon.end);
  const line = doc.text.slice(colon.end, lineEnd < 0 ? doc.text.length : lineEnd);
  const marker = /(?:^|\s)\d{1,2}[.)]\s+/g;
  let items: string[] = [];
  let end = colon.end;
  if ((line.match(marker) ?? []).length >= 2) {
    items = line
      .split(marker)
      .map((item) => item.trim().replace(/[.;,]+$/, ""))
      .filter(Boolean);
    end = colon.end + line.length;
  } else if (!line.trim()) {
    let offset = lineEnd < 0 ? doc.text.length : lineEnd + 1;
    for (const raw of doc.text.slice(offset).split("\n")) {
      const bulleted = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+)$/.exec(raw);
      if (!bulleted) break;
      items.push(bulleted[1]!.trim().replace(/[.;,]+$/, ""));
      offset += raw.length + 1;
      end = offset - 1;
    }
  }
  if (items.length < 2 || items.length > 30 || items.some((item) => item.length > 300)) return null;
  const tokens = doc.tokens.filter((t) => t.start >= colon.start && t.end <= end);
  return { items, tokens };
}

/** Items as the bot shows them: "1. Be nice\n2. No spam". */
export function numberedLines(items: readonly string[]): string {
  return items.map((item, i) => `${i + 1}. ${item[0]!.toUpperCase()}${item.slice(1)}`).join("\n");
}

export function listedCommand(
  reader: Reader,
  mention: { name: string; type: "slash" | "prefix"; tokens: Token[] },
): CommandPart | null {
  const end = mention.tokens.at(-1);
  if (!end) return null;
  const verb = reader.tokens.find((t) => t.index > end.index && showWords.includes(t.lower) && !reader.isClaimed(t));
  if (!verb) return null;
  const listed = itemsAfter(reader, verb);
  if (!listed) return null;
  reader.claim(verb);
  reader.part(listed.tokens).claim(...listed.tokens);
  reader.claimWords("to see our the all of a list three two four five these");
  const text = numberedLines(listed.items);
  const draft = command(mention.name, mention.type, `Shows the ${mention.name.replace(/[-_]/g, " ")}`, [reply(text)]);
  return {
    command: draft,
    summary: `replies with the list: ${listed.items.join("; ")}`.slice(0, 300),
    category: "utility",
    strength: 2,
    clause: null,
    feature: "listed",
  };
}
