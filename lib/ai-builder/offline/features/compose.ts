/**
 * A command described step by step: "!verify removes Unverified, gives them Member and replies
 * 'You're verified!'", "/eventstart posts '…' in #announcements, and 30 minutes later posts
 * '…' there too", "/report user reason posts the report in #mod-reports and tells the reporter
 * privately 'Thanks'". Each verb with what follows it becomes one action, in order.
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import { dm, reply, send, template } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";

const replyVerbs = [
  "reply",
  "respond",
  "answer",
  "say",
  "return",
  "print",
  "output",
  "tell",
  "show",
  "display",
  "write",
];
const postVerbs = ["post", "send", "announce", "share"];
const giveVerbs = ["give", "add", "assign", "grant"];
const takeVerbs = ["remove", "take"];
const toggleVerbs = ["toggle", "switch"];
const privately = ["privately", "ephemeral", "hidden", "secretly"];

export interface Composed {
  actions: Action[];
  /** What it does, in plain words: 'replies "Hi!"', 'posts "…" in #events'. */
  said: string[];
}

/**
 * The actions a clause describes for a command; `target` is the member option when there is
 * one ("gives them Member"), `extra` maps the user's placeholders to options.
 */
export function compose(reader: Reader, target: string | null, extra: Record<string, string> = {}): Composed {
  const actions: Action[] = [];
  const said: string[] = [];
  let later: { duration: string; seconds: number; actions: Action[] } | null = null;
  /** Where the actions go: the command's list, or the "else" of a check said along the way. */
  let sink = actions;
  let lastChannel: string | null = null;
  const push = (action: Action, words: string) => {
    (later ? later.actions : sink).push(action);
    said.push(later ? `${describeSeconds(later.seconds)} later ${words}` : words);
  };
  const member = () => target ?? "{user}";

  for (const verb of reader.tokens) {
    if (reader.isClaimed(verb) || verb.kind !== "word") continue;
    const base = verb.base;
    if (["later", "after"].includes(verb.lower)) {
      const durations = reader.durations();
      const duration =
        verb.lower === "later"
          ? durations.find((d) => d.tokens[d.tokens.length - 1]!.index === verb.index - 1)
          : durations.find((d) => d.tokens[0]!.index === verb.index + 1);
      if (duration && duration.seconds <= 365 * 86_400) {
        reader.claim(verb, ...duration.tokens);
        later = { duration: duration.text, seconds: duration.seconds, actions: [] };
        sink.push({ do: "wait", duration: later.duration, then: later.actions });
      }
      continue;
    }
    if (giveVerbs.includes(base) || takeVerbs.includes(base) || toggleVerbs.includes(base)) {
      const role = roleAfter(reader, verb);
      if (!role) continue;
      const give = giveVerbs.includes(base);
      reader.claim(verb, ...role.tokens);
      if (toggleVerbs.includes(base)) {
        // "toggles the Gamer role": gives it, or takes it away from who has it.
        push({ do: "toggleRole", member: member(), role: role.name }, `gives or takes away the ${role.name} role`);
        continue;
      }
      const already = !later ? alreadyHas(reader, give, extra) : null;
      if (already) {
        // "…and replies 'Welcome!'; if you already have it, reply 'You already have it.'": the check comes first.
        const otherwise: Action[] = [{ do: give ? "addRole" : "removeRole", member: member(), role: role.name }];
        const has: Action = {
          do: "if",
          when: { test: "hasRole", member: member(), role: role.name },
          then: [],
          else: [],
        };
        const check: Action = give
          ? { ...has, then: already.actions, else: otherwise }
          : { ...has, then: otherwise, else: already.actions };
        sink.push(check);
        sink = otherwise;
        said.push(
          `if ${target ? "they" : "you"} ${give ? "already have" : "do not have"} the ${role.name} role ${already.said.join(", ")}, else ${give ? "gives" : "takes away"} it`,
        );
        continue;
      }
      push(
        { do: give ? "addRole" : "removeRole", member: member(), role: role.name },
        `${give ? "gives" : "takes away"} the ${role.name} role`,
      );
      continue;
    }
    if (base === "dm" || (base === "message" && ["them", "the"].includes(reader.next(verb)?.lower ?? ""))) {
      const text = reader.textAfter(verb);
      if (!text) continue;
      reader.claim(verb, ...text.tokens);
      const rendered = template(text.text, extra);
      push(dm(member(), rendered), `DMs "${rendered}"`);
      continue;
    }
    const posting = postVerbs.includes(base);
    if (!posting && !replyVerbs.includes(base)) continue;
    const text = reader.textAfter(verb);
    if (!text) continue;
    // "shows how many people are in" describes what to show; only quoted or said words are the text.
    const quotedText = text.tokens.some((t) => t.kind === "quote");
    const describes =
      /^(how|what|who|which|when|where|why|it|them|that|this|these|those|the number|the amount|the list|all|every|a list)\b/i.test(
        text.text,
      );
    const bracketFollows = reader.doc.tokens[text.tokens[text.tokens.length - 1]!.index + 1]?.lower === "(";
    if (
      !quotedText &&
      !bracketFollows &&
      (describes || ["show", "display", "print", "output", "return"].includes(base))
    )
      continue;
    // "post the answers" with nothing given to post: not something to invent.
    const noun =
      !text.tokens.some((t) => t.kind === "quote") &&
      text.tokens.filter((t) => !t.stop).length <= 1 &&
      text.tokens.some((t) => t.lower === "the");
    if (noun && !Object.keys(extra).length) continue;
    // "posts the report": what was given, not the word "report".
    const given = Object.entries(extra).filter(
      ([name]) => !["member", "target", "them", "victim", "mentioned", "@member"].includes(name) || name === "member",
    );
    const vague =
      !text.tokens.some((t) => t.kind === "quote") &&
      text.tokens.filter((t) => !t.stop).length <= 2 &&
      given.length > 0;
    // "shows our rules (1. Be kind 2. No spam)": the words in brackets are what it shows.
    const lastWord = text.tokens[text.tokens.length - 1]!;
    const after = reader.doc.tokens[lastWord.index + 1];
    const inside = after?.lower === "(" ? reader.doc.tokens.slice(after.index + 1, after.index + 80) : [];
    const close = inside.find((t) => t.lower === ")");
    const bracketed = close ? reader.doc.text.slice(after!.end, close.start).trim() : "";
    if (bracketed && !text.tokens.some((t) => t.kind === "quote"))
      reader.claim(after, ...inside.slice(0, inside.indexOf(close!) + 1));
    const rendered =
      bracketed && !text.tokens.some((t) => t.kind === "quote")
        ? template(bracketed, extra)
        : vague
          ? `From {user.mention} — ${given.map(([name, value]) => `${name}: ${value}`).join(", ")}`
          : template(text.text, extra);
    const rest = reader.after(text.tokens[text.tokens.length - 1]);
    const there = rest.slice(0, 4).find((t) => t.lower === "there" || t.kind === "hashtag");
    const channel: string | null = there?.kind === "hashtag" ? there.lower : there ? lastChannel : null;
    if (channel && (posting || there)) {
      reader.claim(
        verb,
        ...text.tokens,
        there,
        ...rest.slice(0, rest.indexOf(there!)).filter((t) => ["in", "to", "into"].includes(t.lower)),
      );
      lastChannel = channel;
      push(send(channel, rendered), `posts "${rendered}" in ${channel}`);
      continue;
    }
    const quiet = reader.tokens.some(
      (t) =>
        privately.includes(t.lower) ||
        (t.lower === "only" && ["to", "them", "they"].includes(reader.next(t)?.lower ?? "")),
    );
    if (quiet) reader.claimWords("privately ephemeral hidden secretly only to them they");
    reader.claim(verb, ...text.tokens);
    if (later) {
      // After a wait the answer may be gone: say it in the channel instead.
      push(send("here", rendered), `says "${rendered}"`);
    } else push(reply(rendered, quiet), `replies${quiet ? " privately" : ""} "${rendered}"`);
  }
  if (said.length) reader.claimWords("bot then and also too it right away immediately");
  return { actions, said };
}

