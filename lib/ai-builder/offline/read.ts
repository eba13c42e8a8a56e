/**
 * Reading the parts of a clause that recognisers share: words by their base, quoted text, the
 * text after "replies", durations ("10 minutes", "24h", "once a day"), numbers, channel and role
 * names, lists of words. Whatever a recogniser reads it claims, so the words left over at the
 * end are the ones nobody understood.
 */
import { parseDuration } from "@/lib/blueprint/vocabulary";

import type { Clause } from "./clauses";
import { spokenText } from "./spoken";
import type { Doc, Token } from "./text";
import { timeUnits } from "./words";

export interface Duration {
  /** As the blueprint stores it: "10m", "24h", "7d". */
  text: string;
  seconds: number;
  tokens: Token[];
}

const everyUnit: Record<string, string> = { daily: "1d", hourly: "1h", weekly: "7d", nightly: "1d" };
const lettersOfUnit: Record<string, string> = { s: "s", m: "m", h: "h", d: "d", w: "d" };
const textEnd = new Set([".", ";", ",", "(", ")", "—", "–"]);
const textStopWords = new Set([
  "when",
  "whenever",
  "if",
  "only",
  "and",
  "but",
  "then",
  "every",
  "after",
  "in",
  "to",
  "unless",
]);
const textLeadIn = new Set([
  "privately",
  "quietly",
  "secretly",
  "them",
  "him",
  "her",
  "with",
  "back",
  ":",
  "-",
  "the",
  "a",
  "message",
  "text",
  "saying",
  "that",
  "says",
  "by",
  "like",
]);

const wordSets = new Map<string, ReadonlySet<string>>();

/** ["kick ban", "mute"] → {kick, ban, mute}, kept for the next call with the same words. */
function wordSet(words: string[]): ReadonlySet<string> {
  const key = words.join("|");
  let set = wordSets.get(key);
  if (!set) {
    set = new Set(words.flatMap((word) => word.split(" ")));
    if (wordSets.size < 5_000) wordSets.set(key, set);
  }
  return set;
}

export class Reader {
  constructor(
    readonly doc: Doc,
    readonly clause: Clause,
    readonly claimedSet: Set<number>,
  ) {}

  /** A reader over some of the clause's tokens, sharing what is claimed. */
  part(tokens: Token[]): Reader {
    return new Reader(this.doc, { ...this.clause, tokens }, this.claimedSet);
  }

  /** The clause's tokens nobody has claimed yet. */
  unclaimed(): Reader {
    return this.part(this.tokens.filter((t) => !this.isClaimed(t)));
  }

  get tokens(): Token[] {
    return this.clause.tokens;
  }

  claim(...tokens: (Token | undefined | null)[]): void {
    for (const token of tokens) if (token) this.claimedSet.add(token.index);
  }

  isClaimed(token: Token): boolean {
    return this.claimedSet.has(token.index);
  }

  /**
   * The first token standing for one of these words (by base, or as written). Each argument
   * may hold several words separated by spaces: find("kick ban", "timeout").
   */
  find(...words: string[]): Token | undefined {
    const set = wordSet(words);
    return this.tokens.find((t) => t.kind === "word" && (set.has(t.base) || set.has(t.lower)));
  }

  findAll(...words: string[]): Token[] {
    const set = wordSet(words);
    return this.tokens.filter((t) => t.kind === "word" && (set.has(t.base) || set.has(t.lower)));
  }

  has(...words: string[]): boolean {
    return this.find(...words) !== undefined;
  }

  /** Claims every token standing for one of these words; true when there was one. */
  claimWords(...words: string[]): boolean {
    const found = this.findAll(...words);
    this.claim(...found);
    return found.length > 0;
  }

  /** The token after (or before, with a negative step) this one in the clause. */
  next(token: Token, step = 1): Token | undefined {
    return this.tokens[this.tokens.indexOf(token) + step];
  }

