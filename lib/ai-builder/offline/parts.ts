/**
 * What recognisers produce — blueprint parts with the plan line that says them in plain words —
 * and small builders for the actions they use, shaped as lib/blueprint/schema.ts wants them.
 */
import type { NotUnderstood } from "@/lib/ai-builder/types";
import type { Action, BlueprintInput, BlueprintOption } from "@/lib/blueprint/schema";
import type { PermissionName } from "@/lib/blueprint/vocabulary";

import type { Clause } from "./clauses";
import type { XpSpec } from "./features/messages";
import type { Reader } from "./read";

export type Category =
  | "utility"
  | "fun"
  | "moderation"
  | "automod"
  | "welcome"
  | "roles"
  | "polls"
  | "economy"
  | "leveling"
  | "reminders"
  | "tickets"
  | "lookups"
  | "calculators"
  | "schedules"
  | "custom"
  | "responses";

type CommandInput = NonNullable<BlueprintInput["commands"]>[number];
export type EventInput = NonNullable<BlueprintInput["events"]>[number];
export type DataInput = NonNullable<BlueprintInput["data"]>[number];
export type TableInput = NonNullable<BlueprintInput["tables"]>[number];
export type SubcommandInput = NonNullable<CommandInput["subcommands"]>[number];
export type OptionInput = Omit<BlueprintOption, "required"> & { required?: boolean };

export interface CommandDraft {
  name: string;
  type: "slash" | "prefix";
  description: string;
  options: OptionInput[];
  subcommands: SubcommandInput[];
  actions: Action[];
  permissions: PermissionName[];
  cooldown?: { seconds: number; per: "user" | "server"; message?: string };
}

/**
 * How firmly a command was asked for: described in words (3), named with a well-known name and
 * no more (2), or made to serve a feature asked for without naming it (1). When two parts make
 * the same command, the firmer one is kept.
 */
export type Strength = 1 | 2 | 3;

export interface CommandPart {
  command: CommandDraft;
  /** What it does, in plain words, without the name: "rolls a die". */
  summary: string;
  category: Category;
  strength: Strength;
  clause: Clause | null;
  /** Which feature made it ("dice", "warn"): modifiers find commands by what they do. */
  feature?: string;
  /** Rows for a lookup table this command reads (FAQ entries said one by one). */
  rows?: { table: string; rows: Record<string, string> };
  /** /help: its reply is written once every command is known. */
  help?: boolean;
  /** Sub-commands read as commands of their own (./subcommands.ts): what each does, for the plan. */
  subSummaries?: { name: string; summary: string }[];
  /** Roles a member needs ("only people with the DJ role"), checked by the command's first action. */
  roles?: string[];
  /** /warn: the escalation ladder is added once every sentence is read. */
  ladder?: boolean;
  /** How often it may be used is stored by the command itself (across restarts): no cooldown is added. */
  storedLimit?: boolean;
  /** Checks its permissions in its subcommands itself: modifiers add none to the whole command. */
  ownPermissions?: boolean;
  /** A lookup whose description says what an unknown key gets: any key may be typed (no choices). */
  openKey?: boolean;
}

export interface EventPart {
  event: EventInput;
  /** "When a member joins: posts … in #welcome". */
  plan: string;
  category: Category;
  clause: Clause | null;
  /** An automod rule: what later sentences about punishing ("3 strikes and they get a timeout") add to. */
  rule?: { what: string; strikes: string; warning: string };
}

/** Everything found so far; recognisers add to it, assembly turns it into one blueprint. */
export interface Draft {
  commands: CommandPart[];
  events: EventPart[];
  data: DataInput[];
  tables: TableInput[];
  notes: NotUnderstood[];
  /** Lines for the plan that are about the whole bot ("Remembers coins per member, across restarts."). */
  remarks: string[];
  name?: string;
  prefix?: string;
  /** Escalation for /warn: what happens at which count. */
  ladder: Rung[];
  /** XP per message, gathered from every sentence about it (features/messages.ts). */
  xp?: XpSpec;
  /** Sub-commands read as commands of their own, and the command each goes under (./subcommands.ts). */
  parents?: Map<string, string>;
}

export interface Rung {
  count: number;
  action: "timeout" | "kick" | "ban";
  /** Timeout length, or a temporary ban's. */
  duration?: string;
}

/** Facts read once from the whole description and shared by recognisers. */
export interface Facts {
  /** The currency's name: "coins", "gems". */
  currency: string;
  /** Per member of a server, or per user everywhere. */
  scope: "member" | "user";
  /** Channel the description names for welcomes, if any. */
  welcomeChannel?: string;
  /** "prefix commands" asked for: commands named without / or ! are prefix commands. */
  defaultType: "slash" | "prefix";
  /** What every member's currency starts at ("everyone starts with 500 coins"). */
  startingAmount?: number;
  /** XP per level ("every 100 xp is a level"). */
  levelSize?: number;
  /** XP per message, as said outright ("10 xp per message", "every message = 5 xp"). */
  xpPerMessage?: number;
  /** A leaderboard is asked for: numbers are kept so they can be listed. */
  leaderboard: boolean;
  /** Coins or another currency are mentioned. */
  economy: boolean;
  /** Words the whole description uses (bases), for cues that span sentences. */
  words: ReadonlySet<string>;
}

export interface CommandInputForFeature {
  reader: Reader;
  name: string;
  type: "slash" | "prefix";
  facts: Facts;
  draft: Draft;
  /** Named with a slash, "!", or "X command" (not made up from the words). */
  named: boolean;
}

