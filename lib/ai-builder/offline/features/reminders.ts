/**
 * Reminders: "/remind <minutes> <text>", "/remind hours:<number> what:<text>", "/remind in:<minutes>
 * text:<text>", "/remindme time:<like 10m, 2h> about:<text>", "a /remind that takes a duration, a
 * unit (minutes, hours or days) and a message", "remind me in 10 minutes". The time is the user's
 * option, read when the command runs (a blueprint duration template: "{option.minutes}m"), not a
 * list of six durations; the options keep the names the user wrote. The wait comes before the
 * answer, so a time the bot cannot read is said instead of "I'll remind you".
 */
import { claimsOf, type Claim } from "@/lib/ai-builder/words/claims";
import type { Action, BlueprintOption } from "@/lib/blueprint/schema";
import { describeSeconds, maxWaitSeconds, parseDuration, unitSeconds } from "@/lib/blueprint/vocabulary";

import {
  addData,
  command,
  dm,
  equals,
  ifThen,
  reply,
  send,
  template,
  type CommandFeature,
  type CommandPart,
  type Draft,
} from "../parts";
import type { Reader } from "../read";
import { durationChoices } from "./moderation";

type OptionClaim = Extract<Claim, { kind: "option" }>;

/** A unit as an option's name or hint says it: "minutes" → "minutes". */
const unitWords: Record<string, "seconds" | "minutes" | "hours" | "days" | "weeks"> = {
  s: "seconds",
  sec: "seconds",
  secs: "seconds",
  second: "seconds",
  seconds: "seconds",
  m: "minutes",
  min: "minutes",
  mins: "minutes",
  minute: "minutes",
  minutes: "minutes",
  h: "hours",
  hr: "hours",
  hrs: "hours",
  hour: "hours",
  hours: "hours",
  d: "days",
  day: "days",
  days: "days",
  w: "weeks",
  week: "weeks",
  weeks: "weeks",
};

/** Names of an option that holds when, in some unit or as "10m". */
const timeNames = new Set(["time", "duration", "when", "in", "after", "delay", "length", "period", "wait", "amount"]);
/** Names of an option that holds what to be reminded of. */
const textNames = new Set([
  "text",
  "message",
  "msg",
  "what",
  "reminder",
  "note",
  "about",
  "content",
  "task",
  "thing",
  "item",
  "words",
  "reason",
  "todo",
]);
const unitNames = new Set(["unit", "units", "timeunit", "time_unit", "per"]);

/** What a usage line says is inside an option: "in:<minutes>" → "minutes", "<text>" → "text". */
function hintOf(claim: OptionClaim): string {
  const inner = /<([^>]{1,40})>|\[([^\]]{1,40})\]/.exec(claim.words);
  return (inner?.[1] ?? inner?.[2] ?? "").trim().toLowerCase();
}

/** The time's option, the unit's (if one), what to remind of, and the duration template. */
interface TimeParts {
  options: BlueprintOption[];
  duration: string;
  /** How the answer says when: "{option.minutes} minutes". */
  spoken: string;
  text: string;
}

function option(name: string, description: string, type: BlueprintOption["type"], extra = {}): BlueprintOption {
  return { name, description, type, required: true, ...extra };
}

/** A whole number of `unit`, from 1 to as many as fit in the longest wait: no time it gives is refused. */
function timeOption(name: string, unit: string): BlueprintOption {
  return option(name, `In how many ${unit}`, "integer", {
    min: 1,
    max: Math.floor(maxWaitSeconds / (unitSeconds[unit] ?? 60)),
  });
}

/** How many of the unit chosen: no more than fit in the longest wait in the largest unit. */
function amountOption(name: string, units: string[]): BlueprintOption {
  const largest = Math.max(...units.map((unit) => unitSeconds[unit] ?? 60));
  return option(name, "How many", "integer", { min: 1, max: Math.floor(maxWaitSeconds / largest) });
}

/** Units listed in words near "unit": "a unit (minutes, hours or days)". */
function unitChoices(reader: Reader): string[] {
  const said = [...new Set(reader.tokens.map((token) => unitWords[token.lower]).filter(Boolean))] as string[];
  const wanted = said.length >= 2 ? said : ["minutes", "hours", "days"];
  return ["seconds", "minutes", "hours", "days", "weeks"].filter((unit) => wanted.includes(unit));
}

