/**
 * Words for writing the description suite's checks (lib/ai-builder/cases.ts) briefly: steps as a
 * member takes them, expectations on what the description fixes, and whole-text patterns (the
 * runner anchors them as `^(?:…)$` with flags "su", so each one says `.*` around what it needs).
 *
 * What a description leaves open stays open here: a reply may be plain text or an embed (its
 * title or description), a refusal is "a reply only for them" without fixed words, and numbers
 * may be written with trailing zeros ("12.00").
 */
import type {
  CheckStep,
  Expectation,
  MessagePlace,
  MessageRef,
  Step,
  StepOption,
  TextExpectation,
} from "@/lib/blueprint/proof/types";

import type { CaseCheck } from "./types";

// ── Steps ─────────────────────────────────────────────────────────────────────────────────────

/** A slash command, in #bot-commands unless the check needs another channel. */
export function slash(
  member: string,
  command: string,
  options: StepOption[] = [],
  where: { channel?: string; subcommand?: string } = {},
): Step {
  return {
    kind: "slash",
    command,
    ...(where.subcommand ? { subcommand: where.subcommand } : {}),
    options,
    member,
    channel: where.channel ?? "bot-commands",
  };
}

/** A member writes in a channel (#general unless said). */
export function say(member: string, content: string, channel = "general"): Step {
  return { kind: "say", content, member, channel };
}

export function join(username: string): Step {
  return { kind: "join", username };
}

export function leave(member: string): Step {
  return { kind: "leave", member };
}

/** Stopped and started again; `passSeconds` as if that long had passed while it was down. */
export function restart(passSeconds?: number): Step {
  return passSeconds ? { kind: "restart", passSeconds } : { kind: "restart" };
}

/** A reaction on the bot's newest message (in `channel`, if given). */
export function react(member: string, emoji: string, channel?: string, remove = false): Step {
  const on: MessageRef = channel ? { from: "bot", channel } : { from: "bot" };
  return { kind: "react", emoji, member, on, ...(remove ? { remove: true } : {}) };
}

export const opt = {
  text: (name: string, value: string): StepOption => ({ name, type: "string", value }),
  int: (name: string, value: number): StepOption => ({ name, type: "integer", value }),
  num: (name: string, value: number): StepOption => ({ name, type: "number", value }),
  user: (name: string, member: string): StepOption => ({ name, type: "user", value: member }),
  channel: (name: string, channel: string): StepOption => ({ name, type: "channel", value: channel }),
  role: (name: string, role: string): StepOption => ({ name, type: "role", value: role }),
};

/**
 * A step and what must follow it. (Not named `then`: a module exporting `then` is a thenable, and
 * `await import()` of it never settles.)
 */
export function act(step: Step, ...expect: Expectation[]): CheckStep {
  return { step, expect };
}

/** Several steps that expect nothing (setup: messages before a purge, levels earned…). */
export function quietly(...steps: Step[]): CheckStep[] {
  return steps.map((step) => ({ step, expect: [] }));
}

export function check(title: string, ...steps: (CheckStep | CheckStep[])[]): CaseCheck {
  return { title, steps: steps.flat() };
}

/** `count` messages by `member` ("message 1", "message 2"…), expecting nothing. */
export function chatter(member: string, count: number, channel = "general"): CheckStep[] {
  return quietly(...Array.from({ length: count }, (_, index) => say(member, `message ${index + 1}`, channel)));
}

// ── Patterns ──────────────────────────────────────────────────────────────────────────────────

/** The text as itself in a pattern. */
export function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The text in any letter case ("welcome" → "[wW][eE]…"). */
export function anyCase(text: string): string {
  return [...text]
    .map((char) => {
      const lower = char.toLowerCase();
      const upper = char.toUpperCase();
      return lower === upper ? literal(char) : `[${lower}${upper}]`;
    })
    .join("");
}

/** A whole text holding every part, in any order. */
export function contains(...parts: string[]): string {
  if (parts.length === 1) return `.*(?:${parts[0]}).*`;
  return `${parts.map((part) => `(?=.*(?:${part}))`).join("")}.*`;
}

/** One of the words or phrases, in any case. */
export function anyOf(...words: string[]): string {
  return `(?:${words.map(anyCase).join("|")})`;
}

/** A number on its own (not part of a longer number or an id): "12", "12.00", "22.50" for 22.5. */
export function number(value: number | string): string {
  const [whole, fraction] = String(value).split(".");
  const body = fraction ? `${literal(whole!)}\\.${fraction}0*` : `${literal(whole!)}(?:\\.0+)?`;
  return `(?<![\\d.])${body}(?!\\d|\\.\\d)`;
}

/** One of these numbers, on its own. */
export function numberOf(...values: number[]): string {
  return `(?:${values.map(number).join("|")})`;
}

/** A whole number from `min` to `max`, on its own. */
export function numberBetween(min: number, max: number): string {
  return numberOf(...Array.from({ length: max - min + 1 }, (_, index) => min + index));
}

/** The member's mention. */
export function mention(member: string): string {
  return `<@!?⟨member:${member}⟩>`;
}

/** The member by name, mention or id. */
export function named(member: string): string {
  return `(?:${literal(member)}|⟨member:${member}⟩)`;
}

/** A count next to its label, either way round: "pizza: 2", "2 votes for pizza". */
export function countOf(label: string, count: number): string {
  const word = anyCase(label);
  return `(?:${word}\\D{0,20}${number(count)}|${number(count)}\\D{0,20}${word})`;
}

// ── Expectations ──────────────────────────────────────────────────────────────────────────────

