/**
 * Events about messages and time: XP per message, replies to trigger words, and schedules
 * ("every day post … in #announcements").
 */
import type { Action } from "@/lib/blueprint/schema";
import { describeSeconds } from "@/lib/blueprint/vocabulary";

import {
  command,
  dm,
  ifThen,
  reply,
  send,
  template,
  type CommandFeature,
  type Draft,
  type EventPart,
  type Facts,
} from "../parts";
import type { Duration, Reader } from "../read";
import type { Token } from "../text";
import { bulletItems } from "./basic";
import { valuesSaid } from "./compose";
import { counter, counterOp, levelSize } from "./economy";
import type { ClauseRecogniser } from "./members";

const removeWords = ["delete", "remove", "block", "filter", "censor", "forbid", "stop", "prevent", "ban"];

function event(value: EventPart["event"], plan: string, category: EventPart["category"], reader: Reader): EventPart {
  return { event: value, plan, category, clause: reader.clause };
}

/** What the description says about XP, sentence by sentence; one event is made of it at the end. */
export interface XpSpec {
  gain?: number | [number, number];
  announce: boolean;
  channel?: string;
  /** "sends a private message when he levels up": by DM. */
  direct?: boolean;
  text?: string;
  rewards: { level: number; role: string }[];
  reader: Reader;
}

export const xpRecogniser: ClauseRecogniser = {
  id: "xp",
  read(reader, draft, facts) {
    const open = reader.unclaimed();
    const xpWord = open.has("xp", "experience");
    const levels = open.has("level leveling levelling levelup");
    // "level 5 gets the @Regular role" said before the XP: a reward in a bot about XP.
    const rewardFirst =
      levels &&
      (facts.words.has("xp") || facts.words.has("experience")) &&
      open.has("role reward rewards gets get give gives");
    if (
      !xpWord &&
      !rewardFirst &&
      !(levels && (draft.xp || open.has("message chat chatting talk talking active system up")))
    )
      return;
    const spec = (draft.xp ??= { announce: false, rewards: [], reader });
    const gainWord = reader.tokens.find(
      (t) =>
        (t.base === "xp" || t.base === "experience") &&
        reader.next(t, -1)?.number !== undefined &&
        !isLevelSize(reader, t),
    );
    const between = reader.find("between");
    const numbers = between
      ? reader
          .after(between)
          .filter((t) => t.number !== undefined)
          .slice(0, 2)
      : [];
    reader.claim(between, ...numbers, gainWord, gainWord ? reader.next(gainWord, -1) : undefined);
    reader.claim(
      ...reader.tokens.filter(
        (t) =>
          isLevelSize(reader, t) ||
          (t.number !== undefined && reader.next(t)?.base === "xp" && isLevelSize(reader, reader.next(t)!)),
      ),
    );
    if (numbers.length === 2)
      spec.gain = numbers.map((t) => Math.floor(t.number!)).sort((a, b) => a - b) as [number, number];
    else if (gainWord) spec.gain = Math.floor(reader.next(gainWord, -1)!.number!);
    if (levels || reader.has("announce congratulate levelup")) {
      spec.announce = true;
      const channel = reader.channel();
      if (channel) {
        reader.claim(...channel.tokens);
        spec.channel = channel.ref;
      }
      // "at level 3 give the 'Active' role": the quote names the role, it is not the announcement.
      spec.rewards.push(...roleRewards(reader));
      const quote = reader.quotes()[0];
      if (quote) {
        reader.claim(quote);
        spec.text = template(quote.text, { level: "{result.level}", xp: "{result.xp}" });
      }
      if (reader.has("same") && reader.has("channel")) reader.claimWords("same channel in it post");
      if (reader.has("dm dms privately") || (reader.has("private direct") && reader.has("message"))) {
        spec.direct = true;
        reader.claimWords(
          "dm dms privately private direct message sending sends send to user him her them saying his their new",
        );
      }
    }
    reader.claimWords(
      "xp experience level leveling levelling levelup per message chat chatting talk talking active system up gain get earn give every for each send sent they member user people announce congratulate when reach reached new a random amount say says bot",
    );
  },
};