  /** Tokens of the clause after this one (or all of them). */
  after(token?: Token): Token[] {
    return token ? this.tokens.slice(this.tokens.indexOf(token) + 1) : this.tokens;
  }

  quotes(): Token[] {
    return this.tokens.filter((t) => t.kind === "quote" && !this.isClaimed(t));
  }

  /** What a "reply"/"say" word is followed by: a quote, or the plain words up to the next request. */
  textAfter(verb: Token): { text: string; tokens: Token[] } | null {
    const rest = this.after(verb);
    let i = 0;
    while (i < rest.length && textLeadIn.has(rest[i]!.lower) && rest[i]!.kind !== "quote") i++;
    // "replies to the reporter 'Thanks'", "says to them privately 'Done'": who it is said to, then the words.
    if (rest[i]?.lower === "to") {
      const quote = rest.slice(i + 1, i + 6).findIndex((t) => t.kind === "quote");
      const between = rest.slice(i + 1, i + 1 + Math.max(quote, 0));
      if (quote >= 0 && between.every((t) => t.kind === "word" && t.pos !== "VERB" && !this.isClaimed(t)))
        return { text: rest[i + 1 + quote]!.text, tokens: rest.slice(0, i + 2 + quote) };
    }
    const first = rest[i];
    if (!first || this.isClaimed(first) || textStopWords.has(first.lower) || first.lineStart) return null;
    if (first.kind === "quote") return { text: first.text, tokens: rest.slice(0, i + 1) };
    // "replies with their average", "tells the result": what to work out, described — not the words to send.
    if (describedWords.has(first.lower) && !rest.slice(i, i + 12).some((t) => t.kind === "quote")) return null;
    const words: Token[] = [];
    for (const token of rest.slice(i)) {
      if (
        this.isClaimed(token) ||
        textEnd.has(token.lower) ||
        (words.length && (textStopWords.has(token.lower) || token.lineStart))
      )
        break;
      if (token.kind === "command" || token.kind === "hashtag") break;
      words.push(token);
      if (token.lower === "!" || token.lower === "?" || words.length >= 24) break;
    }
    if (!words.length || words.every((t) => t.kind === "punct")) return null;
    // "tells the reporter privately 'Thanks'": the quote is what is said.
    const quote = words.find((t) => t.kind === "quote");
    if (quote) return { text: quote.text, tokens: [...rest.slice(0, i), ...words.slice(0, words.indexOf(quote) + 1)] };
    const text = spokenText(this.doc.text.slice(words[0]!.start, words[words.length - 1]!.end).trim());
    return { text, tokens: [...rest.slice(0, i), ...words] };
  }

  /** The first duration in the clause (after `from`, if given) that is not claimed yet. */
  duration(from?: Token): Duration | null {
    return this.durations(from)[0] ?? null;
  }

