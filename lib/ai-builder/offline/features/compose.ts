/**
 * A command described step by step: "!verify removes Unverified, gives them Member and replies
 * 'You're verified!'", "/eventstart posts '…' in #announcements, and 30 minutes later posts
 * '…' there too", "/report user reason posts the report in #mod-reports and tells the reporter
 * privately 'Thanks'". Each verb with what follows it becomes one action, in order.
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import { writingAsked, type ContentTopic } from "../content";
import { dm, greetingTo, reply, send, template, type OptionInput } from "../parts";
import type { Reader } from "../read";
import type { Token } from "../text";
import { valuesAt, type Value } from "../values";
import { itemsAfter, numberedLines } from "./listed";

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
const dropVerbs = ["drop", "remove", "take", "leave", "lose", "unassign"];

export interface Composed {
  actions: Action[];
  /** What it does, in plain words: 'replies "Hi!"', 'posts "…" in #events'. */
  said: string[];
}

/**
 * The actions a clause describes for a command; `target` is the member option when there is
 * one ("gives them Member"), `extra` maps the user's placeholders to options.
 */
export function compose(
  reader: Reader,
  target: string | null,
  extra: Record<string, string> = {},
  options: readonly OptionInput[] = [],
  name?: string,
): Composed {
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
  const roleOption = options.find((o) => o.type === "role");
  /** Gives or takes the role the member picked; false when giving has no list to pick from. */
  const pickedRole = (dropping: boolean): boolean => {
    if (!roleOption) return false;
    const ref = `{option.${roleOption.name}}`;
    const allowed = rolesListed(reader);
    // Giving yourself any role you type would give Admin too: only from a list the user wrote.
    if (!dropping && !allowed.names.length) return false;
    reader.claimWords("yourself themselves a role it them from the list these those only for of");
    const change: Action = { do: dropping ? "removeRole" : "addRole", member: member(), role: ref };
    const done = reply(
      dropping
        ? `You no longer have the {option.${roleOption.name}.name} role.`
        : `You now have the {option.${roleOption.name}.name} role.`,
      true,
    );
    if (!allowed.names.length) {
      push(change, "takes away the role picked");
      push(done, "says so");
      return true;
    }
    const refusal =
      refusalSaid(reader) ?? (dropping ? "That role is not one you can drop here." : "You can't get that role.");
    push(
      {
        do: "if",
        when: {
          test: "any",
          conditions: allowed.names.map((name) => ({
            test: "compare" as const,
            left: `{option.${roleOption.name}.name}`,
            op: "==" as const,
            right: name,
          })),
        },
        then: [change, done],
        else: [reply(refusal, true)],
      },
      `${dropping ? "takes away" : "gives"} the role picked if it is one of ${allowed.names.join(", ")}, else replies "${refusal}"`,
    );
    return true;
  };
  // "/role add <role>, /role remove <role>": the sub-command's name is what it does.
  const roleVerbs = [...giveVerbs, "get", ...dropVerbs];
  let rolePicked = Boolean(name && roleOption && roleVerbs.includes(name) && pickedRole(dropVerbs.includes(name)));

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
    // "/greet <user>: the bot publicly welcomes them with a mention": a welcome, said to the member given.
    if (["welcome", "greet"].includes(base) && target !== null) {
      const object = reader.after(verb).slice(0, 3);
      if (object.some((t) => ["them", "him", "her", "user", "member", "person", "newcomer"].includes(t.lower))) {
        reader.claim(
          verb,
          ...object.filter((t) =>
            ["them", "him", "her", "the", "user", "member", "person", "newcomer"].includes(t.lower),
          ),
        );
        reader.claimWords("publicly with a mention mentions ping pings by name in chat");
        const mention = target.replace(/\}$/, ".mention}");
        const text = `Welcome to {server.name}, ${mention}!`;
        push(reply(text), `replies "${text}"`);
        continue;
      }
    }
    // "/iam <role> to give yourself a role from the list (Gamer, Artist, Coder)", "/iamnot <role> to
    // drop it": the role the member picks, from the roles listed when there is a list.
    const dropping = dropVerbs.includes(base);
    if (roleOption && (giveVerbs.includes(base) || dropping || base === "get") && !reader.isClaimed(verb)) {
      // One change of the role picked: "…, else tell them they can't get that role" is the refusal.
      if (!rolePicked && pickedRole(dropping)) {
        reader.claim(verb);
        rolePicked = true;
      }
      continue;
    }
    const rolesVerb = giveVerbs.includes(base) || takeVerbs.includes(base) || toggleVerbs.includes(base);
    const role = rolesVerb ? roleAfter(reader, verb) : null;
    // Without a role, "gives u the id of that channel" is an answer (below).
    if (rolesVerb && !role && !giveVerbs.includes(base)) continue;
    if (role) {
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
    // "gives you the id of that channel": giving a value is answering with it.
    const givesValue = giveVerbs.includes(base) && valuesAfter(reader, verb, options).length > 0;
    if (!posting && !replyVerbs.includes(base) && !givesValue) continue;
    // "it should say one of these:\n<line>\n<line>": a pick from the lines written after.
    const listed = linesListed(reader, verb);
    if (listed) {
      push({ do: "random", choices: listed, saveAs: "pick" }, `picks one of ${listed.length} texts`);
      push(reply("{result.pick}"), "replies with it");
      continue;
    }
    let text = reader.textAfter(verb);
    // "replies with our rules:\n1. Be nice\n2. No spam": the list written after the colon.
    const lastOfText = text?.tokens[text.tokens.length - 1];
    const colonNear =
      reader.doc.tokens[verb.index + 1]?.text === ":" ||
      lastOfText?.text === ":" ||
      (lastOfText !== undefined && reader.doc.tokens[lastOfText.index + 1]?.text === ":");
    const written = colonNear && !text?.tokens.some((t) => t.kind === "quote") ? itemsAfter(reader, verb) : null;
    if (written) {
      reader.claim(verb, ...(text?.tokens.filter((t) => t.index < written.tokens[0]!.index) ?? []));
      reader.part(written.tokens).claim(...written.tokens);
      const lines = numberedLines(written.items);
      push(reply(lines), `replies with the list: ${written.items.join("; ")}`.slice(0, 200));
      continue;
    }
    // "gives you the id of that channel", "shows their name and id": values, not words to send.
    const values = text?.tokens.some((t) => t.kind === "quote") ? [] : valuesAfter(reader, verb, options);
    if (values.length) {
      const { lead, made } = valueParts(reader, verb, values);
      // "gives them a compliment", "roasts the user with a random roast": said to the member.
      const toThem =
        target !== null &&
        values.some((v) => v.content) &&
        lead.some((t) => ["them", "him", "her", "user", "member", "target", "person"].includes(t.lower));
      const said = joinValues(values);
      text = {
        text: toThem ? `${target!.replace(/\}$/, ".mention}")} ${said}` : said,
        tokens: [...lead, ...values.flatMap((v) => v.tokens)],
      };
      for (const [action, words] of made) push(action, words);
    }
    if (!text) continue;
    // "makes the bot say it", "repeats that back": the one text the member gives.
    const typed = options.filter((o) => o.type === "string");
    if (
      !values.length &&
      typed.length === 1 &&
      text.tokens.every((t) => ["it", "that", "this", "back", "them", "out", "loud"].includes(t.lower))
    ) {
      const option = `{option.${typed[0]!.name}}`;
      reader.claim(verb, ...text.tokens);
      push(reply(option), `replies with the ${typed[0]!.name} given`);
      continue;
    }
    // "say hello to the user with their name", "says hi to them": a greeting to whoever ran it.
    const byName = reader.tokens.some((t) => ["name", "username", "nickname"].includes(t.lower));
    const greeting = greetingTo(text.text, byName ? "{user.name}" : "{user.mention}");
    if (greeting && !values.length && !text.tokens.some((t) => t.kind === "quote")) {
      const after = reader.after(text.tokens[text.tokens.length - 1]);
      const toWhom =
        after[0]?.lower === "to" &&
        ["user", "them", "him", "her", "member", "person", "people", "the", "whoever", "everyone", "you"].includes(
          after[1]?.lower ?? "",
        );
      if (toWhom || byName) {
        reader.claim(verb, ...text.tokens, ...(toWhom ? after.slice(0, after[1]?.lower === "the" ? 3 : 2) : []));
        reader.claimWords("with his her their name username nickname by using mention mentions");
        push(reply(greeting), `replies "${greeting}"`);
        continue;
      }
    }
    // "shows how many people are in" describes what to show; only quoted or said words are the text.
    const quotedText = text.tokens.some((t) => t.kind === "quote");
    const describes =
      /^(how|what|who|which|when|where|why|it|them|that|this|these|those|the number|the amount|the list|all|every|a list|random|a random|some|one of|any|something|a fun|fun)\b/i.test(
        text.text,
      );
    const bracketFollows = reader.doc.tokens[text.tokens[text.tokens.length - 1]!.index + 1]?.lower === "(";
    if (
      !values.length &&
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
    if (noun && !values.length && !Object.keys(extra).length) continue;
    // "posts the report": what was given, not the word "report".
    // The options the member gives, each once (not the aliases a member option is also known by).
    const declaredNames = new Set(options.map((o) => o.name));
    const given = Object.entries(extra).filter(([name]) =>
      declaredNames.size
        ? declaredNames.has(name)
        : !["target", "them", "victim", "mentioned", "@member"].includes(name),
    );
    const vague =
      !values.length &&
      !text.tokens.some((t) => t.kind === "quote") &&
      text.tokens.filter((t) => !t.stop).length <= 2 &&
      given.length > 0;
    // "posts the report in #mod-reports" forwards what was given; "tells the weather" or "sends a
    // hug" as a reply would only echo the options back: not something to invent.
    const forwarded = reader
      .after(text.tokens[text.tokens.length - 1])
      .slice(0, 4)
      .some((t) => t.lower === "there" || t.kind === "hashtag");
    if (vague && !forwarded && !["dm", "message"].includes(base)) continue;
    // "shows our rules (1. Be kind 2. No spam)": the words in brackets are what it shows.
    const lastWord = text.tokens[text.tokens.length - 1]!;
    const after = reader.doc.tokens[lastWord.index + 1];
    const inside = after?.lower === "(" ? reader.doc.tokens.slice(after.index + 1, after.index + 80) : [];
    const close = inside.find((t) => t.lower === ")");
    const inBrackets = close ? reader.doc.text.slice(after!.end, close.start).trim() : "";
    // "(admins only)", "(optional)", "(mods only)" say who or how, not what.
    const bracketed =
      /^(?:(?:only\s+)?(?:for\s+)?(?:admins?|mods?|moderators?|staff|owner|everyone)(?:\s+only)?|optional|required|private(?:ly)?|ephemeral|hidden|slash|prefix)$/i.test(
        inBrackets,
      )
        ? ""
        : inBrackets;
    if (bracketed && !text.tokens.some((t) => t.kind === "quote"))
      reader.claim(after, ...inside.slice(0, inside.indexOf(close!) + 1));
    // "replies with the server ip play.example.com", "shows our website example.com": what it is, then the address.
    const address = text.tokens[text.tokens.length - 1];
    const label = text.tokens
      .slice(0, -1)
      .filter((t) => !["the", "our", "my", "a", "an", "with", "its", "this"].includes(t.lower))
      .map((t) => t.text)
      .join(" ");
    const addressed =
      !values.length && !quotedText && address?.kind === "url" && label.split(" ").length <= 4
        ? label
          ? `${label[0]!.toUpperCase()}${label.slice(1)}: ${address.text}`
          : address.text
        : null;
    const rendered = addressed
      ? addressed
      : values.length
        ? exampled(reader, text.text, values, options, extra)
        : bracketed && !text.tokens.some((t) => t.kind === "quote")
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
        (t.lower === "only" &&
          ["to", "them", "they", "he", "she", "him", "her", "you"].includes(reader.next(t)?.lower ?? "")) ||
        // "(nobody else can see)", "no one else sees it"
        (["nobody", "noone"].includes(t.lower) && reader.next(t)?.lower === "else"),
    );
    if (quiet)
      reader.claimWords(
        "privately ephemeral hidden secretly only to them they he she him her can see sees nobody noone else",
      );
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
 * "say one of these:" followed by lines (or quotes) of their own: the texts to pick from, each
 * claimed. Null unless the words say "one of these / the following" and at least two follow.
 */
function linesListed(reader: Reader, verb: Token): string[] | null {
  const after = reader.doc.tokens.slice(verb.index + 1, verb.index + 8);
  const words = after.map((t) => t.lower);
  const one = words.indexOf("one");
  if (
    one < 0 ||
    one > 2 ||
    words[one + 1] !== "of" ||
    !["these", "the", "those", "them"].includes(words[one + 2] ?? "")
  )
    return null;
  const colon = after.find((t, k) => k > one + 2 && t.text === ":" && k <= one + 5);
  if (!colon) return null;
  const rest = reader.doc.tokens.filter((t) => t.index > colon.index);
  // Quotes on the same line: "one of these: 'Yes', 'No', 'Maybe'".
  const line = rest.filter((t) => !t.lineStart || t === rest[0]);
  const sameLine = line.slice(0, line.findIndex((t, k) => k > 0 && t.lineStart) >>> 0);
  const quotes = sameLine.filter((t) => t.kind === "quote");
  if (quotes.length >= 2) {
    reader.claim(verb, ...after.slice(0, after.indexOf(colon) + 1), ...sameLine);
    return quotes.map((q) => q.text.trim()).slice(0, 100);
  }
  // Lines of their own, up to a blank line or a line about something else.
  const start = colon.end;
  const text = reader.doc.text.slice(start);
  const lines: string[] = [];
  let end = start;
  let offset = start;
  for (const raw of text.split("\n")) {
    const trimmed = raw
      .trim()
      .replace(/^(?:[-*•]|\d{1,2}[.)])\s*/, "")
      .trim();
    if (offset === start && !trimmed) {
      offset += raw.length + 1;
      continue;
    }
    if (!trimmed || /^(?:when|whenever|if|also|and|\/|!)/i.test(trimmed)) break;
    lines.push(trimmed.slice(0, 500));
    offset += raw.length + 1;
    end = offset;
    if (lines.length >= 100) break;
  }
  if (lines.length < 2) return null;
  reader.claim(verb, ...after.slice(0, after.indexOf(colon) + 1));
  reader.claim(...reader.doc.tokens.filter((t) => t.start >= start && t.end <= end));
  return lines;
}