/** The XP event, once every sentence about it is read. */
export function finishXp(draft: Draft, facts: Facts): void {
  const spec = draft.xp;
  if (!spec) return;
  const xp = counter(draft, facts, "xp");
  const per = levelSize(facts);
  const actions: Action[] = [];
  // Said outright ("20 XP each message") wins over a number a clause took for it.
  let gain = String(Array.isArray(spec.gain) ? 10 : (facts.xpPerMessage ?? spec.gain ?? 10));
  if (Array.isArray(spec.gain)) {
    actions.push({ do: "random", min: spec.gain[0], max: spec.gain[1], saveAs: "gain" });
    gain = "{result.gain}";
  }
  actions.push(counterOp(xp, "increment", { value: gain, saveAs: "xp" }));
  const said = [`adds ${Array.isArray(spec.gain) ? spec.gain.join("–") : gain} XP`];
  if (spec.announce) {
    const message = spec.text ?? "🎉 {user.mention} reached level {result.level}!";
    actions.push(
      { do: "calculate", expression: `floor({result.xp} / ${per})`, saveAs: "level" },
      { do: "calculate", expression: `floor(({result.xp} - ${gain}) / ${per})`, saveAs: "before" },
      ifThen({ test: "compare", left: "{result.level}", op: ">", right: "{result.before}" }, [
        spec.direct ? dm("{user}", message) : spec.channel ? send(spec.channel, message) : reply(message),
        ...spec.rewards.map((r) =>
          ifThen({ test: "compare", left: "{result.level}", op: "==", right: String(r.level) }, [
            { do: "addRole", member: "{user}", role: r.role },
          ]),
        ),
      ]),
    );
    said.push(
      `announces each new level (every ${per} XP)${spec.text ? ` with "${spec.text}"` : ""}${spec.direct ? " by DM" : spec.channel ? ` in ${spec.channel}` : ""}`,
    );
    if (spec.rewards.length) said.push(`gives ${spec.rewards.map((r) => `${r.role} at level ${r.level}`).join(", ")}`);
  }
  draft.events.push(
    event(
      { on: "messageMatches", pattern: ".", ignoreCase: true, actions },
      `When a member sends a message: ${said.join(", ")}`,
      "leveling",
      spec.reader,
    ),
  );
}

function isLevelSize(reader: Reader, token: Token): boolean {
  const next = reader.next(token);
  const before = reader.next(token, -1);
  return (
    (token.base === "xp" &&
      ["per", "a", "for", "each"].includes(next?.lower ?? "") &&
      ["level", "levels"].includes(reader.next(token, 2)?.lower ?? "")) ||
    (token.base === "xp" && reader.next(token, -2)?.lower === "every" && before?.number !== undefined)
  );
}

/** "at level 5 give the Regular role". */
function roleRewards(reader: Reader): { level: number; role: string }[] {
  const found: { level: number; role: string }[] = [];
  // Every role the clause names, in order: "give the Active role at level 5 and the Veteran role at level 10".
  const named: { name: string; tokens: Token[]; start: number; end: number }[] = [];
  let from: Token | undefined;
  for (let guard = 0; guard < 20; guard++) {
    const role = reader.role(from);
    if (!role) break;
    const positions = role.tokens.map((t) => reader.tokens.indexOf(t));
    named.push({ ...role, start: Math.min(...positions), end: Math.max(...positions) });
    from = role.tokens.reduce((a, b) => (a.index > b.index ? a : b));
  }
  const used = new Set<number>();
  reader.tokens.forEach((token, i) => {
    const number = reader.tokens[i + 1];
    if (token.base !== "level" || number?.number === undefined) return;
    // The role said right before "at level N", else the first one after it not given already.
    const before = named.findIndex((role, k) => !used.has(k) && role.end < i && i - role.end <= 3);
    const after = named.findIndex((role, k) => !used.has(k) && role.start > i + 1);
    const at = before >= 0 ? before : after;
    if (at < 0) return;
    used.add(at);
    const role = named[at]!;
    reader.claim(token, number, ...role.tokens);
    reader.claimWords("give get gets gives role at reach reaching reward rewards");
    found.push({ level: number.number, role: role.name });
  });
  return found;
}

const triggerVerbs = ["say", "type", "write", "send", "contain", "mention", "post", "use", "ask"];
const responseVerbs = ["reply", "respond", "answer", "react", "say"];

