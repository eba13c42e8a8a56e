/**
 * The blueprint's fixed words: names as Discord accepts them, the permissions a command can
 * require, durations as people write them ("10m", "1 hour", "24h", "7d"), and the limits the
 * server enforces. Shared by the schema, the compilers and the builder's forms.
 */
import { z } from "zod";

import { storable } from "@/lib/validation/text";

import { parseTemplate } from "./placeholders";

export const blueprintLimits = {
  commands: 50,
  events: 50,
  /** Actions in one command or event, nested ones included. */
  actions: 60,
  /** if/else and wait blocks inside one another. */
  nesting: 6,
  options: 25,
  subcommands: 25,
  choices: 25,
  data: 50,
  tables: 20,
  tableRows: 200,
  buttons: 5,
  selectOptions: 25,
  modalFields: 5,
  embedFields: 25,
  words: 100,
  /** A message's text, as Discord caps it. */
  text: 2_000,
  embedDescription: 4_096,
  shortText: 256,
  description: 100,
  /** The whole blueprint, as JSON. */
  bytes: 256 * 1024,
} as const;

/** A slash command, subcommand or option name: Discord's rule for chat-input names, lowercase. */
export const commandName = z
  .string()
  .regex(/^[a-z0-9_-]{1,32}$/, "Use 1–32 lowercase letters, digits, - or _ (Discord's rule for command names).");

/** Names the blueprint itself defines: data, tables, results of actions, component ids. */
export const identifier = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, "Start with a letter; then up to 31 lowercase letters, digits or _.");

/** Text shown to people: one line, storable. */
export function shortText(max: number = blueprintLimits.shortText, what = "This text") {
  return z
    .string()
    .trim()
    .min(1, `${what} cannot be empty.`)
    .max(max, `Keep it to ${max} characters.`)
    .superRefine(storable(what));
}

/** Longer text, possibly with placeholders (lib/blueprint/placeholders.ts). */
export function longText(max: number = blueprintLimits.text, what = "This text") {
  return z
    .string()
    .min(1, `${what} cannot be empty.`)
    .max(max, `Keep it to ${max} characters.`)
    .superRefine(storable(what, { multiline: true }));
}

/** Discord permissions a command can require, by the names its API and discord.js use. */
export const permissionNames = [
  "Administrator",
  "ManageGuild",
  "ManageChannels",
  "ManageRoles",
  "ManageMessages",
  "KickMembers",
  "BanMembers",
  "ModerateMembers",
  "ManageNicknames",
  "MentionEveryone",
  "ViewAuditLog",
] as const;
export type PermissionName = (typeof permissionNames)[number];
export const permission = z.enum(permissionNames, { error: `Pick one of: ${permissionNames.join(", ")}.` });

/** How each permission reads in the builder and in the bot's refusals. */
export const permissionLabels: Record<PermissionName, string> = {
  Administrator: "Administrator",
  ManageGuild: "Manage Server",
  ManageChannels: "Manage Channels",
  ManageRoles: "Manage Roles",
  ManageMessages: "Manage Messages",
  KickMembers: "Kick Members",
  BanMembers: "Ban Members",
  ModerateMembers: "Moderate Members",
  ManageNicknames: "Manage Nicknames",
  MentionEveryone: "Mention Everyone",
  ViewAuditLog: "View Audit Log",
};

/** Seconds in each unit a duration may be written in (the bots read durations with the same table). */
export const unitSeconds: Readonly<Record<string, number>> = {
  s: 1,
  sec: 1,
  secs: 1,
  second: 1,
  seconds: 1,
  m: 60,
  min: 60,
  mins: 60,
  minute: 60,
  minutes: 60,
  h: 3_600,
  hr: 3_600,
  hrs: 3_600,
  hour: 3_600,
  hours: 3_600,
  d: 86_400,
  day: 86_400,
  days: 86_400,
  w: 604_800,
  week: 604_800,
  weeks: 604_800,
};

