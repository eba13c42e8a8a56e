/**
 * The channels and roles a blueprint names that the scratch server must have before the bot
 * connects (#suggestions, a "Verified" role): the proof adds the ones the default server lacks,
 * so what the bot does there can be checked. Placeholders ("{option.channel}") and "here" name
 * nothing fixed and are left out.
 */
import { referenceIn } from "../placeholders";
import { walkAll } from "../references";
import type { Blueprint, Condition } from "../schema";

export interface ScratchSetup {
  channels: string[];
  roles: string[];
}

/** A plain channel or role name as the compiled bot looks it up ("#mod-log" → "mod-log"), or null. */
function plainName(value: string | undefined, channel: boolean): string | null {
  const trimmed = value?.trim() ?? "";
  if (!trimmed || referenceIn(trimmed) || trimmed.includes("{")) return null;
  if (channel && trimmed === "here") return null;
  return channel ? trimmed.replace(/^#/, "") : trimmed;
}

export function scratchSetup(blueprint: Blueprint): ScratchSetup {
  const channels = new Set<string>();
  const roles = new Set<string>();
  const channel = (value: string | undefined) => {
    const name = plainName(value, true);
    if (name) channels.add(name);
  };
  const role = (value: string | undefined) => {
    const name = plainName(value, false);
    if (name) roles.add(name);
  };
  walkAll(blueprint, (action) => {
    if (action.do === "send" || action.do === "slowmode" || action.do === "deleteChannel") channel(action.channel);
    if (action.do === "addRole" || action.do === "removeRole" || action.do === "toggleRole") role(action.role);
    if (action.do === "createChannel") role(action.staffRole);
  });
  for (const event of blueprint.events) {
    if (event.on === "reactionAdd" || event.on === "reactionRemove" || event.on === "schedule") channel(event.channel);
  }
  const visitCondition = (condition: Condition): void => {
    if (condition.test === "hasRole") role(condition.role);
    else if (condition.test === "all" || condition.test === "any") condition.conditions.forEach(visitCondition);
    else if (condition.test === "not") visitCondition(condition.condition);
  };
  walkAll(blueprint, (action) => {
    if (action.do === "if") visitCondition(action.when);
  });
  // Only names a Discord server could hold (a channel name has no spaces): a bot that looks for
  // another can never find it, and its check fails as it would on Discord.
  return {
    channels: [...channels].filter((name) => /^[^\s#@:`]{1,100}$/u.test(name)).slice(0, 25),
    roles: [...roles].filter((name) => name !== "@everyone" && /^[^\p{Cc}]{1,100}$/u.test(name)).slice(0, 25),
  };
}
