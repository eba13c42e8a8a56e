/**
 * Sentences into clauses, and the commands each clause names. People put several things in one
 * sentence ("a /ping command that replies Pong! and a roll command that rolls a die, and when
 * someone joins welcome them"), so a sentence is cut before a connective ("and", "also", ";")
 * that starts a new request, and before each further command it names; commands listed
 * together ("/kick, /ban and /timeout") stay one group, so what the clause says applies to all.
 */
import type { Doc, Token } from "./text";
import { timeUnits } from "./words";

export interface Mention {
  /** Lowercase Discord command name, or null for "a command that rolls dice" (the feature names it). */
  name: string | null;
  type: "slash" | "prefix";
  /** The words that name it: "/ping", "ping command", "command called ping". */
  tokens: Token[];
}

export interface Clause {
  tokens: Token[];
  /** Commands this clause names, listed together. */
  mentions: Mention[];
  sentence: number;
}

/** Words that describe commands rather than name one: "moderation commands", "a slash command". */
const notNames = new Set([
  "slash",
  "prefix",
  "simple",
  "basic",
  "new",
  "custom",
  "fun",
  "moderation",
  "mod",
  "admin",
  "utility",
  "economy",
  "music",
  "other",
  "more",
  "all",
  "following",
  "bot",
  "useful",
  "cool",
  "single",
  "separate",
  "another",
  "extra",
  "main",
  "each",
  "every",
  "some",
  "few",
  "different",
  "special",
  "text",
  "chat",
  "discord",
  "couple",
  "same",
  "this",
  "that",
  "these",
  "those",
  "its",
  "their",
  "his",
  "her",
  "my",
  "our",
  "your",
  "any",
  "no",
  "command",
  "commands",
  "random",
]);

/** Two words people write apart for one command. */
const compounds: Record<string, string> = {
  "user info": "userinfo",
  "server info": "serverinfo",
  "member info": "userinfo",
  "coin flip": "coinflip",
  "8 ball": "8ball",
  "eight ball": "8ball",
  "dice roll": "roll",
  "remind me": "remindme",
  "slow mode": "slowmode",
  "time out": "timeout",
};

const isCommandWord = (token: Token | undefined) =>
  token?.kind === "word" && (token.base === "command" || token.base === "cmd");
const isPlural = (token: Token) => token.lower.endsWith("s");

function nameOf(token: Token | undefined): string | null {
  if (!token) return null;
  if (token.kind === "quote") {
    const name = token.text.trim().toLowerCase().replace(/^[/!]/, "").replace(/\s+/g, "");
    return /^[a-z0-9_-]{1,32}$/.test(name) && /[a-z]/.test(name) ? name : null;
  }
  if (token.kind !== "word" || !/[a-z]/.test(token.lower)) return null;
  if (
    token.kind === "word" &&
    (token.stop ||
      notNames.has(token.lower) ||
      token.lower in timeUnits ||
      !/^[a-z0-9][a-z0-9_-]{0,31}$/.test(token.lower))
  )
    return null;
  return token.lower;
}

/** "roll" in "a roll command", "user info" in "a user info command". */
function nameBefore(tokens: Token[], at: number): { name: string; tokens: Token[] } | null {
  const one = tokens[at - 1];
  const two = tokens[at - 2];
  if (one && two && !one.joined && compounds[`${two.lower} ${one.lower}`])
    return { name: compounds[`${two.lower} ${one.lower}`]!, tokens: [two, one] };
  if (one && two && one.joined && two.lower === "8" && one.lower === "ball")
    return { name: "8ball", tokens: [two, one] };
  if (one && one.kind === "number") return null;
  const name = nameOf(one);
  return name && one ? { name, tokens: [one] } : null;
}

