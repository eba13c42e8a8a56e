/**
 * A named command that answers from rows the description lists, however they are written
 * (issue 34): "/rule <number> posts that rule:\n1 Be respectful\n2 No spam", "/price <item>:
 * sword 100 coins, shield 80", "/faq topic:<text> answers from this list: ip → play.x.net",
 * "/timezone <member> … Sam is in Europe/London, Riley is in Asia/Tokyo", each with what to say
 * for anything else ("unknown → 'not in the shop'", "anything else: say that rule doesn't
 * exist"). The key is what the member types (never a fixed list of choices), the answer is the
 * row as the user wrote it, and a key not in the rows gets the fallback.
 */
import { command, reply, template, type CommandFeature } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

export interface KeyedRows {
  rows: Record<string, string>;
  fallback?: string;
  /** The spans of the description the rows and the fallback came from. */
  spans: [number, number][];
}

const fallbackLead =
  /^(?:anything else|any other(?: \w+)?|anyone else|anybody else|for anyone else|for anybody else|for anything else|for any other(?: \w+)?|otherwise|else|unknown(?: \w+)?|not found|no match|(?:if )?(?:i |you |it |bot )?(?:do ?n[o']?t|dont) know(?: the \w+| it| that)?|(?:if )?(?:it's |its |the \w+ is |the \w+ isn't )?not (?:in the list|there|listed|found|known)|if (?:the \w+|it|that|they|someone) (?:isn't|is not|isnt|aren't|doesn't exist|does not exist|is unknown|asks for (?:something|anything) else)(?: in the list| listed| there| on the list)?)\b\s*(?:->|→|=>|:|-|,)?\s*/i;
const sayLead =
  /^(?:(?:the bot |bot )?(?:should )?(?:say|says|reply|replies|respond|responds|answer|answers|tell them|tells them|tell|show|shows|print)(?: with| back)?\s*[:,]?\s*)/i;
const separator = /\s*(?:->|→|=>|=|:|–|—|\s-\s)\s*/;

/** A fallback said in words ("that rule doesn't exist") as a sentence the bot can say. */
function sentence(text: string): string {
  const trimmed = text
    .trim()
    .replace(/^["'“‘]|["'”’]$/g, "")
    .trim();
  if (!trimmed) return "";
  const capital = trimmed[0]!.toUpperCase() + trimmed.slice(1);
  return /[.!?)]$/.test(capital) ? capital : `${capital}.`;
}

function fallbackOf(item: string): string | undefined {
  const lead = fallbackLead.exec(item);
  if (!lead) return undefined;
  const rest = item.slice(lead[0].length).replace(sayLead, "");
  const quoted = /["“'‘]([^"”'’]{1,300}(?:'[a-z][^"”'’]*)*)["”'’]/.exec(rest);
  const text = quoted ? quoted[1]!.trim() : sentence(rest.replace(/^(?:them|him|her)\s+/i, ""));
  return text || undefined;
}

/** One row from an item: "ip → play.x.net", "1 Be respectful", "Sam is in Europe/London", "sword 100 coins". */
function rowOf(item: string): [string, string] | null {
  const text = item.replace(/^\s*[-*•]\s*/, "").trim();
  if (!text || text.length > 300) return null;
  // "Weekend no school": both days of it.
  const weekend = /^(?:the\s+)?weekends?\s*(?:[:=–—-]|->|→|is|are)?\s*(.+)$/i.exec(text);
  if (weekend) return ["saturday, sunday, weekend", weekend[1]!.trim()];
  const numbered = /^(\d{1,3})[.)]?\s+(\D.*)$/.exec(text);
  if (numbered) return [numbered[1]!, numbered[2]!.trim()];
  const parts = text.split(separator);
  // "Thursday and Friday is same: …" names several keys in one row.
  const keyWords = parts[0]!.trim().split(/\s+/).length;
  const several = /\b(?:and|&)\b|,/.test(parts[0]!);
  if (parts.length >= 2 && (keyWords <= 4 || (several && keyWords <= 7)) && parts[0]!.trim()) {
    return [parts[0]!.trim(), parts.slice(1).join(": ").trim()];
  }
  // "fire is weak to water", "Sam is in Europe/London", "sword 100 coins": the row as written, by its first words.
  const keyed = /^([\p{L}\p{N}][\p{L}\p{N}'’_-]*(?: [\p{Lu}][\p{L}\p{N}_-]*)?)\s+(?:is|are|=|to|costs?|\d)/u.exec(text);
  if (keyed && text.split(/\s+/).length <= 12) return [keyed[1]!, text];
  return null;
}

/** "a, b. c; d" into its items, never inside a quoted text ("'no idea, sorry'"). */
function splitOutsideQuotes(text: string): string[] {
  const masked = text.replace(/(["“‘]|(?<![\p{L}\p{N}])')([^"”’\n]*?)(["”’]|'(?![\p{L}\p{N}]))/gu, (quote) =>
    quote.replace(/[,.;]/g, "\u0000"),
  );
  const pieces: string[] = [];
  let at = 0;
  for (const match of masked.matchAll(/(?<=[^,]),\s+(?=[\p{L}\p{N}])|(?<=\.)\s+(?=[\p{L}])|;\s*/gu)) {
    pieces.push(text.slice(at, match.index));
    at = match.index! + match[0].length;
  }
  pieces.push(text.slice(at));
  return pieces;
}

/** The rows (at least two) in the text after a command, and what to say for anything else. */
export function readKeyedRows(text: string, offset: number): KeyedRows | null {
  // After the command's own line: the rest of its line after ":" and every later line.
  const colon = text.search(/:\s|:$|:\n/);
  const lines = text.split("\n");
  const items: { text: string; at: number }[] = [];
  let at = 0;
  lines.forEach((line, index) => {
    const start = at;
    at += line.length + 1;
    let body = line;
    let bodyAt = start;
    if (index === 0) {
      if (colon < 0 || colon >= line.length) return;
      // "/weak <type>: fire is weak to water, water to grass": what follows the first colon — unless
      // that colon is a row's own ("…what lessons we have. Monday: Math, English. Tuesday: Art.").
      const sentenceStart = line.slice(0, colon).search(/(?<=[.!?])\s+[\p{L}\p{N}][\p{L}\p{N}' -]{0,30}$/u);
      const rowsFrom = (text: string) =>
        text.split(/(?<=\.)\s+(?=[\p{L}\p{N}])/u).filter((piece) => /^\s*[^,:→=]{1,40}?\s*(?:->|→|=>|=|:)/.test(piece))
          .length;
      const from = sentenceStart >= 0 && rowsFrom(line.slice(sentenceStart + 1)) >= 2 ? sentenceStart + 1 : colon + 1;
      body = line.slice(from);
      bodyAt = start + from;
    }
    // One line, several rows: "sword 100 coins, shield 80, potion 25." / "Monday: Math. Tuesday: Art."
    // A line of its own that reads "key: value, value" is one row; a line of items is split.
    const oneRow = index > 0 && /^\s*[-*•]?\s*[^,:→=]{1,40}?\s*(?:->|→|=>|=|:|–|—|\s-\s)/.test(body);
    // "Monday: Math, English. Tuesday: Art.": sentences that are rows are not split at their commas.
    const sentences = body.split(/(?<=\.)\s+(?=[\p{L}\p{N}])/u);
    const rowSentences = sentences.filter((piece) => /^\s*[^,:→=]{1,40}?\s*(?:->|→|=>|=|:)/.test(piece)).length;
    const pieces = oneRow ? [body] : rowSentences >= 2 ? sentences : splitOutsideQuotes(body);
    let pieceAt = bodyAt;
    for (const piece of pieces) {
      const found = body.indexOf(piece, pieceAt - bodyAt);
      pieceAt = bodyAt + (found < 0 ? 0 : found);
      items.push({ text: piece.replace(/\.$/, "").trim(), at: pieceAt });
      pieceAt += piece.length;
    }
  });
  const rows: Record<string, string> = {};
  const spans: [number, number][] = [];
  let fallback: string | undefined;
  for (const item of items) {
    if (!item.text) continue;
    const other = fallbackOf(item.text);
    if (other) {
      fallback = other;
      spans.push([offset + item.at, offset + item.at + item.text.length]);
      continue;
    }
    const row = rowOf(item.text);
    if (!row) continue;
    // "Thursday and Friday is same: Chemistry, Sport": one answer for each key named.
    const keys = row[0]
      .toLowerCase()
      .replace(/\s+(?:is|are)\s+(?:the\s+)?same$|\s+both$/, "")
      .split(/\s*(?:,|&|\band\b)\s*/)
      .map((key) => key.trim().slice(0, 100))
      .filter(Boolean);
    const fresh = keys.filter((key) => !rows[key]);
    if (!fresh.length) continue;
    for (const key of fresh) rows[key] = row[1].slice(0, 1_000);
    spans.push([offset + item.at, offset + item.at + item.text.length]);
  }
  return Object.keys(rows).length >= 2 ? { rows, ...(fallback ? { fallback } : {}), spans } : null;
}

function scopeOf(reader: Reader, name: string): { text: string; offset: number; tokens: Token[] } | null {
  const mention = reader.clause.mentions.find((m) => m.name === name);
  const last = mention?.tokens[mention.tokens.length - 1];
  if (!last) return null;
  const all = reader.doc.tokens;
  let end = all.findIndex((t, i) => i > last.index && t.kind === "command" && t.command?.name !== name);
  if (end < 0) end = all.length;
  const tokens = all.slice(last.index + 1, end);
  if (!tokens.length) return null;
  const offset = last.end;
  return { text: reader.doc.text.slice(offset, tokens[tokens.length - 1]!.end), offset, tokens };
}

/** The option the member types: the written one ("<item>", "topic:<text>"), else "key". */
function keyOption(reader: Reader, scope: { tokens: Token[]; text: string }): string {
  const written = /^\s*(?:<([a-z][\w -]{0,30})>|\[([a-z][\w -]{0,30})\]|([a-z][\w-]{0,30}):)/i.exec(scope.text);
  const raw = written?.[1] ?? written?.[2] ?? written?.[3];
  if (raw) return raw.trim().toLowerCase().replace(/\s+/g, "_");
  // "Command /schedule and the day": the noun after "the".
  const noun = /^\s*(?:and|with|plus)\s+(?:the|a|an)\s+([a-z][\w-]{1,30})/i.exec(scope.text)?.[1];
  return noun?.toLowerCase() ?? "key";
}

export const keyedLookupFeature: CommandFeature = {
  id: "keyed",
  category: "lookups",
  names: [],
  defaultName: "lookup",
  cue: (reader) => reader.clause.mentions.some((m) => m.name && readScope(reader, m.name)),
  implicit: false,
  build({ reader, name }) {
    const found = readScope(reader, name);
    if (!found) return [];
    const { scope, keyed } = found;
    const key = keyOption(reader, scope);
    const mention = reader.clause.mentions.find((m) => m.name === name)!;
    const table = ("t_" + name.replace(/[^a-z0-9_]/g, "_")).slice(0, 32);
    const fallback = template(keyed.fallback ?? `I don't know that ${key.replace(/_/g, " ")}.`);
    // "/timezone <member>: Sam is in Europe/London": the member is picked, their name is the key.
    const member = /^(?:member|user|person|player|someone|target|who)$/.test(key);
    const draft = command(name, mention.type, `Look up a ${key.replace(/_/g, " ")}`, [
      { do: "lookup", table, key: member ? `{option.${key}.name}` : `{option.${key}}`, fallback, saveAs: "answer" },
      reply("{result.answer}"),
    ]);
    draft.options = [
      {
        name: key,
        description: key[0]!.toUpperCase() + key.slice(1).replace(/_/g, " "),
        type: member ? "user" : "string",
        required: true,
      },
    ];
    // Every word of the rows and the fallback is accounted for, and the words that say what the command does.
    const used = scope.tokens.filter((t) => keyed.spans.some(([start, end]) => t.start >= start && t.end <= end + 1));
    reader.claim(...used);
    // What it "tells you", "shows" or "posts" before the rows is what the rows are: the lookup's answer.
    const firstRow = keyed.spans[0]?.[0] ?? Infinity;
    const head = scope.tokens.filter(
      (t) => t.start < firstRow && t.start < scope.offset + (scope.text.indexOf("\n") + 1 || Infinity),
    );
    reader.claim(...head.filter((t) => t.start < firstRow));
    return [
      {
        command: draft,
        summary: `answers from ${Object.keys(keyed.rows).length} rows by the ${key.replace(/_/g, " ")} you type${keyed.fallback ? `, else "${fallback}"` : ""}`,
        category: "lookups",
        strength: 3,
        clause: null,
        feature: "lookup",
        rows: { table, rows: keyed.rows },
        openKey: true,
      },
    ];
  },
};

/** Rows that are a moderation ladder ("2 warnings is a 1 hour timeout") are read as one elsewhere. */
const ladderWords =
  /\b(?:warn(?:ing)?s?|strikes?|infractions?|time ?outs?|timed out|mutes?|muted|bans?|banned|kicks?|kicked)\b/i;

function readScope(reader: Reader, name: string) {
  const scope = scopeOf(reader, name);
  if (!scope) return null;
  const keyed = readKeyedRows(scope.text, scope.offset);
  if (!keyed) return null;
  const values = Object.entries(keyed.rows).map(([key, value]) => `${key} ${value}`);
  if (values.filter((value) => ladderWords.test(value)).length >= 2) return null;
  return { scope, keyed };
}
