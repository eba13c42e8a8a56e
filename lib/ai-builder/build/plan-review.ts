/**
 * The plan, before the code (issue 34): what the builder understood, line by line, each with the
 * words it came from and the parts of it the user may fix (an option's name, a reply's text, the
 * channel it posts in), and the questions it asks where the words left something out ("What
 * should /rules show?", "Which channel should welcomes go to?"). A build waits here when it asks
 * something or left words out; the user's answers and fixes go into the blueprint before any code
 * is written. Pure: the build (./run.ts) keeps the draft blueprint, the service applies fixes.
 */
import type { NotUnderstood, Understanding } from "@/lib/ai-builder/types";
import { blueprintSchema, type Blueprint } from "@/lib/blueprint";
import { namedPlaces } from "@/lib/blueprint/named-places";
import type { Action, BlueprintCommand, BlueprintEvent, BlueprintOption } from "@/lib/blueprint/schema";
import { blueprintLimits } from "@/lib/blueprint/vocabulary";

import { renameOptionReferences } from "../offline/user-names";
import type { Superseded } from "../words/verify";

export interface PlanField {
  /** Stable for one draft: "i0.o1" (item 0's second option), "i1.t0" (its first text). */
  id: string;
  kind: "option" | "text" | "channel";
  /** "Option name", "Reply", "Posts in". */
  label: string;
  value: string;
  /** For a channel: the channels the bot's test server has or the plan names. */
  choices?: string[];
}

export interface PlanItem {
  id: string;
  /** The line in plain words: "/roll: rolls a die (sides: optional, default 6)". */
  line: string;
  /** The sentence of the description this line came from, when one can be told. */
  from: string | null;
  fields: PlanField[];
}

export interface PlanQuestion {
  id: string;
  kind: "text" | "channel";
  question: string;
  /** The words that raised it. */
  from: string;
  /** A suggested answer (the channel guessed), or "". */
  value: string;
  choices?: string[];
}

export interface PlanReview {
  items: PlanItem[];
  questions: PlanQuestion[];
}

export interface PlanCorrections {
  /** Field id → its new value. */
  fields?: Record<string, string>;
  /** Question id → the answer ("" or missing: not answered). */
  answers?: Record<string, string>;
}

/** What a correction replaced of the user's words, so the proof no longer holds the bot to them. */
export type { Superseded };

