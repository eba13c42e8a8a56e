/**
 * The description as tokens: wink-nlp (with its English lite model, shipped in the package)
 * splits words and sentences, tags parts of speech and lemmas; on top of that, quoted text and
 * command names ("/ping", "!roll") are kept whole, each token knows where it stands in the
 * description (so what is not understood is quoted exactly as written) and the vocabulary word
 * it stands for (typos and plurals resolved, lib/ai-builder/offline/words.ts).
 */
import model from "wink-eng-lite-web-model";
import winkNLP from "wink-nlp";

import { baseWord, numberWords } from "./words";

export type TokenKind =
  "word" | "number" | "punct" | "quote" | "command" | "hashtag" | "emoji" | "mention" | "url" | "symbol" | "arg";

export interface Token {
  /** Position among the description's tokens. */
  index: number;
  /** As written; for a quote, the words inside the marks. */
  text: string;
  lower: string;
  lemma: string;
  /** The vocabulary word this stands for, else the lemma. */
  base: string;
  /** Universal part of speech ("NOUN", "VERB"…); "QUOTE" for quoted text. */
  pos: string;
  kind: TokenKind;
  stop: boolean;
  /** Characters of the description, end exclusive (a quote's marks included). */
  start: number;
  end: number;
  /** Written directly after the previous token, without a space. */
  joined: boolean;
  /** The first token of a line. */
  lineStart?: boolean;
  /** The value of a number, in digits or words ("six"). */
  number?: number;
  /** "/ping" and "!ping": the command the token names. */
  command?: { name: string; type: "slash" | "prefix" };
  /** "<question>", "[reason]": an argument as people write it in a usage line. */
  arg?: { name: string; optional: boolean };
}

export interface Doc {
  text: string;
  tokens: Token[];
  /** Tokens of each sentence (a line break also ends one). */
  sentences: Token[][];
}

const maxSentence = 120;

let engine: ReturnType<typeof winkNLP> | null = null;
function nlp() {
  engine ??= winkNLP(model, ["sbd", "pos"]);
  return engine;
}

/** Text in quotes: [start, end) of the marks, and the words inside. */
interface Span {
  start: number;
  end: number;
  kind: "quote" | "command" | "hashtag" | "arg" | "url";
  text: string;
  command?: Token["command"];
  arg?: Token["arg"];
}

const pairs: Record<string, string> = { '"': '"', "“": "”", "”": "”", "'": "'", "‘": "’", "`": "`", "«": "»" };

function isBoundary(char: string | undefined): boolean {
  return char === undefined || /[\s.,;:!?()[\]{}<>]/.test(char);
}