/** The commands named in a sentence, in order. */
export function findMentions(sentence: Token[]): Mention[] {
  const mentions: Mention[] = [];
  const used = new Set<number>();
  for (let i = 0; i < sentence.length; i++) {
    const token = sentence[i]!;
    if (used.has(token.index)) continue;
    if (token.kind === "command" && token.command) {
      const tokens = [token];
      if (isCommandWord(sentence[i + 1]) && !isPlural(sentence[i + 1]!)) tokens.push(sentence[i + 1]!);
      tokens.forEach((t) => used.add(t.index));
      mentions.push({ name: token.command.name, type: token.command.type, tokens });
      continue;
    }
    if (!isCommandWord(token)) continue;
    // "lists every command the bot has": commands in general, not one being asked for.
    if (["every", "each", "all", "any", "other", "bot's"].includes(sentence[i - 1]?.lower ?? "")) continue;
    // "Command /timeout with…", "please make command /password": the word names the command after it.
    if (
      !isPlural(token) &&
      (sentence[i + 1]?.kind === "command" || (sentence[i + 1]?.lower === ":" && sentence[i + 2]?.kind === "command"))
    ) {
      const at = sentence[i + 1]!.kind === "command" ? i + 1 : i + 2;
      const named = sentence[at]!;
      sentence.slice(i, at + 1).forEach((t) => used.add(t.index));
      mentions.push({ name: named.command!.name, type: named.command!.type, tokens: sentence.slice(i, at + 1) });
      continue;
    }
    if (isPlural(token)) {
      mentions.push(...listedCommands(sentence, i, used));
      continue;
    }
    const before = nameBefore(sentence, i);
    if (before) {
      before.tokens.forEach((t) => used.add(t.index));
      // "a userinfo and serverinfo command": the names listed before it are commands too.
      let k = sentence.indexOf(before.tokens[0]!) - 1;
      while (
        k > 0 &&
        listGlue.has(sentence[k]!.lower) &&
        nameOf(sentence[k - 1]) &&
        !used.has(sentence[k - 1]!.index) &&
        sentence[k - 1]!.kind !== "command"
      ) {
        const listed = sentence[k - 1]!;
        used.add(listed.index);
        mentions.push({ name: nameOf(listed)!, type: "slash", tokens: [listed] });
        k -= 2;
      }
      mentions.push({ name: before.name, type: "slash", tokens: [...before.tokens, token] });
      continue;
    }
    const next = sentence[i + 1];
    const called = next && ["called", "named", "name", "call", ":"].includes(next.lower);
    const candidate = called ? sentence[i + 2] : next?.kind === "quote" ? next : undefined;
    const name = nameOf(candidate);
    if (name && candidate) {
      const tokens = called ? [token, next!, candidate] : [token, candidate];
      tokens.forEach((t) => used.add(t.index));
      mentions.push({ name, type: "slash", tokens });
      continue;
    }
    used.add(token.index);
    mentions.push({ name: null, type: "slash", tokens: [token] });
  }
  return mentions.sort((a, b) => a.tokens[0]!.index - b.tokens[0]!.index);
}

const listGlue = new Set([",", "and", "or", "&", "/", "+"]);

/** "kick, ban and mute commands", "commands like ping, roll and coinflip". */
function listedCommands(sentence: Token[], at: number, used: Set<number>): Mention[] {
  const found: Mention[] = [];
  const take = (token: Token) => {
    const name = token.kind === "command" ? null : nameOf(token);
    if (name && !used.has(token.index)) {
      used.add(token.index);
      found.push({ name, type: "slash", tokens: [token] });
    }
    return Boolean(name);
  };
  used.add(sentence[at]!.index);
  let i = at - 1;
  while (i >= 0 && take(sentence[i]!)) {
    i--;
    if (i >= 0 && listGlue.has(sentence[i]!.lower)) i--;
    // "kick ban mute and purge commands": names one after another, without commas.
    else if (!(i >= 0 && sentence[i]!.kind === "word" && nameOf(sentence[i]!))) break;
  }
  const intro = sentence[at + 1];
  if (intro && ["like", ":", "such", "including", "called", "named"].includes(intro.lower)) {
    let j = at + (sentence[at + 2]?.lower === "as" ? 3 : 2);
    while (j < sentence.length && take(sentence[j]!)) {
      j++;
      if (j < sentence.length && listGlue.has(sentence[j]!.lower)) j++;
      else break;
    }
  }
  return found;
}