/**
 * "if you already have it, reply 'You're already in the club.'" (or, taking a role away, "if you
 * don't have it, say '…'"): what to answer instead, its words claimed.
 */
function alreadyHas(reader: Reader, give: boolean, extra: Record<string, string>): Composed | null {
  const tokens = reader.tokens;
  const at = tokens.findIndex((token, i) => {
    if (token.lower !== "if" || reader.isClaimed(token)) return false;
    const next = tokens.slice(i + 1, i + 6).map((t) => t.lower);
    return give
      ? next.includes("already") && next.some((word) => ["have", "has", "got"].includes(word))
      : next.some((word) => ["don't", "dont", "doesn't", "not", "n't"].includes(word)) &&
          next.some((word) => ["have", "has"].includes(word));
  });
  if (at < 0) return null;
  const rest = tokens.slice(at, at + 14);
  const quote = rest.find((token) => token.kind === "quote");
  const verb = rest.find((token) => replyVerbs.includes(token.base) || postVerbs.includes(token.base));
  if (!quote || !verb || tokens.indexOf(verb) > tokens.indexOf(quote)) return null;
  reader.claim(...tokens.slice(at, tokens.indexOf(quote) + 1));
  const rendered = template(quote.text, extra);
  return { actions: [reply(rendered)], said: [`replies "${rendered}"`] };
}

/** "gives them Member", "the Member role", "removes Unverified". */
function roleAfter(reader: Reader, verb: Token): { name: string; tokens: Token[] } | null {
  const named = reader.role(verb);
  if (named && named.tokens.every((t) => t.index - verb.index <= 5)) return named;
  const words = reader.after(verb).slice(0, 3);
  const capital = words.find((t) => (t.kind === "word" || t.kind === "quote") && /^[A-Z]/.test(t.text) && !t.stop);
  if (!capital) return null;
  const between = words.slice(0, words.indexOf(capital));
  if (!between.every((t) => ["them", "the", "him", "her", "you", "a", "role"].includes(t.lower))) return null;
  return { name: capital.text, tokens: [...between, capital] };
}