/** "from the list (Gamer, Artist, Coder)", "only for these roles: Gamer, Artist, Writer": the names, claimed. */
function rolesListed(reader: Reader): { names: string[] } {
  const tokens = reader.doc.tokens;
  const start = reader.tokens[0]?.index ?? 0;
  const end = Math.min(tokens.length, (reader.tokens[reader.tokens.length - 1]?.index ?? 0) + 40);
  for (let i = start; i < end; i++) {
    const token = tokens[i]!;
    const open =
      (token.text === "(" && ["list", "roles", "these", "of"].includes(tokens[i - 1]?.lower ?? "")) ||
      (token.text === ":" && ["roles", "these", "list"].includes(tokens[i - 1]?.lower ?? ""));
    if (!open) continue;
    const names: string[] = [];
    const used: Token[] = [token];
    for (let k = i + 1; k < Math.min(tokens.length, i + 40); k++) {
      const item = tokens[k]!;
      if (item.text === ")" || item.text === "." || item.text === ";") {
        used.push(item);
        break;
      }
      if ([",", "and", "or", "&"].includes(item.lower)) {
        used.push(item);
        continue;
      }
      if ((item.kind === "word" || item.kind === "quote") && /^[A-Z"'“‘]/.test(item.text)) {
        names.push(item.kind === "quote" ? item.text.trim() : item.text);
        used.push(item);
        continue;
      }
      break;
    }
    if (names.length >= 2) {
      reader.claim(...used);
      return { names };
    }
  }
  return { names: [] };
}

/** "Anything else → tell them they can't get that role": what a refusal says, or null for the usual words. */
function refusalSaid(reader: Reader): string | null {
  const tokens = reader.doc.tokens;
  const from = reader.tokens[0]?.index ?? 0;
  const at = tokens.findIndex(
    (t, i) => i >= from && ["anything", "otherwise", "else"].includes(t.lower) && i < from + 80,
  );
  if (at < 0) return null;
  const rest = tokens.slice(at, at + 16);
  const stop = rest.findIndex((t, k) => k > 0 && [".", "!", "?"].includes(t.text));
  const used = stop < 0 ? rest : rest.slice(0, stop + 1);
  const quote = used.find((t) => t.kind === "quote");
  reader.claim(...used);
  return quote ? quote.text.trim() : null;
}

/** Words between a verb and the value it gives: "gives u the id", "tells you their name", "replies with…". */
const valueLeadIn = new Set(["u", "you", "ya", "me", "us", "them", "him", "her", "with", "back", "out", "it"]);

/** Does the clause answer with a value described in words ("gives u the id of that channel")? */
export function givesValue(reader: Reader): boolean {
  return reader
    .findAll(...replyVerbs, ...postVerbs, ...giveVerbs)
    .some((verb) => !reader.isClaimed(verb) && valuesAfter(reader, verb, []).length > 0);
}

/**
 * The values a verb gives ("posts a random quote", "shows the member count"), as the text to send
 * with the actions that make it and the plan's words for those; the words are claimed. Null when
 * the words after the verb describe no value.
 */
export function valuesSaid(
  reader: Reader,
  verb: Token,
  options: readonly OptionInput[] = [],
): { text: string; actions: Action[]; said: string[] } | null {
  const values = valuesAfter(reader, verb, options);
  if (!values.length) return null;
  const { lead, made } = valueParts(reader, verb, values);
  reader.claim(verb, ...lead, ...values.flatMap((v) => v.tokens));
  return { text: joinValues(values), actions: made.map(([action]) => action), said: made.map(([, words]) => words) };
}

/** The words between a verb and its values, and the actions that make the values, each with the plan's words for it. */
function valueParts(
  reader: Reader,
  verb: Token,
  values: readonly Value[],
): { lead: Token[]; made: [Action, string][] } {
  const lead = reader.after(verb).slice(0, reader.after(verb).indexOf(values[0]!.tokens[0]!));
  const made: [Action, string][] = [];
  for (const value of values) {
    const written = value.content ? wroteTexts(reader, value.content, value.actions) : undefined;
    for (const action of value.actions) made.push([action, written ?? describeRoll(action)]);
  }
  return { lead, made };
}

function valuesAfter(reader: Reader, verb: Token, options: readonly OptionInput[]): Value[] {
  const rest = reader.after(verb);
  let at = 0;
  while (at < 3 && rest[at] && valueLeadIn.has(rest[at]!.lower)) at++;
  // "sends the user a random compliment", "tells the target a joke": whom it is for, then the value.
  const whom = ["the", "that", "this"].includes(rest[at]?.lower ?? "") ? at + 1 : at;
  if (
    ["user", "member", "person", "target", ...options.filter((o) => o.type === "user").map((o) => o.name)].includes(
      rest[whom]?.lower ?? "",
    ) &&
    ["a", "an", "some", "one"].includes(rest[whom + 1]?.lower ?? "")
  )
    at = whom + 1;
  const values = valuesAt(rest, at, options);
  if (!values.length || values.some((v) => v.tokens.some((t) => reader.isClaimed(t)))) return [];
  return values;
}

/** Several values in one answer, each said for what it is: "{user.name}, id {user.id}, roles: {user.roles}". */
function joinValues(values: readonly Value[]): string {
  if (values.length === 1) return values[0]!.template;
  return values
    .map((value) => {
      const property = /\.([a-z]+)\}$/.exec(value.template)?.[1];
      if (value.template.startsWith("{server.members")) return `${value.template} members`;
      if (value.template.startsWith("{bot.ping}")) return `ping ${value.template}`;
      if (value.template === "{bot.uptime}") return `online for ${value.template}`;
      if (property === "id") return `id ${value.template}`;
      if (property === "roles") return `roles: ${value.template}`;
      return value.template;
    })
    .join(", ");
}

