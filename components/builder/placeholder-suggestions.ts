import { listProperties } from "@/lib/blueprint/placeholders";
import { walkAll } from "@/lib/blueprint/references";
import type { Action, Blueprint, BlueprintOption, EventKind } from "@/lib/blueprint/schema";

/**
 * The placeholders worth offering while typing in one command or event: what its trigger
 * provides, its options, the results its actions save and the bot's data. Only suggestions: the
 * schema (lib/blueprint/references.ts) decides what is valid where, and says why at the field.
 */
export function placeholdersFor(
  blueprint: Blueprint,
  unit: { kind: "slash" | "prefix" | EventKind; options?: BlueprintOption[]; actions: Action[]; modal?: string },
): string[] {
  const names: string[] = [];
  if (unit.kind !== "schedule")
    names.push("user.mention", "user.name", "user.id", "user.avatar", "user.roles", "user.toprole");
  names.push("server.name", "server.members", "server.id", "bot.name", "bot.ping", "bot.uptime");
  if (unit.kind !== "memberJoin" && unit.kind !== "memberLeave")
    names.push("channel.mention", "channel.name", "channel.id");
  if (["prefix", "messageContains", "messageMatches", "reactionAdd", "reactionRemove"].includes(unit.kind)) {
    names.push("message.content", "message.link", "message.id");
  }
  if (unit.kind === "reactionAdd" || unit.kind === "reactionRemove") names.push("reaction.emoji");
  if (unit.kind === "select") names.push("select.value");
  for (const option of unit.options ?? []) {
    names.push(`option.${option.name}`);
    if (["user", "channel", "role"].includes(option.type)) {
      names.push(`option.${option.name}.mention`, `option.${option.name}.name`, `option.${option.name}.id`);
    }
    if (option.type === "user")
      names.push(`option.${option.name}.avatar`, `option.${option.name}.roles`, `option.${option.name}.toprole`);
    if (option.type === "string")
      for (const property of listProperties) names.push(`option.${option.name}.${property}`);
  }
  if (unit.kind === "modalSubmit" && unit.modal) {
    walkAll(blueprint, (action) => {
      if (action.do === "showModal" && action.modal.id === unit.modal) {
        for (const field of action.modal.fields) names.push(`field.${field.id}`);
      }
    });
  }
  const saved = new Set<string>();
  const collect = (actions: Action[]) => {
    for (const action of actions) {
      if ("saveAs" in action && action.saveAs) saved.add(action.saveAs);
      if (action.do === "if") {
        collect(action.then);
        collect(action.else);
      } else if (action.do === "wait") collect(action.then);
    }
  };
  collect(unit.actions);
  for (const name of saved) names.push(`result.${name}`);
  for (const entry of blueprint.data) if (!entry.keyed) names.push(`data.${entry.name}`);
  return names;
}