/**
 * How a duration is read, the same in this file, the JavaScript bot and the Python bot (each has
 * these patterns as written here): a space goes between a unit and the number after it ("1h30m"),
 * the text is cut before each number (after a comma or "and"), and each part is a number (up to
 * three decimals) and a unit of `unitSeconds`; the sum is rounded down to whole seconds.
 */
export const durationPatterns = {
  /** Replaced with "$1 ": "1h30m" → "1h 30m". */
  unitThenNumber: "([a-z])(?=[0-9])",
  split: "\\s*(?:,|and)?\\s+(?=[0-9])",
  part: "^([0-9]{1,6}(?:\\.[0-9]{1,3})?)\\s*([a-z]+)$",
} as const;

/**
 * Dice as people write them — "2d6", "d20", "1d20+5", "3d8 - 2" — read alike by the builder, the
 * proof and both bots (lowercased and trimmed first): how many dice, their sides, what is added.
 */
export const dicePattern = "^([0-9]{0,3})\\s*d\\s*([0-9]{1,4})\\s*(?:([+-])\\s*([0-9]{1,6}))?$";
export const diceLimits = { count: 100, sides: 1000, modifier: 100_000 } as const;

export function readDice(text: string): { count: number; sides: number; modifier: number } | null {
  const match = new RegExp(dicePattern).exec(text.trim().toLowerCase());
  if (!match) return null;
  const count = match[1] ? Number(match[1]) : 1;
  const sides = Number(match[2]);
  const modifier = match[4] ? (match[3] === "-" ? -1 : 1) * Number(match[4]) : 0;
  if (count < 1 || count > diceLimits.count || sides < 1 || sides > diceLimits.sides) return null;
  if (Math.abs(modifier) > diceLimits.modifier) return null;
  return { count, sides, modifier };
}

/**
 * The items a text lists ("pizza, tacos, sushi", "tea or coffee", one a line), read alike by the
 * builder, the proof and both bots: a text of several lines lists its lines (an item may then
 * hold a comma: "milk, eggs"); one line splits at commas, semicolons and "|", and with none of
 * those at " or "; each item trimmed of spaces, tabs and line breaks, empty ones dropped, at most
 * 100. Only ASCII spaces count, so JavaScript and Python split the same text the same way.
 */
export const listPatterns = { separators: "[,;|]", or: "[ \t]+[oO][rR][ \t]+", limit: 100 } as const;

export function listItems(text: string): string[] {
  const trim = (item: string) => item.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, "");
  const lines = text.split("\n").map(trim).filter(Boolean);
  if (lines.length > 1) return lines.slice(0, listPatterns.limit);
  const line = lines[0] ?? "";
  let items = line.split(new RegExp(listPatterns.separators));
  if (items.length === 1) items = line.split(new RegExp(listPatterns.or));
  return items.map(trim).filter(Boolean).slice(0, listPatterns.limit);
}

/** How long the bot has been online, as {bot.uptime} shows it: "42s", "5m 3s", "2h 5m", "3d 4h" (the two largest units). */
export function describeUptime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const parts: [number, string][] = [
    [Math.floor(whole / 86_400), "d"],
    [Math.floor((whole % 86_400) / 3_600), "h"],
    [Math.floor((whole % 3_600) / 60), "m"],
    [whole % 60, "s"],
  ];
  const first = parts.findIndex(([value]) => value > 0);
  if (first < 0) return "0s";
  return parts
    .slice(first, first + 2)
    .filter(([value]) => value > 0)
    .map(([value, unit]) => `${value}${unit}`)
    .join(" ");
}

/** What leads each item of a list shown `numbered` (1️⃣ … 🔟, then "11.") or `lettered` (🇦 … 🇹, then "21."). */
export const listMarkers = {
  numbered: ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"],
  lettered: [..."🇦🇧🇨🇩🇪🇫🇬🇭🇮🇯🇰🇱🇲🇳🇴🇵🇶🇷🇸🇹"],
} as const;

/** A list's items one a line, each after its marker: "1️⃣ pizza\n2️⃣ tacos". */
export function markedList(items: readonly string[], kind: "numbered" | "lettered"): string {
  const markers: readonly string[] = listMarkers[kind];
  return items.map((item, index) => `${markers[index] ?? `${index + 1}.`} ${item}`).join("\n");
}

