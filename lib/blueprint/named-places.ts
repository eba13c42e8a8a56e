/**
 * The channels and roles a blueprint names (#suggestions, a "Gamer" role): a server must have
 * them for the bot to do what it says. The proof's scratch server gets the ones the default
 * server lacks, and so does the bot's own test server when it starts there (runtime/simulator).
 * Placeholders ("{option.channel}") and "here" name nothing fixed and are left out.
 */
import { parseBlueprint } from "./index";
import { referenceIn } from "./placeholders";
import { walkAll } from "./references";
import { blueprintFileName, type Blueprint, type Condition } from "./schema";

export interface NamedPlaces {
  /** Text channel names as the bot looks them up ("#mod-log" → "mod-log"), in the blueprint's order. */
  channels: string[];
  /** Role names as written. */
  roles: string[];
}

/** At most this many of each (the simulator's control API takes 25). */
export const namedPlacesLimit = 25;

/** Names a Discord server could hold: a channel name has no spaces, # @ : or backticks. */
export const channelNamePattern = /^[^\s#@:`]{1,100}$/u;
/** Discord's rule for role names: 1–100 characters, not "@everyone" (line breaks refused here). */
export const roleNamePattern = /^(?!@everyone$)[^\p{Cc}]{1,100}$/u;

/** A plain channel or role name as the compiled bot looks it up ("#mod-log" → "mod-log"), or null. */
function plainName(value: string | undefined, channel: boolean): string | null {
  const trimmed = value?.trim() ?? "";
  if (!trimmed || referenceIn(trimmed) || trimmed.includes("{")) return null;
  if (channel && trimmed === "here") return null;
  return channel ? trimmed.replace(/^#/, "") : trimmed;
}

export function namedPlaces(blueprint: Blueprint): NamedPlaces {
  const channels = new Map<string, string>();
  const roles = new Map<string, string>();
  // The bots look names up in any case: "Gamer" and "gamer" are one role.
  const channel = (value: string | undefined) => {
    const name = plainName(value, true);
    if (name && !channels.has(name.toLowerCase())) channels.set(name.toLowerCase(), name);
  };
  const role = (value: string | undefined) => {
    const name = plainName(value, false);
    if (name && !roles.has(name.toLowerCase())) roles.set(name.toLowerCase(), name);
  };
  // "/iam <role> … only Gamer, Artist": a role option compared by name names those roles.
  const roleOptions = new Set(
    blueprint.commands.flatMap((command) =>
      [...command.options, ...command.subcommands.flatMap((sub) => sub.options)]
        .filter((option) => option.type === "role")
        .map((option) => option.name),
    ),
  );
  const roleCompared = (side: string) => {
    const match = /^\{option\.([a-z0-9_-]+)\.name\}$/.exec(side.trim());
    return match !== null && roleOptions.has(match[1]!);
  };
  const visitCondition = (condition: Condition): void => {
    if (condition.test === "hasRole") role(condition.role);
    else if (condition.test === "compare" && condition.op === "==" && roleCompared(condition.left))
      role(condition.right);
    else if (condition.test === "all" || condition.test === "any") condition.conditions.forEach(visitCondition);
    else if (condition.test === "not") visitCondition(condition.condition);
  };
  walkAll(blueprint, (action) => {
    if (action.do === "send" || action.do === "slowmode" || action.do === "deleteChannel") channel(action.channel);
    else if (action.do === "addRole" || action.do === "removeRole" || action.do === "toggleRole") role(action.role);
    else if (action.do === "createChannel") role(action.staffRole);
    else if (action.do === "if") visitCondition(action.when);
  });
  for (const event of blueprint.events) {
    if (event.on === "reactionAdd" || event.on === "reactionRemove" || event.on === "schedule") channel(event.channel);
  }
  // Only names a Discord server could hold: a bot that looks for another can never find it, and
  // its action fails as it would on Discord.
  return {
    channels: [...channels.values()].filter((name) => channelNamePattern.test(name)).slice(0, namedPlacesLimit),
    roles: [...roles.values()].filter((name) => roleNamePattern.test(name)).slice(0, namedPlacesLimit),
  };
}

/** What a bot's blueprint file names; nothing for a code bot or a blueprint that does not read. */
export function namedPlacesOf(blueprintFile: string | null | undefined): NamedPlaces {
  const parsed = blueprintFile ? parseBlueprint(blueprintFile) : null;
  return parsed?.ok ? namedPlaces(parsed.blueprint) : { channels: [], roles: [] };
}

/** The same, from a bot's files. */
export function namedPlacesInFiles(files: { path: string; content: string }[]): NamedPlaces {
  return namedPlacesOf(files.find((file) => file.path === blueprintFileName)?.content);
}