/** "when someone says hello reply 'Hi!'", "says hi when someone says hello", "react 👋 to 'hello'". */
export const responderRecogniser: ClauseRecogniser = {
  id: "responder",
  read(reader, draft) {
    const when = reader.tokens.find((t) => ["when", "whenever", "if"].includes(t.lower) && !reader.isClaimed(t));
    if (!when || reader.has(...removeWords.filter((w) => w !== "stop"))) return;
    // "if somebody's msg has the word ip in it": a message that has words, too.
    const hasWords = (t: Token) =>
      ["has", "have", "includes", "include"].includes(t.lower) &&
      reader
        .after(t)
        .slice(0, 4)
        .some((n) => ["word", "words", "phrase", "term"].includes(n.lower) || n.kind === "quote");
    const trigger = reader
      .after(when)
      .find((t) => t.kind === "word" && (triggerVerbs.includes(t.base) || hasWords(t)) && !reader.isClaimed(t));
    if (!trigger) return;
    const isResponse = (t: Token) =>
      t.kind === "word" && responseVerbs.includes(t.base) && !reader.isClaimed(t) && t !== trigger;
    const later = reader.after(trigger).find(isResponse);
    const earlier = reader.tokens.slice(0, reader.tokens.indexOf(when)).find(isResponse);
    const response = later ?? earlier;
    if (!response) return;
    const end = later ? reader.tokens.indexOf(later) : reader.tokens.length;
    const between = reader.tokens.slice(reader.tokens.indexOf(trigger) + 1, end).filter((t) => t.lower !== ",");
    // "(like 'whats the ip')": an example of such a message, not the words.
    const examples = between.filter(
      (t, i) => t.kind === "quote" && ["like", "e.g.", "eg", "example", "ex"].includes(between[i - 1]?.lower ?? ""),
    );
    const quotes = between.filter((t) => t.kind === "quote" && !examples.includes(t));
    const marker = between.find(
      (t, i) =>
        ["word", "words", "phrase", "term"].includes(t.lower) &&
        between[i + 1]?.kind === "word" &&
        !between[i + 1]!.stop,
    );
    const words = quotes.length
      ? quotes.map((q) => q.text.trim())
      : marker
        ? reader.part(between).list(marker, [...responseVerbs, "in"]).items
        : reader.part(between).list(undefined, responseVerbs).items;
    if (!words.length) return;
    let action: Action;
    let said: string;
    const actions: Action[] = [];
    if (response.base === "react") {
      // "reacts with ✅ and ❌": every emoji said, in order.
      const emojis = [...new Set(reader.emojis().map((e) => e.text))].slice(0, 10);
      if (!emojis.length) return;
      reader.claim(response, ...reader.emojis());
      actions.push(...emojis.map((emoji) => ({ do: "react" as const, emoji })));
      action = actions[0]!;
      said = `reacts with ${emojis.join(" ")}`;
    } else {
      const text = reader.textAfter(response);
      if (!text) return;
      reader.claim(response, ...text.tokens);
      action = reply(template(text.text));
      said = `replies "${template(text.text)}"`;
    }
    if (!actions.length) actions.push(action);
    reader.claim(when, trigger, ...between);
    // "a message starting with 'vote:'": where the words are, not only that they are there.
    const starts = between.find((t) =>
      ["starting", "starts", "beginning", "begins", "start", "begin"].includes(t.lower),
    );
    if (starts && words.length === 1) {
      reader.claimWords("anywhere any channel");
      const escaped = words[0]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      draft.events.push(
        event(
          { on: "messageMatches", pattern: `^${escaped}`, ignoreCase: true, actions },
          `When a message starts with "${words[0]}": ${said}`,
          "responses",
          reader,
        ),
      );
      return;
    }
    const exact = reader.claimWords("exactly just whole");
    reader.claimWords(
      "someone anyone somebody somebody's user member people message messages msg msgs to with the word words in it chat a that bot like",
    );
    const list = [...new Set(words.map((w) => w.toLowerCase().slice(0, 100)))].slice(0, 100);
    draft.events.push(
      event(
        { on: "messageContains", words: list, match: exact ? "whole" : "any", actions },
        `When a message ${exact ? "is" : "contains"} ${list.map((w) => `"${w}"`).join(" or ")}: ${said}`,
        "responses",
        reader,
      ),
    );
  },
};

