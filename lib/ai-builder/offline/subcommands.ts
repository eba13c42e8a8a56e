/**
 * Sub-commands as people write them (issue 34): "/eco balance, /eco daily, /eco pay <user>
 * <amount>", "/mod kick|ban|timeout". Each sub-command is read as the command its name says (a
 * /balance, a /kick), by the feature that knows it, from its own words; then they are put back
 * together under the command written (/eco with balance, daily and pay). A command named with
 * fewer than two sub-commands is read as it is.
 */
import { claimsOf } from "@/lib/ai-builder/words/claims";

import { commandFeatures } from "./features";
import type { CommandPart } from "./parts";
import type { Doc } from "./text";

/** The commands written with sub-commands, and theirs, from the narrow reader of the words. */
export function subcommandGroups(text: string): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const claim of claimsOf(text)) {
    if (claim.kind !== "subcommand") continue;
    const subs = groups.get(claim.command) ?? [];
    if (!subs.includes(claim.name)) subs.push(claim.name);
    groups.set(claim.command, subs);
  }
  // Only where the sub-commands are commands a feature knows by name (/eco balance, /mod kick),
  // and the parent is not one with sub-commands of its own (/ticket open, /tag add, /faq rules).
  const known = new Set(commandFeatures.flatMap((feature) => feature.names));
  // Self-roles make no sub-commands of their own: "/role add <role>, /role remove <role>" are two.
  const roleParents = new Set(commandFeatures.find((feature) => feature.id === "selfroles")?.names ?? []);
  // A parent no feature knows ("/team red|blue", "/gamenight join|leave|ping") has its
  // sub-commands read as commands too, each from its own words.
  for (const [name, subs] of groups) {
    const keep = known.has(name) ? roleParents.has(name) && subs.length >= 2 : subs.length >= 2;
    if (!keep) groups.delete(name);
  }
  return groups;
}

/**
 * Reads "/eco balance" as the command /balance, and "kick|ban|timeout" after "/mod" as /kick, /ban
 * and /timeout; the parent named alone ("one /eco command with subcommands") is not a command of
 * its own. Returns each sub-command's parent.
 */
export function markSubcommands(doc: Doc, groups: Map<string, string[]>): Map<string, string> {
  const parents = new Map<string, string>();
  if (!groups.size) return parents;
  const tokens = doc.tokens;
  const asCommand = (index: number, name: string, parent: string) => {
    const token = tokens[index]!;
    token.kind = "command";
    token.command = { name, type: "slash" };
    token.base = name;
    token.pos = "PROPN";
    token.stop = false;
    parents.set(name, parent);
  };
  const quiet = (index: number) => {
    const token = tokens[index]!;
    token.kind = "punct";
    token.stop = true;
    delete token.command;
  };
  tokens.forEach((token, i) => {
    const parent = token.command?.type === "slash" ? token.command.name : undefined;
    const subs = parent ? groups.get(parent) : undefined;
    if (!parent || !subs || parents.has(parent)) return;
    const next = tokens[i + 1];
    // "/temp to-celsius": a sub-command written in several tokens, joined.
    let joined = next?.lower ?? "";
    let end = i + 1;
    while (!subs.includes(joined) && tokens[end + 1]?.joined && end < i + 5) {
      end++;
      joined += tokens[end]!.lower;
    }
    if (next && subs.includes(joined) && end > i + 1) {
      asCommand(i, joined, parent);
      for (let k = i + 1; k <= end; k++) quiet(k);
      return;
    }
    if (next && next.kind === "word" && subs.includes(next.lower)) {
      asCommand(i, next.lower, parent);
      quiet(i + 1);
      let at = i + 2;
      while (tokens[at]?.text === "|" && tokens[at + 1] && subs.includes(tokens[at + 1]!.lower)) {
        quiet(at);
        asCommand(at + 1, tokens[at + 1]!.lower, parent);
        at += 2;
      }
      return;
    }
    // The parent named alone ("one /eco command with subcommands") is not a command of its own;
    // one whose sub-command cannot be found here stays as written, to be said if not understood.
    if (subs.some((sub) => tokens.slice(i + 1, i + 6).some((t) => t.lower === sub))) return;
    quiet(i);
  });
  // "one /eco command with subcommands": the words about the grouping are not a command of their own.
  tokens.forEach((token, i) => {
    if (!["subcommand", "subcommands", "sub-command", "sub-commands"].includes(token.lower)) return;
    token.stop = true;
    for (const near of tokens.slice(Math.max(0, i - 4), i + 3)) {
      if (near.kind === "word" && ["command", "commands", "one", "single", "with"].includes(near.lower)) {
        near.kind = "punct";
        near.stop = true;
      }
    }
  });
  return parents;
}

/** The sub-commands read as commands, put back under their parent (in the order first written). */
export function groupSubcommands(commands: CommandPart[], parents: Map<string, string>): CommandPart[] {
  if (!parents.size) return commands;
  const result: CommandPart[] = [];
  const made = new Map<string, CommandPart>();
  for (const part of commands) {
    const parent = parents.get(part.command.name);
    if (!parent || part.command.type !== "slash" || part.command.subcommands.length) {
      result.push(part);
      continue;
    }
    let group = made.get(parent);
    if (!group) {
      group = {
        ...part,
        command: {
          name: parent,
          type: "slash",
          description: parent,
          options: [],
          subcommands: [],
          actions: [],
          permissions: [],
        },
        summary: "",
      };
      made.set(parent, group);
      result.push(group);
    }
    const { name, description, options, actions, permissions, cooldown } = part.command;
    if (group.command.subcommands.some((sub) => sub.name === name)) continue;
    group.command.subcommands.push({
      name,
      description,
      options,
      actions,
      permissions,
      ...(cooldown ? { cooldown } : {}),
    });
    group.subSummaries = [...(group.subSummaries ?? []), { name, summary: part.summary }];
    group.summary = group.subSummaries.map((sub) => `${sub.name} ${sub.summary}`).join("; ");
    group.command.description = `${group.command.subcommands.map((sub) => sub.name).join(", ")}`.slice(0, 100);
    group.roles = [...new Set([...(group.roles ?? []), ...(part.roles ?? [])])];
    if (!group.roles.length) delete group.roles;
  }
  return result;
}
