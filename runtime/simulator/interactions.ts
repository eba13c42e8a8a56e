/**
 * Slash commands run from the control API: options checked against the bot's registered
 * command, then an INTERACTION_CREATE built exactly as Discord sends it (resolved users,
 * members, roles and channels included) and sent to that bot only.
 */
import { randomBytes } from "node:crypto";

import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  GatewayDispatchEvents,
  InteractionContextType,
  InteractionType,
  Locale,
  type APIApplicationCommand,
  type APIApplicationCommandInteractionDataOption,
  type APIApplicationCommandOption,
  type APIChatInputApplicationCommandInteraction,
  type APIChatInputApplicationCommandInteractionData,
  type APIInteractionDataResolved,
  type APITextChannel,
} from "discord-api-types/v10";

import type { SimulateInteractionInput, SimulatorGuild } from "@/lib/simulator/types";

import { publish, type Simulator } from "./context";
import { channelPermissions, guildPermissions } from "./permissions";
import { snowflake } from "./snowflake";
import { findChannel, findMember, type WorldState } from "./world";

/** A control API error: `{ error }` with this status. */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 401 | 404 | 409 | 413,
    message: string,
  ) {
    super(message);
  }
}

type Option = APIApplicationCommandInteractionDataOption;
type Resolved = Required<Pick<APIInteractionDataResolved, "users" | "members" | "roles" | "channels">>;

const subcommandTypes = [ApplicationCommandOptionType.Subcommand, ApplicationCommandOptionType.SubcommandGroup];

function typeName(type: ApplicationCommandOptionType): string {
  return ApplicationCommandOptionType[type] ?? String(type);
}

function resolveUser(guild: SimulatorGuild, world: WorldState, id: string, resolved: Resolved): boolean {
  const member = findMember(guild, id);
  if (!member) return false;
  resolved.users[id] = member.user;
  const { user: _user, deaf: _deaf, mute: _mute, ...rest } = member;
  resolved.members[id] = { ...rest, permissions: guildPermissions(guild, member).toString() };
  void world;
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
      resolved.channels[channel.id] = {
        id: channel.id,
        name: channel.name,
        type: channel.type,
        permissions: "0",
        parent_id: channel.parent_id ?? null,
      } as Resolved["channels"][string];
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
  const found = findChannel(world, input.channelId);
  if (!found?.guild) throw new ControlError(404, "Unknown channel.");
  const guild = found.guild;
  const channel = found.channel as APITextChannel;
  const author = findMember(guild, input.authorId);
  if (!author) throw new ControlError(404, "Unknown member.");
  const botMember = findMember(guild, bot.userId);
  if (!botMember) throw new ControlError(404, "The bot is not a member of this server.");
  const command = findCommand(bot.commands, input.name, guild.id);
  if (!command) throw new ControlError(404, `The bot registered no command named "${input.name}".`);
  const resolved: Resolved = { users: {}, members: {}, roles: {}, channels: {} };
  const options = checkOptions(command.options ?? [], input.options, "", guild, world, resolved);

  const data: APIChatInputApplicationCommandInteractionData = {
    id: command.id,
    name: command.name,
    type: ApplicationCommandType.ChatInput,
    ...(options.length ? { options } : {}),
    ...(command.guild_id ? { guild_id: command.guild_id } : {}),
  };
  const present = Object.fromEntries(Object.entries(resolved).filter(([, map]) => Object.keys(map).length > 0));
  if (Object.keys(present).length > 0) data.resolved = present;

  const id = snowflake();
  const token = `aW50ZXJhY3Rpb246${id}:${randomBytes(32).toString("base64url")}`;
  const locale = Locale.EnglishUS;
  const interaction: APIChatInputApplicationCommandInteraction = {
    id,
    application_id: bot.applicationId,
    type: InteractionType.ApplicationCommand,
    data,
    guild: { id: guild.id, locale, features: [] },
    guild_id: guild.id,
    guild_locale: locale,
    channel: {
      id: channel.id,
      type: channel.type,
      name: channel.name,
      guild_id: guild.id,
      position: channel.position,
      permission_overwrites: channel.permission_overwrites ?? [],
      nsfw: channel.nsfw ?? false,
      parent_id: channel.parent_id ?? null,
      topic: channel.topic ?? null,
      rate_limit_per_user: channel.rate_limit_per_user ?? 0,
      last_message_id: channel.last_message_id ?? null,
      flags: 0,
    } as unknown as APIChatInputApplicationCommandInteraction["channel"],
    channel_id: channel.id,
    member: { ...author, permissions: channelPermissions(guild, author, channel).toString() },
    token,
    version: 1,
    app_permissions: channelPermissions(guild, botMember, channel).toString(),
    locale,
    entitlements: [],
    authorizing_integration_owners: { [ApplicationIntegrationType.GuildInstall]: guild.id },
    context: InteractionContextType.Guild,
    attachment_size_limit: 26_214_400,
  };
  sim.interactions.add({
    id,
    token,
    type: InteractionType.ApplicationCommand,
    applicationId: bot.applicationId,
    botId: bot.botId,
    botUserId: bot.userId,
    worldUserId,
    channelId: channel.id,
    guildId: guild.id,
    user: author.user,
    commandName: command.name,
    createdAt: Date.now(),
    acknowledged: false,
    ephemeral: new Map(),
  });
  const { token: _token, ...visible } = interaction;
  publish(
    sim,
    worldUserId,
    { type: "interaction_create", guildId: guild.id, channelId: channel.id, botId: bot.botId, data: visible },
    { t: GatewayDispatchEvents.InteractionCreate, d: interaction, toBotUserId: bot.userId },
  );
  return id;
}
