/**
 * Slash commands run from the control API: options checked against the bot's registered
 * command, then an INTERACTION_CREATE built exactly as Discord sends it (resolved users,
 * members, roles and channels included) and sent to that bot only.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  InteractionType,
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIChatInputApplicationCommandInteractionData,
} from "discord-api-types/v10";

import type { SimulateInteractionInput, SimulatorGuild } from "@/lib/simulator/types";

import type { Simulator } from "./context";
import { ControlError } from "./control-error";
import {
  buildInteraction,
  emptyResolved,
  integrationOwners,
  interactionActor,
  presentResolved,
  resolveChannel,
  resolveMember,
  sendInteraction,
  type Resolved,
} from "./interaction-payload";
import type { WorldState } from "./world";

export { ControlError };

type Option = APIApplicationCommandInteractionDataOption;

const subcommandTypes = [ApplicationCommandOptionType.Subcommand, ApplicationCommandOptionType.SubcommandGroup];

function typeName(type: ApplicationCommandOptionType): string {
  return ApplicationCommandOptionType[type] ?? String(type);
}

/**
 * A user option: a member (resolved as user and member), or, as on Discord where a user option
 * need not be a member, a user the server banned (resolved as a user only), so a moderation bot
 * can be asked about, or unban, someone who is gone.
 */
function resolveUser(guild: SimulatorGuild, world: WorldState, id: string, resolved: Resolved): boolean {
  if (resolveMember(guild, id, resolved)) return true;
  const banned = world.bans[guild.id]?.find((ban) => ban.user.id === id);
  if (!banned) return false;
  resolved.users[id] = banned.user;
  return true;
}

function checkValue(
  definition: APIApplicationCommandOption,
  given: Option & { value?: unknown },
  path: string,
  guild: SimulatorGuild,
  world: WorldState,
  resolved: Resolved,
): Option {
  let value = given.value;
  const where = `Option "${path}"`;
  switch (definition.type) {
    case ApplicationCommandOptionType.String: {
      if (typeof value !== "string") throw new ControlError(400, `${where} must be a string.`);
      if (definition.min_length !== undefined && value.length < definition.min_length)
        throw new ControlError(400, `${where} must be at least ${definition.min_length} characters.`);
      if (definition.max_length !== undefined && value.length > definition.max_length)
        throw new ControlError(400, `${where} must be at most ${definition.max_length} characters.`);
      break;
    }
    case ApplicationCommandOptionType.Integer:
    case ApplicationCommandOptionType.Number: {
      if (typeof value === "string" && value.trim() !== "" && !Number.isNaN(Number(value))) value = Number(value);
      const integer = definition.type === ApplicationCommandOptionType.Integer;
      if (typeof value !== "number" || !Number.isFinite(value) || (integer && !Number.isInteger(value))) {
        throw new ControlError(400, `${where} must be ${integer ? "an integer" : "a number"}.`);
      }
      if (definition.min_value !== undefined && value < definition.min_value)
        throw new ControlError(400, `${where} must be at least ${definition.min_value}.`);
      if (definition.max_value !== undefined && value > definition.max_value)
        throw new ControlError(400, `${where} must be at most ${definition.max_value}.`);
      break;
    }
    case ApplicationCommandOptionType.Boolean:
      if (value === "true" || value === "false") value = value === "true";
      if (typeof value !== "boolean") throw new ControlError(400, `${where} must be true or false.`);
      break;
    case ApplicationCommandOptionType.User:
      if (typeof value !== "string" || !resolveUser(guild, world, value, resolved))
        throw new ControlError(400, `${where} must be a member of the server.`);
      break;
    case ApplicationCommandOptionType.Role: {
      const role = guild.roles.find((item) => item.id === value);
      if (!role) throw new ControlError(400, `${where} must be a role of the server.`);
      resolved.roles[role.id] = role;
      break;
    }
    case ApplicationCommandOptionType.Channel: {
      const channel = guild.channels.find((item) => item.id === value);
      if (!channel) throw new ControlError(400, `${where} must be a channel of the server.`);
      if (definition.channel_types?.length && !definition.channel_types.includes(channel.type as never)) {
        throw new ControlError(400, `${where} must be a channel of another type.`);
      }
      resolveChannel(channel, resolved);
      break;
    }
    case ApplicationCommandOptionType.Mentionable: {
      const role = guild.roles.find((item) => item.id === value);
      if (role) resolved.roles[role.id] = role;
      else if (typeof value !== "string" || !resolveUser(guild, world, value, resolved))
        throw new ControlError(400, `${where} must be a member or a role of the server.`);
      break;
    }
    default:
      throw new ControlError(400, `${where}: ${typeName(definition.type)} options cannot be simulated.`);
  }
  if (
    "choices" in definition &&
    definition.choices?.length &&
    !definition.choices.some((choice) => choice.value === value)
  ) {
    throw new ControlError(
      400,
      `${where} must be one of: ${definition.choices.map((choice) => choice.name).join(", ")}.`,
    );
  }
  return { name: definition.name, type: definition.type, value } as Option;
}