/**
 * Texts the builder wrote ("a random joke"): the plan says how many and that they are the
 * builder's; "(make up like 10 facts about animals)" is claimed, and its subject picks the list.
 */
function wroteTexts(reader: Reader, topic: ContentTopic, actions: Action[]): string {
  const lower = reader.tokens.map((t) => t.lower);
  const asked = writingAsked(lower, topic);
  let chosen = topic;
  if (asked) {
    reader.claim(...reader.tokens.slice(asked.from, asked.to));
    reader.claimWords("like about around some a few yourself your own");
    chosen = asked.topic;
    for (const action of actions) if (action.do === "random" && action.choices) action.choices = [...chosen.items];
  }
  return `picks one of ${chosen.items.length} ${chosen.label} the builder wrote (edit them in the Builder tab)`;
}

function describeRoll(action: Action): string {
  return action.do === "random" && action.min !== undefined
    ? `rolls a number from ${action.min} to ${action.max}`
    : "works out a value";
}

/**
 * "…a random score out of 10, like 'I rate pineapple pizza 7/10'": the example, with the values
 * put where the example has them — its number becomes the roll, and the words the description
 * uses nowhere else the text option. Without an example that fits, the values alone.
 */
const exampleVerbs = new Set([
  "is",
  "gets",
  "has",
  "scores",
  "earns",
  "deserves",
  "rates",
  "was",
  "are",
  "got",
  "=",
  "-",
]);