/** Options the description writes for the command: in a usage line, or in words. */
function fromWritten(reader: Reader, written: OptionClaim[]): TimeParts | null {
  const named = (claim: OptionClaim) => claim.name.toLowerCase();
  const unitClaim = written.find((claim) => unitNames.has(named(claim)));
  const timeClaim = written.find(
    (claim) => claim !== unitClaim && (unitWords[named(claim)] || timeNames.has(named(claim))),
  );
  if (!timeClaim) return null;
  const textClaim = written.find(
    (claim) => claim !== unitClaim && claim !== timeClaim && (textNames.has(named(claim)) || claim.type !== "user"),
  );
  const text = textClaim?.name ?? "what";
  const textOption = option(text, "What to remind you of", "string");
  const name = timeClaim.name;
  const hint = hintOf(timeClaim);
  const unit = unitWords[named(timeClaim)] ?? unitWords[hint];
  if (unitClaim) {
    const units = unitChoices(reader);
    const amount = amountOption(name, units);
    const unitOption = option(unitClaim.name, "Minutes, hours or days", "string", {
      choices: units.map((value) => ({ name: value, value })),
    });
    const options = orderAs(written, [amount, unitOption, textOption]);
    return {
      options,
      duration: `{option.${name}} {option.${unitClaim.name}}`,
      spoken: `{option.${name}} {option.${unitClaim.name}}`,
      text,
    };
  }
  if (unit || /^(number|n|num|amount|count|int|integer)$/.test(hint)) {
    const chosen = unit ?? "minutes";
    const options = orderAs(written, [timeOption(name, chosen), textOption]);
    return { options, duration: `{option.${name}}${chosen[0]}`, spoken: `{option.${name}} ${chosen}`, text };
  }
  const free = option(name, 'When: "10m", "2 hours", "1d"', "string");
  return {
    options: orderAs(written, [free, textOption]),
    duration: `{option.${name}}`,
    spoken: `{option.${name}}`,
    text,
  };
}

/** The options in the order the user wrote them (those not written last). */
function orderAs(written: OptionClaim[], options: BlueprintOption[]): BlueprintOption[] {
  const at = (name: string) => {
    const index = written.findIndex((claim) => claim.name === name);
    return index < 0 ? written.length : index;
  };
  return [...options].sort((a, b) => at(a.name) - at(b.name));
}

/** Options said in words: "with minutes and message", "takes a duration, a unit (…) and a message". */
function fromWords(reader: Reader): TimeParts | null {
  const unitToken = reader.find("unit units");
  const timeToken = reader.tokens.find(
    (token) => ["duration", "minutes", "hours", "seconds", "days"].includes(token.lower) && !reader.isClaimed(token),
  );
  if (!timeToken) return null;
  const textToken = reader.find("message text note");
  const text = textToken ? textToken.lower : "what";
  const textOption = option(text, "What to remind you of", "string");
  if (unitToken && timeToken.lower === "duration") {
    reader.claim(unitToken, timeToken, textToken);
    reader.claimWords("number just a and or takes take");
    const units = unitChoices(reader);
    reader.claimWords(...units);
    return {
      options: [
        amountOption("duration", units),
        option("unit", "Minutes, hours or days", "string", { choices: units.map((value) => ({ name: value, value })) }),
        textOption,
      ],
      duration: "{option.duration} {option.unit}",
      spoken: "{option.duration} {option.unit}",
      text,
    };
  }
  if (timeToken.lower === "duration") return null;
  reader.claim(timeToken, textToken);
  const unit = unitWords[timeToken.lower]!;
  return {
    options: [timeOption(unit, unit), textOption],
    duration: `{option.${unit}}${unit[0]}`,
    spoken: `{option.${unit}} ${unit}`,
    text,
  };
}