/** Between the numbers a text lists for sum() and average(): "3 4 5", "3, 4, 5", "3;4" (ASCII spaces only). */
export const numberListSeparator = "[ \\t\\r\\n,;]+";

/**
 * Seconds in a duration as people write it: "90s", "10m", "1 hour", "24h", "7d", "1h 30m",
 * "1h30m", "1.5 hours". Null when it does not read as one.
 */
export function parseDuration(text: string): number | null {
  const parts = text
    .trim()
    .toLowerCase()
    .replace(new RegExp(durationPatterns.unitThenNumber, "g"), "$1 ")
    .split(new RegExp(durationPatterns.split));
  let total = 0;
  for (const part of parts) {
    const match = new RegExp(durationPatterns.part).exec(part.trim());
    const unit = match && unitSeconds[match[2]!];
    if (!match || !unit) return null;
    total += Number(match[1]) * unit;
  }
  const seconds = Math.floor(total);
  return seconds > 0 ? seconds : null;
}

/**
 * A duration that is a template: it names a placeholder ("{option.minutes}m"), read when the bot
 * runs. Any brace makes it one (a duration has no use for a brace itself).
 */
export function isDurationTemplate(text: string): boolean {
  return text.includes("{") || text.includes("}");
}

/** A duration field: stored as written, checked to read as one and to fit `maxSeconds`. */
export function duration(maxSeconds: number, what = "The duration") {
  return z
    .string()
    .trim()
    .max(40)
    .superRefine((text, context) => {
      const seconds = parseDuration(text);
      if (seconds === null) {
        context.addIssue({ code: "custom", message: `${what} should read like "10m", "1 hour", "24h" or "7d".` });
      } else if (seconds > maxSeconds) {
        context.addIssue({ code: "custom", message: `${what} can be at most ${describeSeconds(maxSeconds)}.` });
      }
    });
}

/**
 * A duration field that may also be a template read when the bot runs: "{option.minutes}m",
 * "{option.duration}", "{option.amount} {option.unit}". The bot refuses a value that does not
 * read as a duration or is longer than `maxSeconds`, and says so (lib/blueprint/failure-notice.ts).
 */
export function durationOrTemplate(maxSeconds: number, what = "The duration") {
  return z
    .string()
    .trim()
    .max(100)
    .superRefine((text, context) => {
      if (isDurationTemplate(text)) {
        // What the placeholders name is checked with the rest of the blueprint (references.ts).
        const parsed = parseTemplate(text);
        if (parsed.ok && !parsed.parts.some((part) => "placeholder" in part))
          context.addIssue({ code: "custom", message: `${what} names an option in braces, like "{option.minutes}m".` });
        return;
      }
      const seconds = parseDuration(text);
      if (seconds === null) {
        context.addIssue({
          code: "custom",
          message: `${what} should read like "10m", "1 hour", "24h" or "7d", or name an option, like "{option.minutes}m".`,
        });
      } else if (seconds > maxSeconds) {
        context.addIssue({ code: "custom", message: `${what} can be at most ${describeSeconds(maxSeconds)}.` });
      }
    });
}

/** "28 days", "1 hour 30 minutes": for messages and the builder. */
export function describeSeconds(seconds: number): string {
  const units: [number, string][] = [
    [86_400, "day"],
    [3_600, "hour"],
    [60, "minute"],
    [1, "second"],
  ];
  const parts: string[] = [];
  let left = seconds;
  for (const [size, name] of units) {
    const count = Math.floor(left / size);
    if (count) parts.push(`${count} ${name}${count === 1 ? "" : "s"}`);
    left -= count * size;
  }
  return parts.join(" ") || "0 seconds";
}

export const maxTimeoutSeconds = 28 * 86_400;
/** Reminders and temporary bans: a year at most. */
export const maxWaitSeconds = 365 * 86_400;
/** The longest duration each action takes (a template's value past it fails the action). */
export const durationLimits = { wait: maxWaitSeconds, timeout: maxTimeoutSeconds, ban: maxWaitSeconds } as const;