function exampled(
  reader: Reader,
  plain: string,
  values: readonly Value[],
  options: readonly OptionInput[],
  extra: Record<string, string>,
): string {
  const example = reader.tokens.find(
    (t, i) =>
      t.kind === "quote" &&
      !reader.isClaimed(t) &&
      ["like", "e.g.", "eg", "example", "as", "ex"].includes(reader.tokens[i - 1]?.lower ?? ""),
  );
  if (!example) return plain;
  // "…as 'Report from <user>: <message>'": the user wrote the text with its placeholders.
  if (/<[^<>]{1,30}>|\{[^{}]{1,40}\}|\[[a-z ]{1,30}\]/i.test(example.text)) {
    reader.claim(example, reader.tokens[reader.tokens.indexOf(example) - 1]);
    return template(example.text, extra);
  }
  let text = example.text;
  let placed = 0;
  for (const value of values) {
    const roll = value.actions.find((a) => a.do === "random");
    if (!roll || roll.do !== "random") continue;
    const shown = /\/(\d+)\}?$/.exec(value.template)?.[1];
    const pattern = shown ? new RegExp(`\\b\\d+\\s*/\\s*${shown}\\b`) : /\b\d+\b/;
    if (!pattern.test(text)) return plain;
    text = text.replace(pattern, value.template);
    placed++;
  }
  // The example's own words for the text option: those the description says nowhere else.
  const textOption = options.find((o) => o.type === "string");
  if (textOption) {
    const elsewhere = new Set(
      reader.doc.tokens
        .filter((t) => t.index !== example.index && (t.kind === "word" || t.kind === "command"))
        .map((t) => t.command?.name ?? t.lower),
    );
    const words = text.split(/(\{[^{}]*\}|\s+)/);
    const own = words.map(
      (w) => /[a-z]{2,}/i.test(w) && !/^\{/.test(w) && !elsewhere.has(w.toLowerCase().replace(/[^a-z0-9']/g, "")),
    );
    // The longest run of such words (spaces between them allowed) is the option's sample.
    let best: [number, number] | null = null;
    for (let first = 0; first < words.length; first++) {
      if (!own[first]) continue;
      let last = first;
      for (let k = first + 1; k < words.length; k++) {
        if (own[k]) last = k;
        else if (!/^\s*$/.test(words[k]!)) break;
      }
      if (!best || last - first > best[1] - best[0]) best = [first, last];
      first = last;
    }
    // "'The Wall gets 4/5'": the words after the sample that say what happens to it are not part of it.
    while (best && best[1] > best[0] && exampleVerbs.has(words[best[1]]!.toLowerCase())) {
      best[1]--;
      while (best[1] > best[0] && /^\s*$/.test(words[best[1]]!)) best[1]--;
    }
    if (best) {
      text = [...words.slice(0, best[0]), `{option.${textOption.name}}`, ...words.slice(best[1] + 1)].join("");
      placed++;
    }
  }
  if (placed < values.length) return plain;
  reader.claim(example, reader.tokens[reader.tokens.indexOf(example) - 1]);
  return text;
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
export function roleAfter(reader: Reader, verb: Token): { name: string; tokens: Token[] } | null {
  const named = reader.role(verb);
  if (named && named.tokens.every((t) => t.index - verb.index <= 5)) return named;
  // "…the Unverified role, and /verify removes it": the role named last before it.
  const next = reader.next(verb);
  if (next?.lower === "it" && takeVerbs.includes(verb.base)) {
    const doc = reader.doc.tokens;
    for (let k = verb.index - 1; k > 0 && k > verb.index - 40; k--) {
      if (!["role", "roles"].includes(doc[k]!.lower)) continue;
      const before = doc[k - 1]!;
      if ((before.kind === "word" && /^[A-Z]/.test(before.text) && !before.stop) || before.kind === "quote")
        return { name: before.kind === "quote" ? before.text.trim() : before.text, tokens: [next] };
    }
  }
  const words = reader.after(verb).slice(0, 6);
  const capital = words
    .slice(0, 3)
    .find((t) => (t.kind === "word" || t.kind === "quote") && /^[A-Z]/.test(t.text) && !t.stop);
  if (!capital) return null;
  const between = words.slice(0, words.indexOf(capital));
  if (!between.every((t) => ["them", "the", "him", "her", "you", "a", "role"].includes(t.lower))) return null;
  // "gives Team Red": a name of several capitalised words.
  const name = [capital];
  for (const next of words.slice(words.indexOf(capital) + 1)) {
    if (next.kind !== "word" || !/^[A-Z]/.test(next.text) || next.joined || name.length >= 3) break;
    name.push(next);
  }
  return {
    name: reader.doc.text.slice(name[0]!.start, name[name.length - 1]!.end),
    tokens: [...between, ...name],
  };
}