  durations(from?: Token): Duration[] {
    const found: Duration[] = [];
    const tokens = this.after(from ? this.next(from, -1) : undefined);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (this.isClaimed(token)) continue;
      const read = readDurationAt(tokens, i);
      if (read) {
        found.push(read);
        i += read.tokens.length - 1;
      }
    }
    return found;
  }

  /** A whole number right before or after a word ("10 coins", "default 6"). */
  numberNear(word: Token, direction: -1 | 1 | 0 = 0): Token | undefined {
    for (const step of direction ? [direction, direction * 2] : [-1, 1, -2, 2]) {
      const token = this.next(word, step);
      if (token?.number !== undefined && !this.isClaimed(token)) return token;
    }
    return undefined;
  }

  /** A channel: "#welcome", "the welcome channel", "a channel called 'logs'". */
  channel(from?: Token): { ref: string; tokens: Token[] } | null {
    const tokens = this.after(from);
    // "telling them to read #rules", "head to #verify": a channel the message names, not where it goes.
    const named = (t: Token) => {
      const at = tokens.indexOf(t);
      const before = tokens.slice(Math.max(0, at - 2), at).map((w) => w.lower);
      return (
        ["read", "check", "see", "visit", "reading", "checking"].includes(before[before.length - 1] ?? "") ||
        (before[before.length - 1] === "to" && ["go", "head", "goes", "heads"].includes(before[0] ?? "")) ||
        (before[before.length - 1] === "out" && before[0] === "check")
      );
    };
    const hashtag = tokens.find((t) => t.kind === "hashtag" && !this.isClaimed(t) && !named(t));
    if (hashtag) return { ref: "#" + channelSlug(hashtag.text.slice(1)), tokens: [hashtag] };
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.base !== "channel" || this.isClaimed(token)) continue;
      const named = tokens[i + 1] && ["called", "named"].includes(tokens[i + 1]!.lower) ? tokens[i + 2] : undefined;
      const quoted = tokens[i + 1]?.kind === "quote" ? tokens[i + 1] : undefined;
      const before = tokens[i - 1];
      const name = named ?? quoted ?? (before && isNameWord(before) ? before : undefined);
      if (name && !this.isClaimed(name)) {
        const slug = channelSlug(name.text);
        if (slug) return { ref: "#" + slug, tokens: [token, name, ...(named ? [tokens[i + 1]!] : [])] };
      }
    }
    return null;
  }

  /** All channels named in the clause. */
  channels(): { ref: string; tokens: Token[] }[] {
    const found: { ref: string; tokens: Token[] }[] = [];
    let from: Token | undefined;
    for (let guard = 0; guard < 10; guard++) {
      const channel = this.channel(from);
      if (!channel) break;
      found.push(channel);
      from = channel.tokens.reduce((a, b) => (a.index > b.index ? a : b));
    }
    return found;
  }

  /** A role's name: "the 'Member' role", "a role called Member", "@Verified", "the Member role". */
  role(from?: Token): { name: string; tokens: Token[] } | null {
    const tokens = this.after(from);
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (this.isClaimed(token)) continue;
      if (token.kind === "mention" && !["@everyone", "@here"].includes(token.lower) && !/^@\d+$/.test(token.lower))
        return { name: token.text.slice(1), tokens: [token] };
      if (token.base !== "role" || token.lower.endsWith("s")) continue;
      const named = tokens[i + 1] && ["called", "named"].includes(tokens[i + 1]!.lower) ? tokens[i + 2] : undefined;
      if (named && !this.isClaimed(named) && (named.kind === "quote" || named.kind === "word"))
        return { name: roleName(named), tokens: [token, tokens[i + 1]!, named] };
      const quoted =
        tokens[i + 1]?.kind === "quote" ? tokens[i + 1] : tokens[i - 1]?.kind === "quote" ? tokens[i - 1] : null;
      if (quoted && !this.isClaimed(quoted)) return { name: quoted.text.trim(), tokens: [token, quoted] };
      const before = tokens[i - 1];
      if (
        before &&
        isNameWord(before) &&
        !this.isClaimed(before) &&
        !["auto", "self", "reaction", "staff", "mod"].includes(before.lower)
      )
        return { name: roleName(before), tokens: [token, before] };
    }
    return null;
  }

  /**
   * Items listed after `from`: quotes, or words separated by commas, "and", "or" — "block the
   * words 'heck', 'darn' and 'frick'", "roles: Red, Green, Blue". Stops at the end of the list.
   */
  list(from?: Token, stopWords: readonly string[] = []): { items: string[]; tokens: Token[] } {
    const tokens = this.after(from);
    const items: string[] = [];
    const used: Token[] = [];
    let words: Token[] = [];
    const flush = () => {
      const real = words.filter((w) => w.lower !== "/");
      if (real.length && real.length <= 3 && !(real.length === 1 && real[0]!.pos === "PRON")) {
        items.push(this.doc.text.slice(words[0]!.start, words[words.length - 1]!.end));
        used.push(...words);
      }
      const ok = real.length <= 3;
      words = [];
      return ok;
    };
    let i = 0;
    while (
      i < tokens.length &&
      [":", "like", "such", "as", "the", "following", "these", "-"].includes(tokens[i]!.lower)
    )
      i++;
    for (; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (this.isClaimed(token) && token.kind !== "quote") break;
      if (token.kind === "quote") {
        if (!flush()) break;
        items.push(token.text.trim());
        used.push(token);
      } else if (token.lower === "/" && token.joined && tokens[i + 1]?.joined && words.length) {
        words.push(token); // "He/Him" is one item
      } else if ([",", "and", "or", "/", "&", "nor"].includes(token.lower)) {
        if (!flush()) break;
        used.push(token);
      } else if (
        [".", ";", ")", "("].includes(token.lower) ||
        stopWords.includes(token.base) ||
        token.kind === "command" ||
        (token.pos === "ADP" && words.length === 0 && items.length > 0) ||
        (token.pos === "ADP" && token.lower !== "of")
      ) {
        break;
      } else if (token.kind === "word" || token.kind === "number" || token.kind === "emoji") {
        words.push(token);
      } else break;
    }
    flush();
    return { items: items.filter(Boolean), tokens: used };
  }

  /** Emoji in the clause, as written. */
  emojis(): Token[] {
    return this.tokens.filter((t) => t.kind === "emoji");
  }
}