const connectives = new Set(["and", "also", "plus", "then", "but", ";"]);
/** Words that may stand between a connective and what starts the new request. */
const leadIn = new Set([
  "a",
  "an",
  "the",
  "also",
  "then",
  "add",
  "make",
  "create",
  "include",
  "have",
  "with",
  "another",
  "one",
  "there",
  "should",
  "be",
  "will",
  "can",
  "need",
  "want",
  "is",
  "slash",
  "prefix",
  "new",
]);
/** Words that start a request of their own after a connective. */
const anchors = new Set(["when", "whenever", "if", "every", "each", "only", "after", "on"]);
/** "…and it should remember", "…and users can check their balance": a new request when a modal follows. */
const subjects = new Set([
  "it",
  "they",
  "users",
  "members",
  "people",
  "everyone",
  "anyone",
  "i",
  "you",
  "we",
  "the",
  "admins",
  "mods",
  "moderators",
  "staff",
]);
const modals = new Set([
  "should",
  "can",
  "will",
  "must",
  "need",
  "needs",
  "may",
  "could",
  "would",
  "shall",
  "has",
  "have",
  "bot",
]);

/** Mentions listed together ("/kick, /ban and /timeout"): nothing but list glue between them. */
function groupsOf(sentence: Token[], mentions: Mention[]): Mention[][] {
  const groups: Mention[][] = [];
  let lastEnd = -1;
  for (const mention of mentions) {
    const first = sentence.indexOf(mention.tokens[0]!);
    const between = sentence.slice(lastEnd + 1, first);
    const group = groups[groups.length - 1];
    if (group && between.every((t) => listGlue.has(t.lower) || t.lower === "the")) group.push(mention);
    else groups.push([mention]);
    lastEnd = sentence.indexOf(mention.tokens[mention.tokens.length - 1]!);
  }
  return groups;
}

/** Cut a sentence into clauses, each naming at most one group of commands. */
export function splitSentence(sentence: Token[], index: number): Clause[] {
  const mentions = findMentions(sentence);
  const groups = groupsOf(sentence, mentions);
  const startsGroup = new Set(groups.map((group) => group[0]!.tokens[0]!.index));
  const span = (group: Mention[]) =>
    [
      sentence.indexOf(group[0]!.tokens[0]!),
      sentence.indexOf(group[group.length - 1]!.tokens[group[group.length - 1]!.tokens.length - 1]!),
    ] as const;
  const insideGroup = (i: number) => groups.some((group) => span(group)[0] < i && i < span(group)[1]);

  const cuts = new Set<number>();
  for (let i = 1; i < sentence.length; i++) {
    const token = sentence[i]!;
    if ((!connectives.has(token.lower) && token.lower !== ",") || insideGroup(i)) continue;
    let j = i + 1;
    while (j < sentence.length && (leadIn.has(sentence[j]!.lower) || connectives.has(sentence[j]!.lower))) j++;
    const next = sentence[j];
    if (!next) continue;
    const holderOnly =
      ["admin", "administrator", "mod", "moderator", "staff", "owner"].includes(next.base) &&
      sentence[j + 1]?.lower === "only";
    if (token.lower === ";" || (token.lower === "," && (next.lower === "only" || holderOnly))) cuts.add(i);
    else if (
      token.lower !== "," &&
      (startsGroup.has(next.index) ||
        anchors.has(next.lower) ||
        (subjects.has(next.lower) && modals.has(sentence[j + 1]?.lower ?? "")))
    )
      cuts.add(i);
  }

  // A further group of commands in the same clause starts a clause of its own, at its lead-in.
  for (let g = 1; g < groups.length; g++) {
    const previousEnd = span(groups[g - 1]!)[1];
    const first = span(groups[g]!)[0];
    if ([...cuts].some((cut) => cut > previousEnd && cut <= first)) continue;
    let start = first;
    while (
      start - 1 > previousEnd &&
      (leadIn.has(sentence[start - 1]!.lower) || listGlue.has(sentence[start - 1]!.lower))
    )
      start--;
    cuts.add(start);
  }

  const clauses: Clause[] = [];
  let current: Token[] = [];
  const empty = (tokens: Token[]) => tokens.every((t) => t.kind === "punct" || connectives.has(t.lower));
  sentence.forEach((token, i) => {
    if (cuts.has(i) && current.length && !empty(current)) {
      clauses.push({ tokens: current, mentions: [], sentence: index });
      current = [];
    }
    current.push(token);
  });
  if (current.length) clauses.push({ tokens: current, mentions: [], sentence: index });
  for (const mention of mentions) {
    const clause = clauses.find((c) => c.tokens.includes(mention.tokens[0]!));
    clause?.mentions.push(mention);
  }
  return clauses;
}

