/**
 * The names the user gave win (issue 34): a command written "/poll" is a slash command even where
 * a feature made it a prefix one, and options keep the names written in a command line
 * ("/warn @user [reason]" has "user", not the feature's "member"; "/remind <when> <text>"). Read
 * with the narrow reader of what a description states outright (lib/ai-builder/words/claims.ts),
 * applied to the commands the features made, once they are all known: an option renamed is
 * renamed everywhere its command's actions use it ({option.member} → {option.user}).
 */
import { claimsOf, type Claim } from "@/lib/ai-builder/words/claims";

import type { CommandPart } from "./parts";

type OptionClaim = Extract<Claim, { kind: "option" }>;
type Options = CommandPart["command"]["options"];

const memberWords = new Set(["user", "member", "target", "person", "someone", "player", "victim", "who", "mention"]);

export function keepUserNames(commands: CommandPart[], text: string): OptionClaim[] {
  const claims = claimsOf(text);
  const written = new Map<string, Set<"slash" | "prefix">>();
  for (const claim of claims)
    if (claim.kind === "command") written.set(claim.name, (written.get(claim.name) ?? new Set()).add(claim.type));

  for (const part of commands) {
    const command = part.command;
    const ways = written.get(command.name.toLowerCase());
    // "/poll" written, a prefix !poll made: a slash command, with the same options and actions.
    if (command.type === "prefix" && ways?.has("slash") && !ways.has("prefix")) {
      command.type = "slash";
    }
  }

  const groups = new Map<string, OptionClaim[]>();
  for (const claim of claims) {
    if (claim.kind !== "option") continue;
    const key = `${claim.command} ${claim.subcommand ?? ""}`;
    groups.set(key, [...(groups.get(key) ?? []), claim]);
  }
  const missing: OptionClaim[] = [];
  for (const [key, wanted] of groups) {
    const [name, subName] = key.split(" ");
    const command = commands.find((part) => part.command.name.toLowerCase() === name)?.command;
    if (!command) continue;
    let owner: { options?: Options; actions?: unknown } = command;
    if (subName) {
      const sub = command.subcommands.find((item) => item.name.toLowerCase() === subName);
      if (!sub) continue;
      owner = sub;
    }
    if (owner.options?.length) rename(owner, wanted);
    const has = new Set((owner.options ?? []).map((option) => option.name));
    missing.push(...wanted.filter((claim) => !has.has(claim.name)));
  }
  // Written options no feature took: said, never dropped in silence.
  return missing;
}

/** Options not named as written take the written names: a member for a member word, else in order. */
function rename(owner: { options?: Options; actions?: unknown }, wanted: OptionClaim[]): void {
  const options = owner.options ?? [];
  const names = new Set(wanted.map((claim) => claim.name));
  const taken = new Set(options.filter((option) => names.has(option.name)).map((option) => option.name));
  const missing = wanted.filter((claim) => !taken.has(claim.name));
  const free = options.filter((option) => !names.has(option.name));
  const renames: [string, string][] = [];
  for (const claim of missing) {
    const member = claim.type === "user" || memberWords.has(claim.name);
    const index = free.findIndex((option) => (option.type === "user") === member);
    if (index < 0) continue;
    const [option] = free.splice(index, 1);
    if (!option || options.some((other) => other.name === claim.name)) continue;
    renames.push([option.name, claim.name]);
    option.name = claim.name;
  }
  if (!renames.length || !owner.actions) return;
  owner.actions = renameOptionReferences(owner.actions, renames);
}

/** Every text of the actions with {option.old…} made {option.new…} (also for a rename on the plan page). */
export function renameOptionReferences(value: unknown, renames: [string, string][]): unknown {
  if (typeof value === "string") {
    let text = value;
    for (const [from, to] of renames) {
      text = text.replace(new RegExp(`\\{option\\.${escape(from)}(?=[}.])`, "g"), `{option.${to}`);
    }
    return text;
  }
  if (Array.isArray(value)) return value.map((item) => renameOptionReferences(item, renames));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, renameOptionReferences(item, renames)]));
  return value;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\-]/g, "\\$&");
}
