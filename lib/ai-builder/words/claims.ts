/**
 * What a description states outright, read from the user's words alone (issue 34, "Proof against
 * the user's words"): the commands it names (/poll, !joke) and their written options
 * (`/remind <minutes> <text>`, `/split total:<amount>`), the texts it quotes as replies
 * ("reply 'Pong!'"), the channels (#suggestions) and roles (@Moderator, the "Gamer" role) it
 * names, the durations it gives a timeout or a ban ("a 1-hour timeout"), a cooldown's length, and
 * "only admins" on a named command.
 *
 * This reader is deliberately separate from the builder's own (lib/ai-builder/offline/) and
 * narrow: it reads only what is written in a form that leaves no doubt, so a claim is never a
 * guess. The proof then holds the built bot to these claims (./verify.ts): a bot that contradicts
 * the user's words fails its proof even when it matches the builder's plan.
 */
import { parseDuration } from "@/lib/blueprint/vocabulary";

export type Claim =
  | { kind: "command"; name: string; type: "slash" | "prefix"; words: string }
  | { kind: "subcommand"; command: string; name: string; words: string }
  | {
      kind: "option";
      command: string;
      subcommand?: string;
      name: string;
      /** A member, when written as `@user` / `<@member>`. */
      type?: "user";
      words: string;
    }
  /** A text the bot is to send, quoted by the user; `{…}`, `<…>` and `[…]` inside are placeholders. */
  | { kind: "reply"; text: string; words: string }
  | { kind: "channel"; name: string; words: string }
  /** `restricts`: named as who may use something ("only me (I have the Admin role)"). */
  | { kind: "role"; name: string; restricts?: true; words: string }
  | { kind: "duration"; action: "timeout" | "ban" | "cooldown"; seconds: number; words: string }
  | { kind: "restricted"; command: string; words: string };

/** Commands and their options, as a command line would say them (Discord: 1–32 lowercase characters). */
const commandToken = /(?<![\p{L}\p{N}_/:.])([/!])([a-z][a-z0-9_-]{0,31})(?![\p{L}\p{N}_/.]*\.[a-z]{2,})/giu;

function wordsAround(text: string, start: number, end: number): string {
  return text.slice(start, end).trim();
}

/** The clause around a position: from the last sentence break before it to the next one after. */
function clauseAt(text: string, at: number): { start: number; end: number } {
  const before = text.slice(0, at);
  const breaks = [...before.matchAll(/[.!?](?=\s)|\n|;/g)];
  const start = breaks.length ? breaks[breaks.length - 1]!.index! + 1 : 0;
  const after = /[.!?](?=\s|$)|\n|;/.exec(text.slice(at));
  return { start, end: after ? at + after.index : text.length };
}

interface Found {
  claim: Claim;
  at: number;
}