export const reminderFeature: CommandFeature = {
  id: "remind",
  category: "reminders",
  names: ["remind", "remindme", "reminder", "timer"],
  defaultName: "remind",
  cue: (reader) =>
    reader.has("remind reminder remindme") ||
    // "/timer <seconds> says 'Time's up!' when it's done".
    ((reader.has("seconds minutes hours second minute timer countdown") ||
      reader.tokens.some(
        (t) => t.kind === "arg" && /^(seconds?|minutes?|hours?|time|duration)$/.test(t.arg?.name ?? ""),
      )) &&
      reader.has("when once after") &&
      reader.has("done up over finished ends") &&
      reader.tokens.some((t) => t.kind === "quote")),
  implicit: true,
  build({ reader, name, type, draft: blueprint }) {
    // "/cancelremind", "/reminders to see my pending ones": not setting one — said as not understood.
    if (
      /^(cancel|delete|del|remove|clear|stop|list|my|show)|^reminders$|(list|cancel|delete|del|remove|clear)$/.test(
        name,
      )
    )
      return [];
    reader.claimWords(
      "remind reminder remindme me them set later about of what something user member people can in after",
    );
    // Where it is delivered may be said in the next sentence ("the bot pings you in the same channel").
    const last = reader.tokens[reader.tokens.length - 1];
    const rest = last ? reader.doc.tokens.slice(last.index + 1, last.index + 40) : [];
    const upTo = rest.findIndex((t) => t.kind === "command");
    const next = reader.part(upTo < 0 ? rest : rest.slice(0, upTo));
    const said = [reader, next].find((r) => r.has("channel ping pings mention dm dms privately"));
    // 'says "Time's up!" when it's done': said where it was set, unless a DM is asked for.
    const endsSaying =
      reader.tokens.some(
        (t, i) =>
          t.kind === "quote" &&
          ["say", "says", "post", "posts", "send", "sends"].includes(reader.tokens[i - 1]?.lower ?? ""),
      ) && reader.has("done up over finished ends");
    const inChannel =
      Boolean(said && said.has("channel ping pings mention") && !said.has("dm dms privately")) ||
      (endsSaying && !reader.has("dm dms privately"));
    if (inChannel) (said ?? reader).claimWords("channel ping pings mention same you with your reminder bot");
    else (said ?? reader).claimWords("dm dms privately message direct");
    if (said === next) next.claimWords("when the time is up due");
    const where = inChannel ? "in the channel" : "by DM";

    const claims = claimsOf(reader.doc.text);
    const written = claims.filter(
      (claim): claim is OptionClaim => claim.kind === "option" && claim.command === name && !claim.subcommand,
    );
    const quotes = reader.quotes();
    const draft = command(name, type, "Set a reminder", []);
    // "remind me in 10 minutes": a time said outright is the time; else the options the user wrote.
    // "/remindme <text> → DMs you the text 1 hour later": options written, the time said outright.
    const fromUsage = written.length ? fromWritten(reader, written) : null;
    const outright = fromUsage ? null : reader.duration();
    const time = fromUsage ?? (outright || written.length ? null : fromWords(reader));
    const fixed = time ? null : outright;

    // What to remind of, when the usage line names it but no time: "/remindme <text>".
    const textWritten = written.find((claim) => claim.type !== "user")?.name;
    const names = time ? time.options.map((item) => item.name) : [textWritten ?? "what"];
    // Dictated texts: the first quote is the answer, one with the reminder's text in it is the reminder.
    // Dictated texts, their "<text>" made the option it names (and "<user>" as ever).
    const asOptions = Object.fromEntries(names.map((item) => [item, `{option.${item}}`]));
    const texts = quotes.map((quote) => template(quote.text.trim(), asOptions));
    const textName = time?.text ?? textWritten ?? "what";
    // 'says "Time's up!" when it's done': the text said when the time is up.
    const saidAtTheEnd = quotes.findIndex((quote) => {
      const after = reader
        .after(quote)
        .slice(0, 6)
        .map((t) => t.lower);
      return (
        after.some((w) => ["when", "once", "after", "at"].includes(w)) &&
        after.some((w) => ["done", "up", "over", "finished", "ends", "end", "out", "expires", "elapsed"].includes(w))
      );
    });
    const laterIndex =
      saidAtTheEnd >= 0 ? saidAtTheEnd : texts.findIndex((text) => text.includes(`{option.${textName}}`));
    if (saidAtTheEnd >= 0)
      reader.claimWords("when once after at it's its it is the time done up over finished ends end runs out");
    const answerIndex = texts.findIndex((_, index) => index !== laterIndex);
    if (laterIndex >= 0 || answerIndex >= 0) {
      reader.claim(...quotes);
      reader.claimWords("reply replies say says answer respond should it and later then send sends dm dms with");
    }
    const laterText = laterIndex >= 0 ? texts[laterIndex]! : `⏰ Reminder: {option.${textName}}`;
    const deliver: Action = inChannel
      ? send("here", laterText.includes("{user.mention}") ? laterText : `{user.mention} ${laterText}`)
      : dm("{user}", laterText);
    // Pending ones are kept (and listed) when the description asks to see them.
    const kept = wantsList(reader.doc.text);
    const pending = `{option.${textName}}`;
    if (kept) keepPending(blueprint);
    const later: Action[] = kept ? [deliver, forget(pending)] : [deliver];
    const remember: Action[] = kept ? [remembered(pending)] : [];

    // A fixed text said when the time is up ("Time's up!") needs no text typed.
    if (saidAtTheEnd >= 0 && !laterText.includes(`{option.${textName}}`) && time)
      time.options = time.options.filter(
        (item) => item.name !== textName || written.some((claim) => claim.name === textName),
      );
    if (time) {
      reader.claimWords("time duration long given when number minutes hours days seconds that many");
      // "DMs you the text after that many minutes": the options' own names.
      reader.claimWords(...time.options.map((item) => item.name), "the");
      draft.options.push(...time.options);
      const answer = answerIndex >= 0 ? texts[answerIndex]! : `I'll remind you in ${time.spoken}.`;
      draft.actions.push(
        { do: "wait", duration: time.duration, then: later },
        ...remember,
        reply(answer, type === "slash"),
      );
      const summary = `reminds you ${where} after the time given (${time.spoken.replace(/\{option\.([a-z0-9_-]+)\}/g, "$1")})`;
      return [part(draft, summary)];
    }
    draft.options.push(option(textName, "What to remind you of", "string"));
    const listed = durationChoices(reader, 365 * 86_400);
    if (!listed.length && fixed && fixed.seconds >= 1) {
      reader.claim(...fixed.tokens);
      reader.claimWords(textName, "the");
      const when = describeSeconds(fixed.seconds);
      const answer = answerIndex >= 0 ? texts[answerIndex]! : `I'll remind you in ${when}.`;
      draft.actions.push(
        { do: "wait", duration: fixed.text, then: later },
        ...remember,
        reply(answer, type === "slash"),
      );
      return [part(draft, `reminds you ${where} after ${when}`)];
    }
    reader.claimWords("time duration long choose chosen given when");
    if (listed.length) {
      // The user listed the times: those are the choices.
      draft.options.push({
        name: "in",
        description: "When",
        type: "string",
        required: true,
        choices: listed.map((value) => ({ name: describeSeconds(parseDuration(value) ?? 0), value })),
      });
      draft.actions.push(
        ...listed.map((choice) =>
          ifThen(equals("{option.in}", choice), [{ do: "wait", duration: choice, then: later }]),
        ),
        ...remember,
        reply(answerIndex >= 0 ? texts[answerIndex]! : "I'll remind you in {option.in}.", type === "slash"),
      );
      const range = listed.map((c) => describeSeconds(parseDuration(c) ?? 0));
      return [part(draft, `reminds you ${where} after the time chosen (${range.join(", ")})`)];
    }
    // No time said: the user gives one, as people write it.
    draft.options.unshift(option("in", 'When: "10m", "2 hours", "1d"', "string"));
    draft.actions.push(
      { do: "wait", duration: "{option.in}", then: later },
      ...remember,
      reply(answerIndex >= 0 ? texts[answerIndex]! : "I'll remind you in {option.in}.", type === "slash"),
    );
    return [part(draft, `reminds you ${where} after the time given ("10m", "2 hours", "1d")`)];
  },
};