/** A kind of command the engine knows: by its usual names, or by the words describing it. */
export interface CommandFeature {
  id: string;
  category: Category;
  /** Names that mean this command on their own ("roll", "dice"). */
  names: readonly string[];
  /** The name to use when the description does not give one. */
  defaultName: string;
  /** Do the clause's words describe this command? */
  cue: (reader: Reader) => boolean;
  /** May the words alone ("members can roll dice") create it, with no command named? */
  implicit: boolean;
  build: (input: CommandInputForFeature) => CommandPart[];
}

// ── Action builders ───────────────────────────────────────────────────────────────────────────

export const reply = (text: string, ephemeral = false): Action => ({
  do: "reply",
  message: { text, buttons: [] },
  ephemeral,
});

export const send = (channel: string, text: string): Action => ({
  do: "send",
  channel,
  message: { text, buttons: [] },
});

export const dm = (member: string, text: string): Action => ({ do: "dm", member, message: { text, buttons: [] } });

export const ifThen = (
  when: Extract<Action, { do: "if" }>["when"],
  then: Action[],
  otherwise: Action[] = [],
): Action => ({
  do: "if",
  when,
  then,
  else: otherwise,
});

export const equals = (left: string, right: string) => ({ test: "compare" as const, left, op: "==" as const, right });

export function command(name: string, type: "slash" | "prefix", description: string, actions: Action[]): CommandDraft {
  // Discord shows the description as is: placeholders read as "…" there, and it is one short line.
  const shown = description
    .replace(/\{[^{}]*\}/g, "…")
    .replace(/\s+/g, " ")
    .trim();
  return {
    name,
    type,
    description: (shown || name).slice(0, 100),
    options: [],
    subcommands: [],
    actions,
    permissions: [],
  };
}

export function addData(draft: Draft, entry: DataInput): void {
  if (!draft.data.some((existing) => existing.name === entry.name)) draft.data.push(entry);
}

/**
 * A greeting said as a bare word ("say hello", "say bye to them"), to whom it is said: "Hello,
 * {user.mention}!", "Goodbye, {user.name}!". Null when the words are not one of those greetings.
 */
export function greetingTo(words: string, who: string): string | null {
  const found = /^(good\s*bye|bye|farewell|hello|hi|hey|hiya|howdy|yo|good morning|good night|welcome)[.!]*$/i.exec(
    words.trim(),
  )?.[1];
  if (!found) return null;
  const word = found.toLowerCase().replace(/^good\s+bye$/, "goodbye");
  return `${word[0]!.toUpperCase()}${word.slice(1)}, ${who}!`;
}

/** "coins" → "Coins". */
export const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

/**
 * A template from text the user wrote: their usual placeholders read as ours ("{user}" →
 * "{user.mention}", or what `extra` says for a name), other braces kept as text.
 */
export function template(text: string, extra: Record<string, string> = {}): string {
  const known: Record<string, string> = {
    user: "{user.mention}",
    mention: "{user.mention}",
    member: "{user.mention}",
    "@user": "{user.mention}",
    username: "{user.name}",
    name: "{user.name}",
    "user.name": "{user.name}",
    "user.mention": "{user.mention}",
    server: "{server.name}",
    servername: "{server.name}",
    guild: "{server.name}",
    "server.name": "{server.name}",
    membercount: "{server.members}",
    members: "{server.members}",
    count: "{server.members}",
    "server.members": "{server.members}",
    you: "{user.mention}",
    user_name: "{user.name}",
    member_count: "{server.members}",
    // Placeholders written in words: "<their name>", "{the server's name}", "[member count]".
    their_name: "{user.name}",
    their_username: "{user.name}",
    your_name: "{user.name}",
    his_name: "{user.name}",
    her_name: "{user.name}",
    display_name: "{user.name}",
    nickname: "{user.name}",
    "user's_name": "{user.name}",
    their_display_name: "{user.name}",
    their_mention: "{user.mention}",
    ping: "{user.mention}",
    the_user: "{user.mention}",
    new_member: "{user.mention}",
    "@mention": "{user.mention}",
    "@member": "{user.mention}",
    server_name: "{server.name}",
    "server's_name": "{server.name}",
    "the_server's_name": "{server.name}",
    the_server: "{server.name}",
    name_of_the_server: "{server.name}",
    number_of_members: "{server.members}",
    members_count: "{server.members}",
    "member_#": "{server.members}",
    channel: "{channel.mention}",
  };
  const key = (inner: string) => inner.trim().toLowerCase().replace(/\s+/g, "_");
  const clipped = text.slice(0, 1_500);
  return (
    clipped
      .replace(/\{([^{}]{0,40})\}|[{}]/g, (match, inner: string | undefined) => {
        if (inner === undefined) return match + match;
        const name = inner.trim().toLowerCase();
        return extra[name.replace(/^option\./, "")] ?? known[name] ?? known[key(inner)] ?? `{{${inner}}}`;
      })
      // "<mention>", "<name>", "<count>" as people write placeholders in examples.
      .replace(
        /<(@?[a-z][a-z_' #]{0,24})>|\[(@?[a-z][a-z_' #]{0,24})\]/gi,
        (match, angle?: string, square?: string) => {
          const name = key(angle ?? square ?? "");
          return extra[name] ?? extra[name.replace(/^@/, "")] ?? known[name] ?? known[name.replace(/^@/, "")] ?? match;
        },
      )
      // "@user" written bare: who the command is about when the caller says so, else who used it.
      .replace(
        /@(user|member|username|them|someone)\b/gi,
        (_match, word: string) => extra[`@${word.toLowerCase()}`] ?? "{user.mention}",
      )
  );
}