export function claimsOf(description: string): Claim[] {
  const text = (description ?? "").slice(0, 20_000);
  const found: Found[] = [];
  commandClaims(text, found);
  quoteClaims(text, found);
  channelClaims(text, found);
  roleClaims(text, found);
  durationClaims(text, found);
  restrictedClaims(text, found);
  // A channel or role named inside a quoted reply ("Head to #verify") is what the bot says, not uses.
  const quoted = [...text.matchAll(quotePattern)].map((match) => [match.index!, match.index! + match[0].length]);
  const inQuote = (item: Found) =>
    (item.claim.kind === "channel" || (item.claim.kind === "role" && item.claim.words.startsWith("@"))) &&
    quoted.some(([start, end]) => item.at > start! && item.at < end!);
  const seen = new Set<string>();
  return found
    .filter((item) => !inQuote(item))
    .sort((a, b) => a.at - b.at)
    .map((item) => item.claim)
    .filter((claim) => {
      const { words: _words, ...rest } = claim;
      const key = JSON.stringify(rest);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** An option's name as Discord would have it: "how many" → "how_many". */
function optionName(raw: string): string | null {
  const name = raw
    .trim()
    .toLowerCase()
    .replace(/^@/, "")
    .replace(/[\s-]+/g, "_")
    .replace(/[^\p{L}\p{N}_]/gu, "");
  return name && name.length <= 32 ? name : null;
}

/** Between a command and a word after it, words that make the word not a subcommand name. */
const joiningWords = new Set(
  "a an the and or with to that which who for in on of is it its at by as from so then if when but like command commands".split(
    " ",
  ),
);

function commandClaims(text: string, found: Found[]): void {
  const occurrences: { at: number; name: string; type: "slash" | "prefix"; word: string; next?: RegExpExecArray }[] =
    [];
  for (const match of text.matchAll(commandToken)) {
    const at = match.index!;
    // "!" after a word is punctuation ("wow!nice"), and "/" inside a path or a fraction is not a command.
    if (/[\p{L}\p{N}]/u.test(text[at - 1] ?? " ")) continue;
    const name = match[2]!.toLowerCase();
    const type = match[1] === "/" ? "slash" : "prefix";
    found.push({ at, claim: { kind: "command", name, type, words: match[0] } });
    // A subcommand: "/todo add", or several at once: "/todo add|list|done". A word before ":" is an option.
    const next = /^ ([a-z][a-z0-9_-]{0,31})((?:\s*\|\s*[a-z][a-z0-9_-]{0,31})*)(?=[\s,.;)<[\]]|$)/i.exec(
      text.slice(at + match[0].length),
    );
    occurrences.push({ at, name, type, word: match[0], ...(next ? { next } : {}) });
  }
  // A command has subcommands when it is written with two different words after it, or with "a|b".
  const nextWords = new Map<string, Set<string>>();
  for (const item of occurrences) {
    const word = item.next?.[1]?.toLowerCase();
    if (item.type !== "slash" || !word || joiningWords.has(word)) continue;
    nextWords.set(item.name, (nextWords.get(item.name) ?? new Set()).add(word));
  }
  for (const item of occurrences) {
    let rest = text.slice(item.at + item.word.length);
    let subcommand: string | undefined;
    const next = item.next;
    if (item.type === "slash" && next) {
      const first = next[1]!.toLowerCase();
      const alternatives = next[2]
        ? next[2]
            .split("|")
            .map((part) => part.trim().toLowerCase())
            .filter(Boolean)
        : [];
      const words = [item.word + next[0]].join("");
      if (alternatives.length) {
        for (const sub of [first, ...alternatives])
          found.push({ at: item.at, claim: { kind: "subcommand", command: item.name, name: sub, words } });
      } else if (!joiningWords.has(first) && (nextWords.get(item.name)?.size ?? 0) >= 2) {
        found.push({ at: item.at, claim: { kind: "subcommand", command: item.name, name: first, words } });
        subcommand = first;
        rest = rest.slice(next[0].length);
      }
    }
    // Written options right after it: "<minutes> <text>", "[reason]", "@user", "total:<amount>".
    for (;;) {
      const option =
        /^\s*(?:<([^<>@#\n]{1,32})>|\[([^[\]\n]{1,32})\]|(@(?:user|member|someone|target|person))\b|([a-z][a-z0-9_]{0,31}):(?:<[^<>\n]{1,40}>|[^\s,;]+))/i.exec(
          rest,
        );
      if (!option) break;
      rest = rest.slice(option[0].length);
      const raw = (option[1] ?? option[2] ?? option[3] ?? option[4]!).replace(/\s*\(.*\)$/, "");
      // "<number 1-10>" or "<a or b>" say more than a name.
      if (/[|=]/.test(raw) || raw.trim().split(/\s+/).length > 2) continue;
      const name = optionName(raw);
      if (!name) continue;
      found.push({
        at: item.at,
        claim: {
          kind: "option",
          command: item.name,
          ...(subcommand ? { subcommand } : {}),
          name,
          ...(option[3] ? { type: "user" as const } : {}),
          words: option[0].trim(),
        },
      });
    }
  }
  // "an option called sides", "(option name: options)": an option of the command named before it.
  // "all three take a user option called target": every command of the sentence.
  // "It has one option, user, which is optional": the word set off after "one option".
  for (const match of text.matchAll(
    /\b(?:option\s+(?:called|named|name:?)\s+["'`“‘]?([a-z][a-z0-9_-]{0,31})\b|one option[,:]\s+["'`“‘]?([a-z][a-z0-9_-]{0,31})\b(?=["'`”’]?\s*[,.;(—–-])|(?<=\b(?:with|and|an?|the)\s+)option\s+([a-z][a-z0-9_-]{0,31})(?=\s*(?:[,.;(]|and\b|$)))/gi,
  )) {
    const name = optionName(match[1] ?? match[2] ?? match[3]!);
    if (!name || ["which", "that", "the", "a", "an", "and", "or", "so", "it"].includes(name)) continue;
    const clause = clauseAt(text, match.index!);
    const lead = text.slice(clause.start, match.index!);
    const all =
      /\b(?:all|each|every|both|they all|all of them|all three|all two)\b[^.]{0,30}\b(?:take|takes|have|has|get|gets|need|needs)\b/i.test(
        lead,
      );
    const before = occurrences.filter((item) => item.at < match.index! && item.type === "slash");
    const owners = all ? before.filter((item) => item.at >= clause.start) : before.slice(-1);
    for (const owner of owners)
      found.push({ at: match.index!, claim: { kind: "option", command: owner.name, name, words: match[0] } });
  }
}

/** Quoted texts: '…', "…", “…”, ‘…’ — an apostrophe inside a word ("don't") opens nothing. */
const quotePattern =
  /(?<![\p{L}\p{N}])(?:"([^"\n]{1,300})"|“([^”\n]{1,300})”|‘([^’\n]{1,300})’|'((?:[^'\n]|(?<=\p{L})'(?=\p{L})){1,300})')(?![\p{L}\p{N}])/gu;
/** Words that make the quote after them the bot's text (within a few words of it). */
const replyVerb =
  /(?:\b(?:reply|replies|replying|respond|responds|responding|answer|answers|answering|say|saying|send|sends|sending|post|posts|posting|dm|dms|dm'd|dmd|dmed|message|print|prints|return|returns|output|outputs|show|shows|tell|tells|telling|announce|announces|greet|greets)\b|->|→|=>)(?:\s+[^\s"'“‘”’]+){0,5}?\s*[:\-–—>]*\s*$/i;
/** "sends it to #mod-log as 'Report from…'". */
const asAfterSend =
  /\b(?:send|sends|post|posts|reply|replies|dm|dms|log|logs)\b[^"'“‘]{0,60}\b(?:as|saying|reading)\s*[:]?\s*$/i;
/** Right before a quote, the words that make it what a member writes (a trigger), not a reply. */
const triggerBefore = new RegExp(
  [
    // "someone types 'hi'", "anyone who posts a message with 'nitro'", "people say 'gm'"
    String.raw`\b(?:someone|somebody|some1|anyone|anybody|any1|whoever|who|user|member|he|she)\s+(?:\S+\s+){0,4}?(?:says|types|writes|sends|posts|puts|uses|does|enters|asks)\b[^"'“‘]{0,40}$`,
    String.raw`\b(?:people|ppl|users|members|they|you|u|i|we)\s+(?:\S+\s+){0,2}?(?:say|type|write|send|post|put|use|enter|ask)\b[^"'“‘]{0,40}$`,
    String.raw`\b(?:word|words|contains?|containing|includes?|including|like|such as|e\.g\.?|for example|called|named|trigger|keyword|phrase|starting with|starts with|beginning with|begins with|ending with|ends with|role)\s*[:\-–—]?\s*$`,
  ].join("|"),
  "i",
);
/** "something like 'Welcome!'": the user gave a sample, not the text. */
const approximateBefore = /\b(?:something|somethin|smth|sth)\s+(?:like|along the lines of)\s*$|\blike\s*$/i;

function quoteClaims(text: string, found: Found[]): void {
  for (const match of text.matchAll(quotePattern)) {
    const quoted = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? "").trim();
    if (!quoted || quoted.length < 2) continue;
    const at = match.index!;
    const before = text.slice(Math.max(0, at - 60), at);
    const after = text.slice(at + match[0].length, at + match[0].length + 20);
    if (/^\s*(?:role|channel|button|category|emoji|reaction)\b/i.test(after)) continue;
    // "with 'nitro' in it": what a message holds.
    if (/^\s*(?:in it|in (?:a|the|their|his|her) (?:message|msg|name|link)|anywhere|somewhere)\b/i.test(after))
      continue;
    // A command line in quotes ("'!echo hi' -> 'hi'") is what a member writes.
    if (/^[/!?.$-]\w/.test(quoted)) continue;
    if (approximateBefore.test(before) || triggerBefore.test(before)) continue;
    if (!replyVerb.test(before) && !asAfterSend.test(before)) continue;
    found.push({ at, claim: { kind: "reply", text: quoted, words: wordsAround(text, at, at + match[0].length) } });
  }
}

/** Words that make a channel named in a clause part of what the bot does. */
const channelWork =
  /\b(?:post|posts|posted|posting|send|sends|sent|log|logs|logged|logging|goes?|going|announce|announces|announcement|announcements|put|puts|say|says|greet|greets|greeted|welcome|welcomes|react|reacts|reaction|reactions|only|when|whenever|if|every|each|message|messages|msg|drop|drops|move|moves|share|ping|pings|dm|to|into|mention|mentions|reply|replies|count|counting|create|creates|open|opens)\b|→|->/i;

function channelClaims(text: string, found: Found[]): void {
  for (const match of text.matchAll(/(?<![\p{L}\p{N}&<])#([\p{L}\p{N}][\p{L}\p{N}_-]{0,99})/gu)) {
    const name = match[1]!.toLowerCase().replace(/[-_]+$/, "");
    // "#1", "#3" are numbers; a channel name has a letter; "/channelid #channel" is an option.
    if (!/\p{L}/u.test(name) || /^(?:channel|channels|channel-name|channelname|name|somewhere)$/.test(name)) continue;
    // "support requests in #general are chaos" is the story, not the bot: the clause must say what happens there.
    const clause = clauseAt(text, match.index!);
    if (!channelWork.test(text.slice(clause.start, clause.end))) continue;
    found.push({ at: match.index!, claim: { kind: "channel", name, words: match[0] } });
  }
}

const notRoles = new Set([
  "everyone",
  "here",
  "user",
  "users",
  "member",
  "someone",
  "target",
  "person",
  "mention",
  "them",
  "bot",
  "mods",
  "admins",
]);

/** A clause that says who may do something. */
const restrictionWords =
  /\b(?:only|just|mods?|moderators?|admins?|administrators?|staff|can use|can run|can do|allowed|permission|manage)\b/i;

function roleClaims(text: string, found: Found[]): void {
  const start = found.length;
  roleNames(text, found);
  for (const item of found.slice(start)) {
    const clause = clauseAt(text, item.at);
    const window = text.slice(Math.max(clause.start, item.at - 60), Math.min(clause.end, item.at + 60));
    if (restrictionWords.test(window)) (item.claim as { restricts?: true }).restricts = true;
  }
}

function roleNames(text: string, found: Found[]): void {
  // "@Moderator" (capitalised: "@user" is a placeholder), '"Gamer" role', 'the Gamer role', 'role called "VIP"'.
  for (const match of text.matchAll(/(?<![\p{L}\p{N}<])@([\p{Lu}][\p{L}\p{N}_-]{0,99})/gu)) {
    if (/^(?:everyone|here|someone|user|users|mention|them)$/i.test(match[1]!)) continue;
    found.push({ at: match.index!, claim: { kind: "role", name: match[1]!, words: match[0] } });
  }
  for (const match of text.matchAll(/["“'‘]([^"”'’\n]{1,100})["”'’]\s+role\b/gu)) {
    found.push({ at: match.index!, claim: { kind: "role", name: match[1]!.trim(), words: match[0] } });
  }
  for (const match of text.matchAll(/\brole\s+["“'‘]([^"”'’\n]{1,100})["”'’]/gu)) {
    found.push({ at: match.index!, claim: { kind: "role", name: match[1]!.trim(), words: match[0] } });
  }
  for (const match of text.matchAll(/\brole\s+(?:called|named)\s+["“'‘]?([\p{Lu}][\p{L}\p{N}_-]{0,99})["”'’]?/gu)) {
    found.push({ at: match.index!, claim: { kind: "role", name: match[1]!, words: match[0] } });
  }
  for (const match of text.matchAll(/\b(?:the|a|an)\s+([\p{Lu}][\p{L}\p{N}_-]{1,99})\s+role\b/gu)) {
    const name = match[1]!;
    // "the Admin role" names a role; "The role" at a sentence start does not.
    if (notRoles.has(name.toLowerCase())) continue;
    found.push({ at: match.index!, claim: { kind: "role", name, words: match[0] } });
  }
}

/** "1 hour", "1-hour", "24h", "10 minutes", "2 days". */
const durationPattern =
  /\b(\d{1,6})\s*-?\s*(s|sec|secs|seconds?|m|min|mins|minutes?|h|hr|hrs|hours?|d|days?|w|weeks?)\b/gi;

function durationClaims(text: string, found: Found[]): void {
  for (const match of text.matchAll(durationPattern)) {
    const at = match.index!;
    const clause = clauseAt(text, at);
    // Command names ("/timeout", "/cooldown") say nothing about what a duration is for.
    const nearStart = Math.max(clause.start, at - 40);
    const near = text
      .slice(nearStart, Math.min(clause.end, at + match[0].length + 40))
      .replace(/(?<![\p{L}\p{N}])[/!][a-z][\w-]*/giu, (command) => " ".repeat(command.length));
    const unit = match[2]!.toLowerCase();
    const seconds = parseDuration(`${match[1]} ${unit === "m" ? "minutes" : unit}`);
    if (!seconds) continue;
    // A duration that is an example of what a member types ("like 10m, 2h or 1d") is an option's value.
    const lead = text.slice(Math.max(clause.start, at - 25), at);
    if (
      /\b(?:like|e\.g\.?|such as|for example|or|eg)\s*[\d\s,a-z]*$/i.test(lead) &&
      /\b(?:like|e\.g|such as|example|eg)\b/i.test(lead)
    )
      continue;
    if (/<|\{|\boption\b|\bduration\b|\bhow long\b|\bminutes\s*>/i.test(near)) continue;
    // The action word nearest to the duration: "a 1h timeout, a 24h ban" gives each its own.
    const words: [RegExp, "cooldown" | "timeout" | "ban"][] = [
      [/\bcool\s*-?downs?\b/gi, "cooldown"],
      [
        /\b(?:time\s*-?\s*outs?|timed out|times? (?:them |someone |him |her |the \w+ )?out|timing out|mutes?|muted|muting)\b/gi,
        "timeout",
      ],
      [/\b(?:temp\s*-?\s*bans?|bans?|banned|banning)\b/gi, "ban"],
    ];
    const center = at - nearStart + match[0].length / 2;
    let action: "cooldown" | "timeout" | "ban" | null = null;
    let nearest = Infinity;
    for (const [pattern, kind] of words) {
      for (const word of near.matchAll(pattern)) {
        const distance = Math.abs(word.index! + word[0].length / 2 - center);
        if (distance < nearest) [nearest, action] = [distance, kind];
      }
    }
    if (!action) continue;
    found.push({ at, claim: { kind: "duration", action, seconds, words: match[0] } });
  }
}

function restrictedClaims(text: string, found: Found[]): void {
  const restricted =
    /\b(?:only\s+(?:for\s+)?(?:admins?|administrators?|mods?|moderators?|staff|people who can \w+|members who can \w+|the owner)|(?:admins?|mods?|moderators?|staff)\s*-?\s*only|(?:mods?|admins?)\s+can\s+use)\b/i;
  for (const command of found.filter((item) => item.claim.kind === "command")) {
    const clause = clauseAt(text, command.at);
    const sentence = text.slice(clause.start, clause.end);
    // Within the same clause, or in brackets right after the command line ("(mods only)").
    const window = text.slice(command.at, Math.min(text.length, command.at + 80));
    const inBrackets = /^[^()\n]{0,60}\(([^()\n]{0,40})\)/.exec(window)?.[1] ?? "";
    const commands = [...sentence.matchAll(commandToken)].length;
    if ((commands === 1 && restricted.test(sentence)) || restricted.test(inBrackets)) {
      const name = (command.claim as { name: string }).name;
      found.push({
        at: command.at,
        claim: { kind: "restricted", command: name, words: (restricted.exec(inBrackets || sentence) ?? [""])[0] },
      });
    }
  }
}
