/**
 * The words no recogniser claimed, quoted back to the user with what we can say about them:
 * "plays music" is not something a blueprint can do, "orders pizza" is simply not understood.
 */
import type { NotUnderstood } from "@/lib/ai-builder/types";

import type { Clause } from "./clauses";
import type { Doc, Token } from "./text";
import { fillerWords, kindWords } from "./words";

const quiet = new Set(["DET", "ADP", "PRON", "CCONJ", "SCONJ", "AUX", "PART", "PUNCT", "SYM", "SPACE"]);

function meaningful(token: Token): boolean {
  if (token.kind === "punct" || token.kind === "symbol" || !/[\p{L}\p{N}]/u.test(token.text)) return false;
  if (token.kind === "quote" || token.kind === "command" || token.kind === "hashtag" || token.kind === "url")
    return true;
  if (token.stop || quiet.has(token.pos)) return false;
  if (fillerWords.has(token.base) || fillerWords.has(token.lower) || fillerWords.has(token.lemma)) return false;
  return token.kind !== "number" || token.lower.length > 0;
}

/** What we know about words people ask for that no blueprint can do. */
const known: { words: string[]; reason: string }[] = [
  {
    words: ["music", "song", "songs", "play", "playlist", "voice", "vc", "spotify", "radio", "audio"],
    reason: "Playing music or joining voice channels is not something a blueprint bot can do.",
  },
  {
    words: [
      "weather",
      "youtube",
      "twitch",
      "reddit",
      "twitter",
      "api",
      "fetch",
      "website",
      "google",
      "search",
      "wikipedia",
      "news",
      "rss",
      "crypto",
      "stock",
      "stocks",
    ],
    reason: "A blueprint bot cannot fetch anything from other websites or services.",
  },
  {
    words: ["ai", "chatgpt", "gpt", "openai", "chatbot", "llm", "smart", "conversation"],
    reason: "A blueprint bot cannot talk to an AI model; it answers with the texts you give it.",
  },
  {
    words: ["image", "images", "meme", "memes", "picture", "gif", "gifs", "photo"],
    reason: "A blueprint bot cannot find or make images; it can post a fixed https image link in an embed.",
  },
  {
    words: ["slots", "casino", "shop", "store", "buy", "sell", "item", "items", "inventory", "rob"],
    reason:
      "Shops, items, slots and casinos are not part of what this builder makes offline; the economy has balance, daily, work, pay, a double-or-nothing bet and a leaderboard.",
  },
  {
    words: ["spam", "spamming", "spammer", "flood", "flooding", "raid", "raids", "anti-raid", "antispam", "anti-spam"],
    reason:
      "Spam and raid detection (how fast members post or join) is not something this builder makes offline; banned words and invite-link filters are.",
  },
  { words: ["giveaway", "giveaways", "raffle"], reason: "Giveaways are not something this builder makes offline yet." },
  { words: ["nickname", "nick", "rename"], reason: "Changing nicknames is not an action a blueprint has." },
  {
    words: ["lock", "unlock", "lockdown"],
    reason: "Locking channels is not an action a blueprint has; slowmode is the closest.",
  },
  { words: ["edit", "edited", "deleted", "audit"], reason: "A blueprint bot does not see edited or deleted messages." },
  { words: ["translate", "translation", "translator"], reason: "A blueprint bot cannot translate text." },
  {
    words: ["typescript"],
    reason:
      "Cipher writes bots in JavaScript (discord.js) or Python (discord.py); TypeScript is not one of them, so this is built in JavaScript unless you choose Python.",
  },
];

function reasonFor(tokens: Token[]): string {
  for (const token of tokens)
    if (kindWords[token.lower] && kindHints[kindWords[token.lower]!]) return kindHints[kindWords[token.lower]!]!;
  for (const entry of known)
    if (tokens.some((t) => entry.words.includes(t.lower) || entry.words.includes(t.lemma))) return entry.reason;
  return genericReason;
}

export const genericReason = "I could not tell what the bot should do with this.";

const kindHints: Record<string, string> = {
  moderation:
    "Say which moderation commands you want, e.g. /kick, /ban, /timeout, /purge or /warn with a warning ladder.",
  economy: "Say which economy commands you want, e.g. /balance, /daily, /work, /pay and /leaderboard.",
  leveling: "Say how members level up, e.g. 10 xp per message, a level every 100 xp, and /rank.",
  fun: "Say which fun commands you want, e.g. /roll, /coinflip or /8ball.",
  utility: "Say which commands you want, e.g. /ping, /userinfo or /serverinfo.",
  automod: "Say what to block, e.g. the words 'heck' and 'darn', or invite links.",
  welcome: "Say where to welcome new members, e.g. welcome them in #welcome.",
  tickets: "Say how tickets open, e.g. a button that opens a private channel for the member and the Staff role.",
};

/**
 * One entry per run of unclaimed words in a clause, quoting them as written. Words that only
 * name a kind of bot ("a moderation bot") count as understood when that kind was built.
 */
export function leftovers(
  doc: Doc,
  clauses: Clause[],
  claimed: Set<number>,
  built: ReadonlySet<string>,
): NotUnderstood[] {
  const notes: NotUnderstood[] = [];
  for (const token of doc.tokens) {
    const kind = kindWords[token.lower];
    if (kind && !claimed.has(token.index) && (built.has(kind) || !kindHints[kind])) claimed.add(token.index);
  }
  // "teams: /team red gives…", "self roles: /iam <role>…": a heading over the commands that follow
  // it, once they were built, says nothing more.
  for (const sentence of doc.sentences) {
    const colon = sentence.slice(1, 4).findIndex((t) => t.text === ":") + 1;
    if (colon < 1) continue;
    const heading = sentence.slice(0, colon);
    const next = sentence[colon + 1];
    if (
      heading.every((t) => t.kind === "word" && !claimed.has(t.index)) &&
      next?.kind === "command" &&
      claimed.has(next.index)
    )
      for (const t of heading) claimed.add(t.index);
  }
  // A run of words left over ends with its sentence: a clause that goes on into the next sentence
  // ("…shows our rules. It should also…") is quoted as one part per sentence.
  const sentenceOf = new Map<number, number>();
  doc.sentences.forEach((sentence, index) => sentence.forEach((token) => sentenceOf.set(token.index, index)));
  for (const clause of clauses) {
    let run: Token[] = [];
    const flush = () => {
      const words = run.filter(meaningful);
      if (words.length && !words.every((t) => t.kind === "number")) {
        const text = doc.text.slice(words[0]!.start, words[words.length - 1]!.end).trim();
        notes.push({ text: text.length > 200 ? text.slice(0, 197) + "…" : text, reason: reasonFor(words) });
      }
      run = [];
    };
    for (const token of clause.tokens) {
      if (claimed.has(token.index)) {
        if (meaningful(token)) flush();
      } else {
        const last = run.at(-1);
        if (last && sentenceOf.get(last.index) !== sentenceOf.get(token.index)) flush();
        run.push(token);
      }
    }
    flush();
  }
  return notes;
}