/**
 * How a sentence that goes on about the command before it starts: "It should have an option
 * called sides", "The result is a random number…", "If it's left out use 6", "Otherwise…".
 */
function continues(clause: Clause): boolean {
  const [first, second] = clause.tokens.filter((token) => token.kind !== "punct").map((token) => token.lower);
  if (!first) return false;
  // "There's a 40% chance to win", "There is a 10 second cooldown": about the command just named.
  if (
    (first === "there's" || (first === "there" && ["is", "'s", "should"].includes(second ?? ""))) &&
    !clause.tokens.some((t) => ["when", "whenever", "every", "join", "joins"].includes(t.lower))
  )
    return true;
  if (["it", "its", "it's", "this", "that", "otherwise", "default", "defaults", "also"].includes(first)) {
    // "Also add /ping", "This bot also welcomes…" start something new.
    return !["add", "make", "create", "bot", "server"].includes(second ?? "");
  }
  if (
    first === "the" &&
    ["result", "answer", "reply", "response", "number", "output", "option", "options"].includes(second ?? "")
  )
    return true;
  // "Show the person's username and which roles they have.": what the command answers, said as an
  // order — unless it is about something that happens ("Show a welcome when someone joins").
  if (
    ["show", "display", "reply", "respond", "answer", "include", "list"].includes(first) &&
    !clause.tokens.some((token) =>
      ["when", "whenever", "every", "join", "joins", "joined", "leave", "leaves", "once", "after"].includes(
        token.lower,
      ),
    )
  )
    return true;
  if (first !== "if") return false;
  // "if you already have it, reply '…'" goes on about the role the command gives.
  const opening = clause.tokens.slice(0, 6).map((token) => token.lower);
  return (
    ["it", "it's", "its", "left", "not", "nothing", "none", "no", "empty", "omitted"].includes(second ?? "") ||
    opening.includes("already")
  );
}

export function clausesOf(doc: Doc): Clause[] {
  const clauses = doc.sentences.flatMap((sentence, index) => splitSentence(sentence, index));
  // A sentence that goes on about the one command of the sentence before is read with it.
  const merged: Clause[] = [];
  let lastSentence = -1;
  for (const clause of clauses) {
    const previous = merged[merged.length - 1];
    if (
      previous &&
      previous.mentions.length === 1 &&
      !clause.mentions.length &&
      clause.sentence <= lastSentence + 1 &&
      continues(clause)
    ) {
      merged[merged.length - 1] = { ...previous, tokens: [...previous.tokens, ...clause.tokens] };
      lastSentence = clause.sentence;
      continue;
    }
    merged.push(clause);
    lastSentence = clause.sentence;
  }
  return merged;
}
