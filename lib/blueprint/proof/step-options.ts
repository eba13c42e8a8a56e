/**
 * A slash step's options fitted to the command the bot actually registered: a check written from
 * a description says "/warn user reason", while the bot may call that option "member"; it says
 * `amount: 5` as an integer, while the bot may take a number. Each option is matched by its exact
 * name first, then — only when that leaves no doubt — by a name that means the same, or by being
 * the one unmatched option of its kind; its value is then given as the registered type wants it
 * (a choice by its label gives the choice's value). What cannot be matched is sent as written,
 * so the simulator refuses it as Discord would ("Unknown option").
 */
import type { APIApplicationCommand } from "discord-api-types/v10";

import type { StepOption } from "./types";

/** A registered option, as Discord describes it (type numbers as in its API). */
interface Registered {
  name: string;
  type: number;
  choices?: { name: string; value: string | number }[];
  options?: Registered[];
}

const subcommandType = 1;
const subcommandGroupType = 2;
const optionTypeNumbers = { string: 3, integer: 4, boolean: 5, user: 6, channel: 7, role: 8, number: 10 } as const;

/** Names that mean the same thing for an option (each group is one meaning). */
const sameMeaning: string[][] = [
  ["user", "member", "target", "person", "who", "someone", "player", "mention"],
  ["amount", "count", "number", "n", "messages", "quantity", "how-many", "howmany"],
  ["text", "message", "content", "msg", "words", "what", "reminder", "note"],
  ["question", "query", "prompt"],
  ["idea", "suggestion"],
  ["duration", "time", "length", "period", "when", "in", "after", "delay"],
  ["reason", "why"],
  ["channel", "where", "destination"],
  ["choices", "options", "items"],
];

export interface FittedSlash {
  subcommand?: string;
  options: { name: string; type: number; value: string | number | boolean; given: StepOption }[];
}

function family(type: number): string {
  if (type === 4 || type === 10) return "number";
  if (type === 9) return "mentionable";
  return String(type);
}

/** Whether a value given as `given` can be sent as the registered type. */
function compatible(given: StepOption, registered: Registered): boolean {
  const wanted = registered.type;
  const type = optionTypeNumbers[given.type];
  if (family(type) === family(wanted)) return true;
  if (wanted === 9) return given.type === "user" || given.type === "role";
  if (wanted === 3) return given.type === "integer" || given.type === "number" || given.type === "boolean";
  if (family(wanted) === "number") return given.type === "string" && numberText(String(given.value)) !== undefined;
  return false;
}

function numberText(text: string): number | undefined {
  const trimmed = text.trim();
  return /^[-+]?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : undefined;
}

function coerce(given: StepOption, registered: Registered): string | number | boolean {
  let value = given.value;
  if (registered.choices?.length && !registered.choices.some((choice) => choice.value === value)) {
    const label = String(value).toLowerCase();
    const choice =
      registered.choices.find((item) => String(item.value).toLowerCase() === label) ??
      registered.choices.find((item) => item.name.toLowerCase() === label);
    if (choice) return choice.value;
  }
  if (registered.type === 3 && typeof value !== "string") value = String(value);
  if (family(registered.type) === "number" && typeof value === "string") value = numberText(value) ?? value;
  return value;
}

function meaningOf(name: string): number {
  const bare = name.toLowerCase().replace(/[_\s]/g, "-");
  return sameMeaning.findIndex((group) => group.includes(bare));
}

function close(a: string, b: string): boolean {
  const meaning = meaningOf(a);
  if (meaning !== -1 && meaning === meaningOf(b)) return true;
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return x.length >= 3 && y.length >= 3 && (x.startsWith(y) || y.startsWith(x));
}

/** The step's options (and subcommand) as the registered command takes them. */
export function fitSlash(
  command: APIApplicationCommand | undefined,
  subcommand: string | undefined,
  given: StepOption[],
): FittedSlash {
  const asWritten = (option: StepOption) => ({
    name: option.name,
    type: optionTypeNumbers[option.type],
    value: option.value,
    given: option,
  });
  if (!command) return { subcommand, options: given.map(asWritten) };
  const top = (command.options ?? []) as Registered[];
  const subs = top.filter((option) => option.type === subcommandType || option.type === subcommandGroupType);
  let registered = top;
  let extra: StepOption | undefined;
  let sub = subcommand;
  if (subcommand !== undefined && subs.length) {
    const found =
      subs.find((option) => option.name === subcommand) ??
      single(subs.filter((option) => close(option.name, subcommand)));
    if (found) {
      sub = found.name;
      registered = found.options ?? [];
    }
  } else if (subcommand !== undefined) {
    // "/slowmode on" written as a subcommand, registered as an option whose choices hold "on".
    const holder = single(
      top.filter((option) =>
        option.choices?.some((choice) =>
          [String(choice.value), choice.name].some((text) => text.toLowerCase() === subcommand.toLowerCase()),
        ),
      ),
    );
    if (holder) {
      sub = undefined;
      extra = { name: holder.name, type: "string", value: subcommand };
    }
  }
  const wanted = extra ? [extra, ...given] : given;
  const chosen = new Map<StepOption, Registered>();
  const taken = new Set<Registered>();
  // Exact names first, so a close name never takes an option another one names exactly.
  for (const option of wanted) {
    const found = registered.find((item) => item.name === option.name && compatible(option, item));
    if (found && !taken.has(found)) {
      chosen.set(option, found);
      taken.add(found);
    }
  }
  for (const option of wanted) {
    if (chosen.has(option)) continue;
    const free = registered.filter((item) => !taken.has(item) && compatible(option, item));
    const found =
      single(free.filter((item) => close(item.name, option.name))) ??
      (wanted.filter((other) => !chosen.has(other) && free.some((item) => compatible(other, item))).length === 1
        ? single(free.filter((item) => family(item.type) === family(optionTypeNumbers[option.type])))
        : undefined);
    if (found) {
      chosen.set(option, found);
      taken.add(found);
    }
  }
  return {
    subcommand: sub,
    options: wanted.map((option) => {
      const found = chosen.get(option);
      return found
        ? { name: found.name, type: found.type, value: coerce(option, found), given: option }
        : asWritten(option);
    }),
  };
}

function single<T>(items: T[]): T | undefined {
  return items.length === 1 ? items[0] : undefined;
}