function checkOptions(
  definitions: APIApplicationCommandOption[],
  given: unknown,
  path: string,
  guild: SimulatorGuild,
  world: WorldState,
  resolved: Resolved,
): Option[] {
  const list = given === undefined ? [] : given;
  if (!Array.isArray(list)) throw new ControlError(400, "options must be an array.");
  const options = list as (Option & { value?: unknown; options?: unknown })[];
  const prefix = path ? `${path} ` : "";
  if (definitions.some((definition) => subcommandTypes.includes(definition.type))) {
    const [chosen, ...extra] = options;
    const definition = definitions.find((item) => item.name === chosen?.name);
    if (!chosen || extra.length > 0 || !definition || !subcommandTypes.includes(definition.type)) {
      const names = definitions.map((item) => item.name).join(", ");
      throw new ControlError(400, `${path ? `"${path}"` : "This command"} needs exactly one subcommand: ${names}.`);
    }
    const inner = "options" in definition ? (definition.options ?? []) : [];
    return [
      {
        name: definition.name,
        type: definition.type,
        options: checkOptions(
          inner as APIApplicationCommandOption[],
          chosen.options,
          `${prefix}${definition.name}`,
          guild,
          world,
          resolved,
        ),
      } as Option,
    ];
  }
  const result: Option[] = [];
  for (const option of options) {
    const definition = definitions.find((item) => item.name === option?.name);
    if (!definition) throw new ControlError(400, `Unknown option "${prefix}${String(option?.name)}".`);
    if (option.type !== undefined && option.type !== definition.type) {
      throw new ControlError(
        400,
        `Option "${prefix}${definition.name}" is a ${typeName(definition.type)} option, not ${typeName(option.type)}.`,
      );
    }
    if (result.some((item) => item.name === definition.name))
      throw new ControlError(400, `Option "${prefix}${definition.name}" is given twice.`);
    result.push(checkValue(definition, option, `${prefix}${definition.name}`, guild, world, resolved));
  }
  for (const definition of definitions) {
    if ("required" in definition && definition.required && !result.some((item) => item.name === definition.name)) {
      throw new ControlError(400, `Option "${prefix}${definition.name}" is required.`);
    }
  }
  return result;
}

function findCommand(
  commands: APIApplicationCommand[],
  name: string,
  guildId: string,
): APIApplicationCommand | undefined {
  const slash = commands.filter(
    (command) => command.type === ApplicationCommandType.ChatInput && command.name === name,
  );
  return slash.find((command) => command.guild_id === guildId) ?? slash.find((command) => !command.guild_id);
}

/** Runs a slash command for `authorId`; returns the interaction id. */
export function runSlashCommand(
  sim: Simulator,
  worldUserId: string,
  world: WorldState,
  input: SimulateInteractionInput,
): string {
  const bot = world.bots.find((item) => item.botId === input.botId);
  if (!bot) throw new ControlError(404, "This bot is not in the world: ask for its credentials first.");
  const actor = interactionActor(world, bot, input.channelId, input.authorId);
  const guild = actor.guild;
  const command = findCommand(bot.commands, input.name, guild.id);
  if (!command) throw new ControlError(404, `The bot registered no command named "${input.name}".`, 10063);
  const resolved = emptyResolved();
  const options = checkOptions(command.options ?? [], input.options, "", guild, world, resolved);

  const data: APIChatInputApplicationCommandInteractionData = {
    id: command.id,
    name: command.name,
    type: ApplicationCommandType.ChatInput,
    ...(options.length ? { options } : {}),
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
  };
  const present = presentResolved(resolved);
  if (present) data.resolved = present;

  const built = buildInteraction(actor, InteractionType.ApplicationCommand, data);
  sendInteraction(sim, worldUserId, actor, built, InteractionType.ApplicationCommand, {
    commandName: command.name,
    metadata: {
      id: built.id,
      type: InteractionType.ApplicationCommand,
      user: actor.member.user,
      authorizing_integration_owners: integrationOwners(guild.id),
    },
  });
  return built.id;
}