const postVerbs = ["post", "send", "say", "announce", "remind", "ping", "message", "share"];
const clockWords = [
  "noon",
  "midnight",
  "morning",
  "evening",
  "night",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "weekend",
  "mondays",
  "fridays",
  "sundays",
];

export const scheduleRecogniser: ClauseRecogniser = {
  id: "schedule",
  read(reader, draft) {
    if (reader.has("cooldown can once")) return;
    const every =
      reader
        .durations()
        .find(
          (d) =>
            ["every", "each", "daily", "hourly", "weekly", "nightly", "per"].includes(d.tokens[0]!.lower) ||
            reader.next(d.tokens[0]!, -1)?.lower === "every",
        ) ?? dayInterval(reader);
    const verb = reader.tokens.find((t) => postVerbs.includes(t.base) && !reader.isClaimed(t));
    if (!every || !verb) return;
    reader.claim(
      ...every.tokens,
      reader.next(every.tokens[0]!, -1)?.lower === "every" ? reader.next(every.tokens[0]!, -1) : undefined,
    );
    const clock = reader.tokens.filter(
      (t) => /^\d{1,2}(:\d\d)?\s?(am|pm)$/i.test(t.text) || clockWords.includes(t.lower) || t.lower === "o'clock",
    );
    if (clock.length) {
      const at = reader.next(clock[0]!, -1);
      reader.claim(...clock, at && ["at", "on", "in"].includes(at.lower) ? at : undefined);
      draft.notes.push({
        text: `${at && ["at", "on", "in"].includes(at.lower) ? at.text + " " : ""}${clock.map((t) => t.text).join(" ")}`,
        reason: `Schedules repeat every ${describeSeconds(every.seconds)} counted from when the bot starts; they cannot be set to a time of day or a day of the week.`,
      });
    }
    if (every.seconds < 60) {
      draft.notes.push({
        text: every.tokens.map((t) => t.text).join(" "),
        reason: "A schedule runs at most once a minute.",
      });
      return;
    }
    const channel = reader.channel();
    if (channel) reader.claim(...channel.tokens);
    const where = channel?.ref ?? "#general";
    const quote = reader.quotes()[0];
    const listed = reader.has("random") ? randomChoices(reader) : [];
    // "post a random quote", "post the member count": values, not the words.
    const values = quote || listed.length ? null : valuesSaid(reader, verb);
    if (values) {
      reader.claimWords("in to the channel automatically there");
      const actions = [...values.actions, send(where, values.text)];
      const plan = `Every ${describeSeconds(every.seconds)}: ${[...values.said, `posts "${values.text}" in ${where}`].join(", ")}${channel ? "" : " (no channel was named)"}`;
      draft.events.push(
        event({ on: "schedule", every: every.text, channel: where, actions }, plan, "schedules", reader),
      );
      return;
    }
    // "remind me every day to drink water", "remind everyone to vote": what to be reminded of.
    const remindOf =
      !quote && verb.base === "remind"
        ? (() => {
            const to = reader.after(verb).find((t) => t.lower === "to" || t.lower === "about" || t.lower === "that");
            const found = to ? reader.textAfter(to) : null;
            if (!found) return null;
            reader.claim(to, ...found.tokens);
            reader.claimWords("me us everyone everybody people them all");
            return `⏰ Reminder: ${found.text.replace(/[.!]+$/, "")}`;
          })()
        : null;
    const text = quote ? quote.text : (remindOf ?? reader.textAfter(verb)?.text);
    if (!text && !listed.length) {
      draft.notes.push({
        text: verb.text,
        reason: "Say what to post, e.g. every day post 'Good morning!' in #general.",
      });
      return;
    }
    if (quote) reader.claim(quote);
    else if (!listed.length) reader.claim(...(reader.textAfter(verb)?.tokens ?? []));
    reader.claim(verb);
    reader.claimWords("in to the channel a message saying automatically there post send");
    if (listed.length)
      reader.claim(...reader.tokens.filter((t, i) => reader.tokens[i - 1]?.lower === "random" && t.kind === "word"));
    const actions: Action[] = listed.length
      ? [{ do: "random", choices: listed, saveAs: "pick" }, send(where, "{result.pick}")]
      : [send(where, template(text!))];
    const plan = `Every ${describeSeconds(every.seconds)}: posts ${listed.length ? `one of ${listed.length} messages at random` : `"${text}"`} in ${where}${channel ? "" : " (no channel was named)"}`;
    draft.events.push(event({ on: "schedule", every: every.text, channel: where, actions }, plan, "schedules", reader));
  },
};