type Privacy = { ephemeral?: boolean };

/**
 * What a message's text must hold: parts (patterns) that must each appear somewhere, in any order
 * — in an embed, its title and description may share them —, or a whole-text pattern.
 */
export type Wanted = string | string[] | { whole: string };

function textOrEmbed(place: MessagePlace, wanted: Wanted, describe: string, privacy: Privacy = {}): Expectation {
  const message = (fields: {
    text?: TextExpectation;
    embed?: { title?: TextExpectation; description?: TextExpectation };
  }) => [{ kind: "message" as const, place, ...privacy, ...fields }];
  const as = (pattern: string): TextExpectation => ({ pattern, describe });
  const where = place.to === "reply" ? "a reply" : place.to === "channel" ? `a message in #${place.channel}` : "a DM";
  const options: Expectation[][] = [];
  if (typeof wanted === "object" && !Array.isArray(wanted)) {
    const text = as(wanted.whole);
    options.push(message({ text }), message({ embed: { description: text } }), message({ embed: { title: text } }));
  } else {
    const parts = typeof wanted === "string" ? [wanted] : wanted;
    options.push(message({ text: as(contains(...parts)) }));
    // Every way of sharing the parts between the embed's title and its description.
    for (let mask = 0; mask < 2 ** parts.length; mask++) {
      const title = parts.filter((_, index) => mask & (1 << index));
      const description = parts.filter((_, index) => !(mask & (1 << index)));
      options.push(
        message({
          embed: {
            ...(title.length ? { title: as(contains(...title)) } : {}),
            ...(description.length ? { description: as(contains(...description)) } : {}),
          },
        }),
      );
    }
  }
  return { kind: "oneOf", describe: `${where} with ${describe}`, options };
}

/** A reply (text or embed) holding what is wanted, private or not. */
export function reply(wanted: Wanted, describe: string): Expectation {
  return textOrEmbed({ to: "reply" }, wanted, describe);
}

/** A reply only the member sees, holding what is wanted. */
export function privateReply(wanted: Wanted, describe: string): Expectation {
  return textOrEmbed({ to: "reply" }, wanted, describe, { ephemeral: true });
}

/** Any answer at all. */
export const answered: Expectation = { kind: "message", place: { to: "reply" } };

/**
 * Refused: a reply only for them (as a permission or cooldown refusal is), whatever its words —
 * the description never fixes them.
 */
export const refused: Expectation = { kind: "message", place: { to: "reply" }, ephemeral: true };

export function posted(channel: string, wanted: Wanted, describe: string): Expectation {
  return textOrEmbed({ to: "channel", channel }, wanted, describe);
}

export function postedAnything(channel: string): Expectation {
  return { kind: "message", place: { to: "channel", channel } };
}

export function dm(member: string, wanted: Wanted, describe: string): Expectation {
  return textOrEmbed({ to: "dm", member }, wanted, describe);
}

export function dmAnything(member: string): Expectation {
  return { kind: "message", place: { to: "dm", member } };
}

/** Told something, in the channel or by DM (the description does not say which). */
export function told(member: string): Expectation {
  return {
    kind: "oneOf",
    describe: `a message to ${member}, in the channel or by DM`,
    options: [[answered], [dmAnything(member)]],
  };
}

/**
 * A message with these buttons, as the reply or sent into the channel (a slash command may
 * answer either way when the description says only "posts").
 */
export function withButtons(channel: string, labels: string[]): Expectation {
  return {
    kind: "oneOf",
    describe: `a message with the buttons ${labels.join(", ")}`,
    options: [
      [{ kind: "message", place: { to: "reply" }, buttons: labels }],
      [{ kind: "message", place: { to: "channel", channel }, buttons: labels }],
    ],
  };
}

/** Posted where the command ran: as its reply, or a message sent into that channel. */
export function postedHere(channel: string, wanted: Wanted, describe: string): Expectation {
  return {
    kind: "oneOf",
    describe: `a message with ${describe}`,
    options: [[reply(wanted, describe)], [posted(channel, wanted, describe)]],
  };
}

export const deleted: Expectation = { kind: "deleted" };

export function reaction(emoji: string): Expectation {
  return { kind: "reaction", emoji };
}

export function timeout(member: string, seconds: number): Expectation {
  return { kind: "timeout", member, seconds };
}

export function removeTimeout(member: string): Expectation {
  return { kind: "removeTimeout", member };
}

export function kick(member: string): Expectation {
  return { kind: "kick", member };
}

export function ban(member: string): Expectation {
  return { kind: "ban", member };
}

export function unban(member: string): Expectation {
  return { kind: "unban", member };
}

export function roleAdded(member: string, role: string): Expectation {
  return { kind: "roleAdded", member, role };
}

export function roleRemoved(member: string, role: string): Expectation {
  return { kind: "roleRemoved", member, role };
}

export function channelCreated(name: string): Expectation {
  return { kind: "channelCreated", name: { exact: name } };
}

export function channelDeleted(name: string): Expectation {
  return { kind: "channelDeleted", name: { exact: name } };
}

export function slowmode(channel: string, seconds: number): Expectation {
  return { kind: "slowmode", channel, seconds };
}

export function purged(channel: string, atLeast: number): Expectation {
  return { kind: "purged", channel, atLeast };
}

export function modal(title: string): Expectation {
  return { kind: "modal", title };
}

export const hour = 3_600;
export const day = 86_400;
/** Added to a restart's time passed, so a timer due at exactly that moment is surely overdue. */
export const margin = 60;