export class PlanCorrectionError extends Error {
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** Channels every bot's own test server has (runtime/simulator/world.ts). */
const testServerChannels = ["#general", "#bot-commands", "#mod-log"];
const maxFieldsPerItem = 8;
const maxAnswer = blueprintLimits.text;

// ── Where the fixable parts are ───────────────────────────────────────────────────────────────

type Locator =
  | {
      kind: "option";
      options: BlueprintOption[];
      index: number;
      scope: { options: BlueprintOption[]; actions: Action[] };
    }
  | { kind: "text"; holder: { text?: string } }
  | { kind: "channel"; holder: { channel?: string } };

interface Located {
  field: PlanField;
  locate: Locator;
}

/** Letters, digits, - and _: what Discord allows in a text channel's name (no marks, no bidi controls). */
const channelPattern = /^#[\p{L}\p{N}_-]{1,100}$/u;

function textsAndChannels(actions: Action[], prefix: string, out: Located[], choices: string[]): void {
  for (const action of actions) {
    if (out.length >= maxFieldsPerItem) return;
    switch (action.do) {
      case "reply":
      case "send":
      case "dm": {
        if (action.do === "send" && channelPattern.test(action.channel)) {
          out.push({
            field: {
              id: `${prefix}.c${out.length}`,
              kind: "channel",
              label: "Posts in",
              value: action.channel,
              choices,
            },
            locate: { kind: "channel", holder: action },
          });
        }
        if (typeof action.message.text === "string") {
          const label = action.do === "reply" ? "Reply" : action.do === "send" ? "Message" : "Direct message";
          out.push({
            field: { id: `${prefix}.t${out.length}`, kind: "text", label, value: action.message.text },
            locate: { kind: "text", holder: action.message },
          });
        }
        break;
      }
      case "if":
        textsAndChannels(action.then, prefix, out, choices);
        textsAndChannels(action.else, prefix, out, choices);
        break;
      case "wait":
        textsAndChannels(action.then, prefix, out, choices);
        break;
      default:
        break;
    }
  }
}

/** Every fixable part of the blueprint's command or event number `index`, in a fixed order. */
function locate(blueprint: Blueprint, itemId: string, choices: string[]): Located[] {
  const found = locateAll(blueprint, itemId, choices);
  // Two replies on one line (an if and its else) are "Reply" and "Reply 2": every field its own label.
  const seen = new Map<string, number>();
  for (const { field } of found) {
    const count = (seen.get(field.label) ?? 0) + 1;
    seen.set(field.label, count);
    if (count > 1) field.label = `${field.label} ${count}`;
  }
  return found;
}

function locateAll(blueprint: Blueprint, itemId: string, choices: string[]): Located[] {
  const [kind, number] = [itemId[0], Number(itemId.slice(1))];
  const out: Located[] = [];
  if (kind === "c") {
    const command = blueprint.commands[number];
    if (!command) return out;
    const scopes: { label: string; scope: { options: BlueprintOption[]; actions: Action[] } }[] = [
      { label: "", scope: command },
      ...command.subcommands.map((sub) => ({ label: `${sub.name}: `, scope: sub })),
    ];
    scopes.forEach(({ label, scope }, s) => {
      scope.options.forEach((option, index) => {
        if (out.length >= maxFieldsPerItem) return;
        out.push({
          field: { id: `${itemId}.s${s}o${index}`, kind: "option", label: `${label}Option name`, value: option.name },
          locate: { kind: "option", options: scope.options, index, scope },
        });
      });
    });
    for (const [s, { scope }] of scopes.entries()) textsAndChannels(scope.actions, `${itemId}.s${s}`, out, choices);
    return out;
  }
  const event = blueprint.events[number];
  if (!event) return out;
  if ("channel" in event && typeof event.channel === "string" && channelPattern.test(event.channel)) {
    out.push({
      field: { id: `${itemId}.ch`, kind: "channel", label: "In", value: event.channel, choices },
      locate: { kind: "channel", holder: event as { channel?: string } },
    });
  }
  textsAndChannels(event.actions, itemId, out, choices);
  return out;
}

function channelChoices(blueprint: Blueprint): string[] {
  const named = namedPlaces(blueprint).channels.map((name) => `#${name}`);
  return [...new Set([...testServerChannels, ...named])];
}

// ── The user's words a line came from ─────────────────────────────────────────────────────────

function sentencesOf(description: string): string[] {
  return description
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"'“/!#*-])|\n+|(?:^|\s)[-*•]\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const eventWords: Record<BlueprintEvent["on"], string[]> = {
  memberJoin: ["join", "joins", "joined", "welcome", "welcomes", "new member", "new members", "arrive"],
  memberLeave: ["leave", "leaves", "left", "goodbye", "bye"],
  messageContains: ["message", "says", "types", "contains", "word", "words"],
  messageMatches: ["message", "link", "links", "invite", "caps", "pattern"],
  reactionAdd: ["react", "reacts", "reaction", "emoji"],
  reactionRemove: ["react", "reaction", "unreact", "removes"],
  button: ["button", "click", "clicks"],
  select: ["menu", "select", "pick"],
  modalSubmit: ["form", "modal", "submit"],
  schedule: ["every", "daily", "hourly", "each day", "each week", "weekly"],
};

function lower(text: string): string {
  return text.toLowerCase();
}

/** The sentence naming the command ("/rules", "!rules", "rules command"), or the event's words. */
function sourceOf(
  sentences: string[],
  item: { command?: BlueprintCommand; event?: BlueprintEvent },
  prefix: string,
): string | null {
  if (item.command) {
    const name = lower(item.command.name);
    const escaped = name.replace(/[-]/g, "\\-");
    const named = new RegExp(
      `(^|[^\\w])([/!${prefix.replace(/[\\\]^-]/g, "\\$&")}]${escaped}|${escaped} command)(?![\\w-])`,
      "i",
    );
    const found = sentences.find((sentence) => named.test(sentence));
    if (found) return found;
    const word = new RegExp(`\\b${escaped}\\b`, "i");
    return sentences.find((sentence) => word.test(sentence)) ?? null;
  }
  const event = item.event!;
  const words = [
    ...eventWords[event.on],
    ...(event.on === "messageContains" ? event.words.map(lower) : []),
    ...("channel" in event && typeof event.channel === "string" ? [lower(event.channel)] : []),
  ];
  let best: { sentence: string; score: number } | null = null;
  for (const sentence of sentences) {
    const text = ` ${lower(sentence)} `;
    const score = words.filter((word) => text.includes(word.startsWith("#") ? word : ` ${word}`)).length;
    if (score > 0 && (!best || score > best.score)) best = { sentence, score };
  }
  return best?.sentence ?? null;
}

// ── The review ────────────────────────────────────────────────────────────────────────────────

const noChannel = " (no channel was named)";

function channelQuestion(item: { command?: BlueprintCommand; event?: BlueprintEvent }, prefix: string): string {
  if (item.event?.on === "memberJoin") return "Which channel should welcomes go to?";
  if (item.event?.on === "memberLeave") return "Which channel should goodbyes go to?";
  if (item.event?.on === "schedule") return "Which channel should the scheduled message go to?";
  if (item.command) {
    return `Which channel should ${item.command.type === "slash" ? "/" : prefix}${item.command.name} post in?`;
  }
  return "Which channel should the bot post in?";
}

function commandAsked(note: NotUnderstood, prefix: string): string | null {
  if (!note.command) return null;
  return `${note.command.type === "slash" ? "/" : prefix}${note.command.name}`;
}

/**
 * The plan as the page shows it before any code: one item per command and event (their lines
 * are the understanding's, in the blueprint's order), and the questions.
 */
export function reviewPlan(
  understanding: Pick<Understanding, "blueprint" | "plan" | "notUnderstood">,
  description: string,
): PlanReview {
  const { blueprint } = understanding;
  const sentences = sentencesOf(description);
  const choices = channelChoices(blueprint);
  const items: PlanItem[] = [];
  const questions: PlanQuestion[] = [];
  const parts = [
    ...blueprint.commands.map((command, index) => ({ id: `c${index}`, command })),
    ...blueprint.events.map((event, index) => ({ id: `e${index}`, event })),
  ];
  parts.forEach((part, index) => {
    const line = understanding.plan[index] ?? "";
    const from = sourceOf(sentences, part, blueprint.prefix);
    const fields = locate(blueprint, part.id, choices).map(({ field }) => field);
    items.push({ id: part.id, line: line.replace(noChannel, ""), from, fields });
    const channel = fields.find((field) => field.kind === "channel");
    if (line.includes(noChannel) && channel) {
      questions.push({
        id: `ch.${channel.id}`,
        kind: "channel",
        question: channelQuestion(part, blueprint.prefix),
        from: from ?? line,
        value: channel.value,
        choices,
      });
    }
  });
  // The remarks after the items ("Remembers coins across restarts.") are lines without fields.
  understanding.plan.slice(parts.length).forEach((line, index) => {
    items.push({ id: `r${index}`, line, from: null, fields: [] });
  });
  understanding.notUnderstood.forEach((note, index) => {
    const label = commandAsked(note, blueprint.prefix);
    if (!label || note.refused) return;
    const from = sentences.find((sentence) => sentence.includes(label)) ?? label;
    questions.push({ id: `cmd.${index}`, kind: "text", question: `What should ${label} show?`, from, value: "" });
  });
  return { items, questions };
}

/** The parts not understood that a question covers: its command's note, and the words after it in its sentence. */
export function coveredNotes(notes: NotUnderstood[], question: PlanQuestion): number[] {
  if (!question.id.startsWith("cmd.")) return [];
  const index = Number(question.id.slice(4));
  const covered = [index];
  notes.forEach((note, i) => {
    if (i !== index && !note.command && !note.refused && question.from.includes(note.text)) covered.push(i);
  });
  return covered;
}

/** Does this plan need the user before the code is written? */
export function planNeedsUser(review: PlanReview, notUnderstood: NotUnderstood[]): boolean {
  return review.questions.length > 0 || notUnderstood.some((note) => !note.refused);
}

function channelValue(raw: string, field: string): string {
  const name = raw.trim().replace(/^#/, "").trim().toLowerCase().replace(/\s+/g, "-");
  const channel = `#${name}`;
  if (!channelPattern.test(channel)) {
    throw new PlanCorrectionError("Write a channel as #name: letters, digits, - or _, no spaces.", field);
  }
  return channel;
}

function renameOption(scope: { options: BlueprintOption[]; actions: Action[] }, index: number, to: string): void {
  const option = scope.options[index]!;
  const renamed = renameOptionReferences(scope.actions, [[option.name, to]]) as Action[];
  option.name = to;
  scope.actions.splice(0, scope.actions.length, ...renamed);
}

export interface Corrected {
  blueprint: Blueprint;
  plan: string[];
  notUnderstood: NotUnderstood[];
  superseded: Superseded;
}

/**
 * The draft with the user's fixes and answers in it, checked as any blueprint is; the plan's
 * lines say what changed. Throws PlanCorrectionError (with the field) on a value that cannot be.
 */
export function applyCorrections(
  draft: Blueprint,
  understanding: Pick<Understanding, "plan" | "notUnderstood">,
  review: PlanReview,
  corrections: PlanCorrections,
): Corrected {
  const blueprint = structuredClone(draft);
  const plan = [...understanding.plan];
  const superseded: Superseded = { options: [], replies: [], channels: [] };
  const choices = channelChoices(draft);
  const values = new Map(Object.entries(corrections.fields ?? {}));
  // A channel question sets its field; a problem with the answer is said on the question.
  const origin = new Map<string, string>();
  for (const question of review.questions) {
    const answer = corrections.answers?.[question.id]?.trim();
    if (question.kind === "channel" && answer) {
      values.set(question.id.slice(3), answer);
      origin.set(question.id.slice(3), question.id);
    }
  }
  const where = (id: string) => origin.get(id) ?? id;
  const known = new Set(review.items.flatMap((item) => item.fields.map((field) => field.id)));
  for (const id of values.keys()) {
    if (!known.has(id)) throw new PlanCorrectionError("This part of the plan is no longer there. Reload the page.", id);
  }
  const itemCount = draft.commands.length + draft.events.length;
  for (let index = 0; index < itemCount; index++) {
    const itemId = index < draft.commands.length ? `c${index}` : `e${index - draft.commands.length}`;
    const command = index < draft.commands.length ? blueprint.commands[index] : undefined;
    // Texts and channels first, renames last: a rename rewrites the actions the others point into.
    const located = locate(blueprint, itemId, choices).sort(
      (a, b) => Number(a.locate.kind === "option") - Number(b.locate.kind === "option"),
    );
    for (const { field, locate: at } of located) {
      const raw = values.get(field.id);
      if (raw === undefined || raw === field.value) continue;
      let line = plan[index] ?? "";
      if (at.kind === "option") {
        const to = raw.trim().toLowerCase().replace(/\s+/g, "_");
        if (!/^[a-z0-9_-]{1,32}$/.test(to)) {
          throw new PlanCorrectionError(
            "Use 1–32 lowercase letters, digits, - or _ (Discord's rule for option names).",
            field.id,
          );
        }
        if (at.options.some((option, i) => i !== at.index && option.name === to)) {
          throw new PlanCorrectionError(`This command already has an option called ${to}.`, field.id);
        }
        renameOption(at.scope, at.index, to);
        if (command) superseded.options.push({ command: command.name, name: field.value });
        line = line.replace(new RegExp(`(\\(|; )${field.value}(?=[:;)])`), `$1${to}`);
      } else if (at.kind === "text") {
        const text = raw.trim();
        if (!text) throw new PlanCorrectionError("Write what the bot says, or leave the text as it was.", field.id);
        if (text.length > maxAnswer) throw new PlanCorrectionError(`Keep it under ${maxAnswer} characters.`, field.id);
        at.holder.text = text;
        superseded.replies.push(field.value);
        line = line.split(`"${field.value}"`).join(`"${text}"`);
      } else {
        const channel = channelValue(raw, where(field.id));
        at.holder.channel = channel;
        superseded.channels.push(field.value.replace(/^#/, ""));
        line = line.split(field.value).join(channel);
      }
      plan[index] = line;
    }
    plan[index] = (plan[index] ?? "").replace(noChannel, "");
  }

  // Answers to "What should /rules show?": the command, replying with the answer.
  const covered = new Set<number>();
  for (const question of review.questions) {
    if (question.kind !== "text") continue;
    const answer = corrections.answers?.[question.id]?.trim();
    if (!answer) continue;
    if (answer.length > maxAnswer) throw new PlanCorrectionError(`Keep it under ${maxAnswer} characters.`, question.id);
    const note = understanding.notUnderstood[Number(question.id.slice(4))];
    if (!note?.command) continue;
    if (blueprint.commands.some((c) => c.name === note.command!.name && c.type === note.command!.type)) continue;
    if (blueprint.commands.length >= blueprintLimits.commands) {
      throw new PlanCorrectionError(`A bot has at most ${blueprintLimits.commands} commands.`, question.id);
    }
    blueprint.commands.push({
      type: note.command.type,
      name: note.command.name,
      description: `Shows ${note.command.name.replace(/[-_]/g, " ")}`.slice(0, blueprintLimits.description),
      permissions: [],
      options: [],
      subcommands: [],
      actions: [{ do: "reply", message: { text: answer, buttons: [] }, ephemeral: false }],
    });
    const label = `${note.command.type === "slash" ? "/" : blueprint.prefix}${note.command.name}`;
    plan.splice(
      blueprint.commands.length - 1,
      0,
      `${label}: replies "${answer.length > 80 ? `${answer.slice(0, 79)}…` : answer}"`,
    );
    for (const index of coveredNotes(understanding.notUnderstood, question)) covered.add(index);
  }

  const checked = blueprintSchema.safeParse(blueprint);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    throw new PlanCorrectionError(
      issue ? `The plan would not be a valid bot: ${issue.message}` : "The plan would not be a valid bot.",
    );
  }
  return {
    blueprint: checked.data,
    plan,
    notUnderstood: understanding.notUnderstood.filter((_, index) => !covered.has(index)),
    superseded,
  };
}

/** The description cut where the quoted words occur (case-insensitively), those parts marked. */
export function markWords(description: string, quotes: string[]): { text: string; marked: boolean }[] {
  const ranges: [number, number][] = [];
  const lowered = description.toLowerCase();
  for (const quote of quotes) {
    const at = lowered.indexOf(quote.toLowerCase().replace(/…$/, ""));
    if (quote && at >= 0) ranges.push([at, at + quote.replace(/…$/, "").length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const parts: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) parts.push({ text: description.slice(at, start), marked: false });
    parts.push({ text: description.slice(start, end), marked: true });
    at = end;
  }
  if (at < description.length) parts.push({ text: description.slice(at), marked: false });
  return parts;
}