/** Quoted passages and command names, found once in the raw text. */
function specialSpans(text: string, prefixes: string): Span[] {
  const spans: Span[] = [];
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    const close = pairs[char];
    if (close && isBoundary(text[index - 1]) && text[index + 1] !== undefined && !/\s/.test(text[index + 1]!)) {
      // An apostrophe closes only before a boundary, so "don't" and "member's" are not quotes.
      let end = index + 1;
      while (end < text.length && end - index < 1_200) {
        if (text[end] === close && !/\s/.test(text[end - 1]!) && (close !== "'" || isBoundary(text[end + 1]))) break;
        if (text[end] === "\n" && text[end + 1] === "\n") end = text.length;
        end++;
      }
      if (end < text.length && text[end] === close && end > index + 1) {
        const inner = text.slice(index + 1, end);
        const named = /^([/!])([a-z0-9][a-z0-9_-]{0,31})$/i.exec(inner.trim());
        if (named && /[a-z]/i.test(named[2]!)) {
          const command = { name: named[2]!.toLowerCase(), type: named[1] === "/" ? "slash" : "prefix" } as const;
          spans.push({ start: index, end: end + 1, kind: "command", text: inner.trim(), command });
        } else spans.push({ start: index, end: end + 1, kind: "quote", text: inner });
        index = end;
        continue;
      }
    }
    // "discord.gg/abc", "https://x.com": one token, and no sentence ends at its dot.
    if (/[a-z0-9]/i.test(char) && isBoundary(text[index - 1])) {
      // "play.example.com", "mc.hypixel.net:25565": sub-domains and a port are part of the address.
      const link =
        /^(?:https?:\/\/\S+|(?:[a-z0-9][a-z0-9-]*\.)+(?:gg|com|net|org|io|me|xyz|ly|tv|co|uk|de|fr|eu|gov|edu|app|dev|gg)(?::\d{2,5})?(?:\/[^\s,;)]*)?)/i
          .exec(text.slice(index, index + 300))?.[0]
          ?.replace(/[.!?]+$/, "");
      if (link) {
        spans.push({ start: index, end: index + link.length, kind: "url", text: link });
        index += link.length - 1;
        continue;
      }
    }
    // "#daily-question" whole (the tokeniser would stop at the dash).
    if (char === "#" && /[\s(,:]/.test(text[index - 1] ?? " ")) {
      const name = /^[a-z0-9][a-z0-9_-]{0,99}/i.exec(text.slice(index + 1, index + 101))?.[0]?.replace(/[-_]+$/, "");
      if (name && /[a-z]/i.test(name)) {
        spans.push({ start: index, end: index + 1 + name.length, kind: "hashtag", text: "#" + name });
        index += name.length;
        continue;
      }
    }
    // "<question>", "[reason]", "<@user>": arguments in a usage line.
    if ((char === "<" || char === "[") && (isBoundary(text[index - 1]) || text[index - 1] === "-")) {
      const closing = char === "<" ? ">" : "]";
      const inner = new RegExp(`^@?([a-z][a-z0-9 _-]{0,30})\\${closing}`, "i").exec(text.slice(index + 1, index + 34));
      if (inner) {
        const name = inner[1]!
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_");
        spans.push({
          start: index,
          end: index + 1 + inner[0].length,
          kind: "arg",
          text: text.slice(index, index + 1 + inner[0].length),
          arg: { name, optional: char === "[" },
        });
        index += inner[0].length;
        continue;
      }
    }
    if ((char === "/" || prefixes.includes(char)) && /[\s(,"'“]/.test(text[index - 1] ?? " ")) {
      const name = /^[a-z0-9][a-z0-9_-]{0,31}(?![a-z0-9_/-]|\.[a-z0-9])/i.exec(text.slice(index + 1, index + 40))?.[0];
      if (name && /[a-z]/i.test(name)) {
        const type = char === "/" ? "slash" : "prefix";
        const command = { name: name.toLowerCase(), type } as const;
        spans.push({ start: index, end: index + 1 + name.length, kind: "command", text: char + name, command });
        index += name.length;
      }
    }
  }
  return spans;
}

const kindOf: Record<string, TokenKind> = {
  word: "word",
  number: "number",
  ordinal: "number",
  punctuation: "punct",
  hashtag: "hashtag",
  emoji: "emoji",
  emoticon: "emoji",
  mention: "mention",
  url: "url",
  email: "url",
};

/** The description's tokens and sentences. `prefixes` are characters that start prefix commands ("!"). */
export function tokenize(text: string, prefixes = "!"): Doc {
  const { its } = nlp();
  const doc = nlp().readDoc(text);
  const values = doc.tokens().out(its.value) as string[];
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const types = doc.tokens().out(its.type) as string[];
  const tags = doc.tokens().out(its.pos) as string[];
  // The typings give lemma an extra parameter the library supplies itself.
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const stops = doc.tokens().out(its.stopWordFlag) as unknown as boolean[];
  const sentenceStarts = new Set((doc.sentences().out(its.span) as unknown as number[][]).map((span) => span[0]!));
  const spans = specialSpans(text, prefixes);

  const tokens: Token[] = [];
  const breaks = new Set<number>();
  let offset = 0;
  let spanAt = 0;
  let lineBreak = false;
  let sentenceBreak = false;
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    const space = spaces[i] ?? "";
    const start = offset + space.length;
    const end = start + value.length;
    offset = end;
    if (space.includes("\n")) lineBreak = true;
    if (sentenceStarts.has(i)) sentenceBreak = true;
    if (types[i] === "tabCRLF" || !value.trim()) {
      if (value.includes("\n")) lineBreak = true;
      continue;
    }
    while (spanAt < spans.length && spans[spanAt]!.end <= start) spanAt++;
    const span = spans[spanAt];
    if (span && start >= span.start && start < span.end) {
      // Inside a quote or a command name: the whole span is one token, made at its first piece.
      const previous = tokens[tokens.length - 1];
      if (previous && previous.start === span.start) {
        lineBreak = sentenceBreak = false;
        continue;
      }
      const lower = span.text.toLowerCase();
      tokens.push({
        index: tokens.length,
        text: span.text,
        lower,
        lemma: lower,
        base: span.kind === "command" ? span.command!.name : span.kind === "arg" ? span.arg!.name : lower,
        pos: span.kind === "quote" ? "QUOTE" : "PROPN",
        kind: span.kind,
        stop: false,
        start: span.start,
        end: span.end,
        joined: !space && tokens.length > 0,
        ...(span.command ? { command: span.command } : {}),
        ...(span.arg ? { arg: span.arg } : {}),
        ...(lineBreak ? { lineStart: true } : {}),
      });
      if ((lineBreak || sentenceBreak) && tokens.length > 1) breaks.add(tokens.length - 1);
      lineBreak = sentenceBreak = false;
      continue;
    }
    // "❤️", "👍🏽", "👨‍👩‍👧", "1️⃣": a variation selector, skin tone, joiner or keycap right after an
    // emoji is part of it (the reaction must be the emoji as written).
    const last = tokens[tokens.length - 1];
    if (
      last?.kind === "emoji" &&
      !space &&
      last.end === start &&
      (/^[\u{FE0F}\u{20E3}\u{1F3FB}-\u{1F3FF}\u{E0020}-\u{E007F}\u200D]+$/u.test(value) ||
        (last.text.endsWith("\u200D") && kindOf[types[i] ?? ""] === "emoji"))
    ) {
      last.text += value;
      last.lower += value;
      last.lemma += value;
      last.base += value;
      last.end = end;
      lineBreak = sentenceBreak = false;
      continue;
    }
    // "1️⃣": a keycap is an emoji, not the number 1.
    if (last && !space && last.end === start && /^[0-9#*]$/.test(last.text) && /^\u{FE0F}?\u{20E3}$/u.test(value)) {
      Object.assign(last, {
        text: last.text + value,
        lower: last.text + value,
        lemma: last.text + value,
        base: last.text + value,
        kind: "emoji",
        end,
        pos: "SYM",
      });
      delete last.number;
      lineBreak = sentenceBreak = false;
      continue;
    }
    const lower = value.toLowerCase();
    const lemma = (lemmas[i] ?? lower).toLowerCase();
    const kind = kindOf[types[i] ?? ""] ?? (tags[i] === "SYM" ? "symbol" : "word");
    const token: Token = {
      index: tokens.length,
      text: value,
      lower,
      lemma,
      base: kind === "word" ? baseWord(lower, lemma, doc.isOOV(lower)) : lower,
      pos: tags[i] ?? "X",
      kind,
      stop: Boolean(stops[i]),
      start,
      end,
      joined: !space && tokens.length > 0,
    };
    if (kind === "number" && /^\d+(\.\d+)?$/.test(value)) token.number = Number(value);
    else if (/^\d{1,3}(st|nd|rd|th)$/.test(lower)) token.number = Number.parseInt(lower, 10);
    else if (kind === "word" && lower in numberWords && lower !== "a" && lower !== "an")
      token.number = numberWords[lower];
    if (lineBreak) token.lineStart = true;
    tokens.push(token);
    // wink ends a sentence after a quote that ends with "!" ('Good morning!' in #general): not when it goes on in lowercase.
    const afterQuote = tokens[tokens.length - 2]?.kind === "quote" && /^[a-z]/.test(value);
    if ((lineBreak || (sentenceBreak && !afterQuote)) && tokens.length > 1) breaks.add(tokens.length - 1);
    lineBreak = sentenceBreak = false;
  }

  const sentences: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    // A "sentence" of hundreds of words is not one: cut it so reading it stays linear.
    if ((breaks.has(token.index) || current.length >= maxSentence) && current.length) {
      sentences.push(current);
      current = [];
    }
    current.push(token);
  }
  if (current.length) sentences.push(current);
  return { text, tokens, sentences };
}

/** The description's own words from the first to the last token given. */
export function sourceOf(doc: Doc, tokens: readonly Token[]): string {
  if (!tokens.length) return "";
  return doc.text.slice(tokens[0]!.start, tokens[tokens.length - 1]!.end).trim();
}