function part(draft: ReturnType<typeof command>, summary: string, feature = "remind"): CommandPart {
  return { command: draft, summary, category: "reminders", strength: 3, clause: null, feature };
}

/** Each member's reminders not yet sent, by their text. */
const pendingData = "pending_reminders";

/** "/reminders to see my pending ones", "list your reminders": a command that shows them. */
function wantsList(text: string): boolean {
  return (
    /(?:^|[\s(,])[/!](?:reminders|myreminders|listreminders|reminderlist|pending)\b/i.test(text) ||
    /\b(?:see|list|lists|show|shows|view|check)\b[^.!?\n]{0,30}\b(?:reminders|pending)\b/i.test(text)
  );
}

function keepPending(blueprint: Draft): void {
  addData(blueprint, { name: pendingData, kind: "list", scope: "user" });
}

const remembered = (text: string): Action => ({ do: "store", data: pendingData, op: "append", value: text });
const forget = (text: string): Action => ({ do: "store", data: pendingData, op: "remove", value: text });

export const remindersListFeature: CommandFeature = {
  id: "reminders",
  category: "reminders",
  names: ["reminders", "myreminders", "listreminders", "reminderlist", "pending"],
  defaultName: "reminders",
  cue: (reader) => reader.has("reminders") && reader.has("see list lists show shows view check pending"),
  implicit: false,
  build({ reader, name, type, draft: blueprint }) {
    reader.claimWords("see list lists show shows view check pending reminders my your yours ones to all");
    keepPending(blueprint);
    const draft = command(name, type, "Your pending reminders", [
      { do: "store", data: pendingData, op: "list", saveAs: "pending" },
      reply("Your pending reminders:\n{result.pending}", type === "slash"),
    ]);
    return [part(draft, "lists your reminders not yet sent", "reminders")];
  },
};