function isNameWord(token: Token): boolean {
  return (
    (token.kind === "word" || token.kind === "quote") &&
    !token.stop &&
    ![
      "same",
      "private",
      "text",
      "voice",
      "specific",
      "separate",
      "new",
      "own",
      "certain",
      "given",
      "chosen",
      "any",
      "that",
    ].includes(token.lower)
  );
}

function roleName(token: Token): string {
  const text = token.text.trim();
  return /^[a-z]/.test(text) ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** A channel's name as Discord writes it: lowercase, spaces to "-". */
/** Words that begin a description of an answer rather than the answer itself. */
const describedWords = new Set(["their", "his", "her", "its", "the", "how", "whether", "which", "what"]);

export function channelSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9_-]/g, "")
    .slice(0, 90);
}

/** A duration starting at tokens[i], or null. */
function readDurationAt(tokens: Token[], i: number): Duration | null {
  const token = tokens[i]!;
  const next = tokens[i + 1];
  const make = (count: number, unit: string, used: Token[]): Duration | null => {
    const letter = timeUnits[unit];
    if (!letter || count <= 0 || !Number.isInteger(count)) return null;
    const text = letter === "w" ? `${count * 7}d` : `${count}${lettersOfUnit[letter]}`;
    const seconds = parseDuration(text);
    return seconds ? { text, seconds, tokens: used } : null;
  };
  const compact = /^(\d{1,5})([a-z]+)$/.exec(token.lower);
  if (compact) return make(Number(compact[1]), compact[2]!, [token]);
  if (everyUnit[token.lower]) {
    const text = everyUnit[token.lower]!;
    return { text, seconds: parseDuration(text)!, tokens: [token] };
  }
  if (token.lower === "half" && next && ["an", "a"].includes(next.lower) && tokens[i + 2]?.lower === "hour")
    return make(30, "minutes", [token, next, tokens[i + 2]!]);
  if (token.number !== undefined && next && timeUnits[next.lower]) return make(token.number, next.lower, [token, next]);
  // "a 1-hour timeout", "24-hour ban".
  const unit = tokens[i + 2];
  if (token.number !== undefined && next?.text === "-" && unit && timeUnits[unit.lower])
    return make(token.number, unit.lower, [token, next, unit]);
  // "a second vote" counts; "every second" is a length of time.
  if (next?.lower === "second" && ["a", "an", "one"].includes(token.lower)) return null;
  if (
    ["a", "an", "every", "per", "each", "one"].includes(token.lower) &&
    next &&
    timeUnits[next.lower] &&
    next.lower.length > 1
  )
    return make(1, next.lower, [token, next]);
  return null;
}