/** "every monday" → every 7 days, "every morning" → every day (the time itself is reported as not understood). */
function dayInterval(reader: Reader): Duration | null {
  const every = reader.tokens.find(
    (t, i) => ["every", "each"].includes(t.lower) && clockWords.includes(reader.tokens[i + 1]?.lower ?? ""),
  );
  if (!every) return null;
  const word = reader.next(every)!;
  const weekly = !["noon", "midnight", "morning", "evening", "night"].includes(word.lower);
  reader.claim(every);
  return { text: weekly ? "7d" : "1d", seconds: weekly ? 604_800 : 86_400, tokens: [every] };
}

function randomChoices(reader: Reader): string[] {
  const quotes = reader.quotes();
  const items = quotes.length >= 2 ? quotes.map((q) => q.text) : bulletItems(reader);
  if (quotes.length >= 2) reader.claim(...quotes);
  if (items.length >= 2) reader.claimWords("random one of from this list these");
  return items.length >= 2 ? items.map((item) => template(item)) : [];
}

/** "count how many messages each person sends", "after someone sends 5 messages give them the 'Chatter' role". */
export const messageCountRecogniser: ClauseRecogniser = {
  id: "messageCount",
  read(reader, draft, facts) {
    const open = reader.unclaimed();
    const messages = open.tokens.find((t) => t.lower === "messages" || t.lower === "msgs");
    if (!messages) return;
    const amount = reader.next(messages, -1);
    const threshold = amount?.number !== undefined && reader.has("after once when reach reaches") ? amount : undefined;
    if (!threshold && !(open.has("count counts track") && open.has("many each every per"))) return;
    const role = threshold ? reader.role() : null;
    reader.claim(messages, threshold, ...(role?.tokens ?? []));
    const cheer = reader.find("congratulate congrats congratulates");
    reader.claimWords(
      "count counts track how many each every person member user people sends send sent after once when reach reaches give gives them someone they congratulate congrats",
    );
    const count = counter(draft, facts, "messages");
    const actions: Action[] = [counterOp(count, "increment", { saveAs: "count" })];
    const said = ["counts their messages"];
    if (threshold && role) {
      const n = String(Math.floor(threshold.number!));
      actions.push(
        ifThen({ test: "compare", left: "{result.count}", op: "==", right: n }, [
          { do: "addRole", member: "{user}", role: role.name, reason: `Sent ${n} messages` },
          ...(cheer
            ? [reply(`🎉 Congrats {user.mention}, you sent ${n} messages and got the ${role.name} role!`)]
            : []),
        ]),
      );
      said.push(`gives the ${role.name} role at ${n}${cheer ? " and congratulates them" : ""}`);
    }
    // Commands to the bot ("!messages") are not messages sent to the others: not counted.
    const prefix = (draft.prefix ?? "!").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    if (!draft.events.some((e) => e.plan.includes("counts their messages")))
      draft.events.push(
        event(
          { on: "messageMatches", pattern: `^(?!${prefix}\\w)[\\s\\S]`, ignoreCase: true, actions },
          `When a member sends a message: ${said.join(", ")}`,
          "leveling",
          reader,
        ),
      );
  },
};

/** "!messages shows your count". */
export const messageCountFeature: CommandFeature = {
  id: "messagecount",
  category: "leveling",
  names: ["messages", "msgs", "messagecount", "msgcount"],
  defaultName: "messages",
  cue: () => false,
  implicit: false,
  build({ reader, name, type, draft, facts }) {
    reader.claimWords("show shows your count how many sent message");
    const count = counter(draft, facts, "messages");
    const made = command(name, type, "How many messages you sent", [
      counterOp(count, "get", { saveAs: "count" }),
      reply("{user.mention}, you have sent {result.count} messages."),
    ]);
    return [
      {
        command: made,
        summary: "shows how many messages you have sent",
        category: "leveling",
        strength: 3,
        clause: null,
        feature: "messagecount",
      },
    ];
  },
};
