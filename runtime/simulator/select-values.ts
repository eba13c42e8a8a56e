/**
 * What a member may choose in a select menu (on a message, or in a modal's label): values among
 * the menu's options, or members, roles and channels of the guild, as many as min/max allow.
 * The chosen ids are resolved as Discord resolves them for the bot.
 */
import { ComponentType, type APIRole } from "discord-api-types/v10";

import type { SimulatorGuild } from "@/lib/simulator/types";

import { ControlError } from "./control-error";
import { resolveChannel, resolveMember, type Resolved } from "./interaction-payload";

export const selectTypes: readonly number[] = [
  ComponentType.StringSelect,
  ComponentType.UserSelect,
  ComponentType.RoleSelect,
  ComponentType.MentionableSelect,
  ComponentType.ChannelSelect,
];

/** A select menu as a bot stored it (only what is checked here is typed). */
export interface StoredSelect {
  type: number;
  custom_id?: unknown;
  options?: unknown;
  min_values?: unknown;
  max_values?: unknown;
  channel_types?: unknown;
  required?: unknown;
}

const count = (value: unknown, fallback: number) =>
  typeof value === "number" && Number.isInteger(value) && value >= 0 ? value : fallback;

/** The values, checked against the menu; resolved ids go into `resolved`. */
export function checkSelectValues(
  menu: StoredSelect,
  given: unknown,
  guild: SimulatorGuild,
  resolved: Resolved,
  where: string,
): string[] {
  if (!Array.isArray(given) || !given.every((value) => typeof value === "string" && value.length <= 100)) {
    throw new ControlError(400, `${where}: values must be a list of texts of at most 100 characters.`);
  }
  const values = given as string[];
  if (new Set(values).size !== values.length) throw new ControlError(400, `${where}: a value is chosen twice.`);
  // Discord: min_values defaults to 1 (0 in a modal's optional label), max_values to 1.
  const min = count(menu.min_values, menu.required === false ? 0 : 1);
  const max = count(menu.max_values, 1);
  if (values.length < min || values.length > max) {
    const range = min === max ? `exactly ${min}` : `from ${min} to ${max}`;
    throw new ControlError(400, `${where}: choose ${range} value${max === 1 ? "" : "s"} (got ${values.length}).`);
  }
  for (const value of values) {
    if (!chosenValueFits(menu, value, guild, resolved)) {
      throw new ControlError(400, `${where}: "${value.slice(0, 100)}" is not one of the menu's choices.`);
    }
  }
  return values;
}

function chosenValueFits(menu: StoredSelect, value: string, guild: SimulatorGuild, resolved: Resolved): boolean {
  const role = (): APIRole | undefined => guild.roles.find((item) => item.id === value);
  switch (menu.type) {
    case ComponentType.StringSelect:
      return (
        Array.isArray(menu.options) &&
        menu.options.some((option) => (option as { value?: unknown } | null)?.value === value)
      );
    case ComponentType.UserSelect:
      return resolveMember(guild, value, resolved);
    case ComponentType.RoleSelect: {
      const found = role();
      if (found) resolved.roles[found.id] = found;
      return Boolean(found);
    }
    case ComponentType.MentionableSelect: {
      const found = role();
      if (found) resolved.roles[found.id] = found;
      return Boolean(found) || resolveMember(guild, value, resolved);
    }
    case ComponentType.ChannelSelect: {
      const channel = guild.channels.find((item) => item.id === value);
      const types = Array.isArray(menu.channel_types) ? (menu.channel_types as number[]) : [];
      if (!channel || (types.length > 0 && !types.includes(channel.type))) return false;
      resolveChannel(channel, resolved);
      return true;
    }
    default:
      return false;
  }
}
