/** Application commands, global and per guild: list, create, bulk overwrite, fetch, edit, delete. */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type InteractionContextType,
} from "discord-api-types/v10";

import { publish } from "../context";
import type { Router } from "../http";
import { snowflake } from "../snowflake";
import type { StoredBot } from "../world";
import {
  bodyObject,
  errors,
  fieldError,
  guildOf,
  noContent,
  objectAt,
  ok,
  permissionField,
  requireAuth,
  type RestContext,
} from "./common";

const namePattern = /^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function validateOptions(options: unknown, path: (string | number)[]): void {
  if (options === undefined) return;
  if (!Array.isArray(options)) throw fieldError(path, "BASE_TYPE_LIST", "Must be an array.");
  if (options.length > 25) throw fieldError(path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.");
  let seenOptional = false;
  options.forEach((raw, index) => {
    const option = objectAt(raw, [...path, index]) as Partial<APIApplicationCommandOption> & { options?: unknown };
    if (
      typeof option.name !== "string" ||
      !namePattern.test(option.name) ||
      option.name !== option.name.toLowerCase()
    ) {
      throw fieldError([...path, index, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
    }
    if (typeof option.description !== "string" || option.description.length < 1 || option.description.length > 100) {
      throw fieldError([...path, index, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
    }
    if (typeof option.type !== "number" || !(option.type in ApplicationCommandOptionType)) {
      throw fieldError([...path, index, "type"], "BASE_TYPE_CHOICES", "Value must be one of the option types.");
    }
    const required = "required" in option && option.required === true;
    if (required && seenOptional) {
      throw fieldError(
        [...path, index, "required"],
        "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        "Required options must be placed before non-required options",
      );
    }
    if (!required) seenOptional = true;
    if (
      option.type === ApplicationCommandOptionType.Subcommand ||
      option.type === ApplicationCommandOptionType.SubcommandGroup
    ) {
      validateOptions(option.options, [...path, index, "options"]);
    }
  });
}

/** Validates a command body and returns the stored command (ids kept when `existing` is given). */
function toCommand(
  raw: unknown,
  bot: StoredBot,
  guildId: string | undefined,
  existing: APIApplicationCommand | undefined,
  path: (string | number)[],
): APIApplicationCommand {
  if (raw === null || typeof raw !== "object")
    throw fieldError(path, "DICT_TYPE_CONVERT", "Only dictionaries may be used in a DictType");
  const body = raw as Record<string, unknown>;
  const type = typeof body.type === "number" ? (body.type as ApplicationCommandType) : ApplicationCommandType.ChatInput;
  const name = body.name;
  if (
    typeof name !== "string" ||
    (type === ApplicationCommandType.ChatInput
      ? !namePattern.test(name) || name !== name.toLowerCase()
      : name.length < 1 || name.length > 32)
  ) {
    throw fieldError([...path, "name"], "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid");
  }
  const description = typeof body.description === "string" ? body.description : "";
  if (type === ApplicationCommandType.ChatInput && (description.length < 1 || description.length > 100)) {
    throw fieldError([...path, "description"], "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.");
  }
  validateOptions(body.options, [...path, "options"]);
  const command: APIApplicationCommand = {
    id: existing?.id ?? snowflake(),
    type,
    application_id: bot.applicationId,
    name,
    name_localizations: (body.name_localizations as APIApplicationCommand["name_localizations"]) ?? null,
    description,
    description_localizations:
      (body.description_localizations as APIApplicationCommand["description_localizations"]) ?? null,
    options: (body.options as APIApplicationCommandOption[] | undefined) ?? [],
    default_member_permissions:
      body.default_member_permissions === undefined || body.default_member_permissions === null
        ? null
        : permissionField(body.default_member_permissions, [...path, "default_member_permissions"]),
    dm_permission: body.dm_permission !== false,
    nsfw: body.nsfw === true,
    integration_types: (body.integration_types as ApplicationIntegrationType[] | undefined) ?? [
      ApplicationIntegrationType.GuildInstall,
    ],
    contexts: (body.contexts as InteractionContextType[] | undefined) ?? null,
    version: snowflake(),
  };
  if (guildId) command.guild_id = guildId;
  return command;
}

function scope(context: RestContext, params: Record<string, string>) {
  const auth = requireAuth(context);
  if (params.applicationId !== auth.bot.applicationId) throw errors.missingAccess();
  const guildId = params.guildId;
  if (guildId) guildOf(auth, guildId);
  const inScope = (command: APIApplicationCommand) => (guildId ? command.guild_id === guildId : !command.guild_id);
  const changed = () =>
    publish(context.sim, auth.worldUserId, {
      type: "commands_update",
      guildId,
      botId: auth.botId,
      data: {
        applicationId: auth.bot.applicationId,
        guildId: guildId ?? null,
        commands: auth.bot.commands.filter(inScope),
      },
    });
  return { auth, bot: auth.bot, guildId, inScope, changed };
}

export function commandRoutes(router: Router<RestContext>): void {
  for (const base of [
    "/applications/:applicationId/commands",
    "/applications/:applicationId/guilds/:guildId/commands",
  ]) {
    router
      .add("GET", base, (context, params) => {
        const { bot, inScope } = scope(context, params);
        return ok(bot.commands.filter(inScope));
      })
      .add(
        "POST",
        base,
        (context, params) => {
          const { bot, guildId, inScope, changed } = scope(context, params);
          const body = bodyObject(context);
          const existing = bot.commands.find(
            (command) => inScope(command) && command.name === body.name && command.type === (body.type ?? 1),
          );
          const command = toCommand(body, bot, guildId, existing, []);
          if (!existing && bot.commands.filter(inScope).length >= 100)
            throw errors.invalidForm({
              _errors: [{ code: "MAX_COMMANDS", message: "Maximum number of application commands reached (100)" }],
            });
          bot.commands = [...bot.commands.filter((item) => item !== existing), command];
          changed();
          return { status: existing ? 200 : 201, body: command };
        },
        { limit: 200, windowMs: 86_400_000 },
      )
      .add(
        "PUT",
        base,
        (context, params) => {
          const { bot, guildId, inScope, changed } = scope(context, params);
          if (!Array.isArray(context.body)) throw fieldError([], "BASE_TYPE_LIST", "Must be an array.");
          if (context.body.length > 100)
            throw fieldError([], "BASE_TYPE_MAX_LENGTH", "Must be 100 or fewer in length.");
          const current = bot.commands.filter(inScope);
          const commands = context.body.map((raw: unknown, index) => {
            const body = objectAt(raw, [index]);
            const existing = current.find((command) => command.name === body.name && command.type === (body.type ?? 1));
            return toCommand(raw, bot, guildId, existing, [index]);
          });
          bot.commands = [...bot.commands.filter((command) => !inScope(command)), ...commands];
          changed();
          return ok(commands);
        },
        { limit: 2, windowMs: 60_000 },
      )
      .add("GET", `${base}/:commandId`, (context, params) => {
        const { bot, inScope } = scope(context, params);
        const command = bot.commands.find((item) => inScope(item) && item.id === params.commandId);
        if (!command) throw errors.unknownCommand();
        return ok(command);
      })
      .add("PATCH", `${base}/:commandId`, (context, params) => {
        const { bot, guildId, inScope, changed } = scope(context, params);
        const existing = bot.commands.find((item) => inScope(item) && item.id === params.commandId);
        if (!existing) throw errors.unknownCommand();
        const command = toCommand({ ...existing, ...bodyObject(context) }, bot, guildId, existing, []);
        bot.commands = bot.commands.map((item) => (item === existing ? command : item));
        changed();
        return ok(command);
      })
      .add("DELETE", `${base}/:commandId`, (context, params) => {
        const { bot, inScope, changed } = scope(context, params);
        const existing = bot.commands.find((item) => inScope(item) && item.id === params.commandId);
        if (!existing) throw errors.unknownCommand();
        bot.commands = bot.commands.filter((item) => item !== existing);
        changed();
        return noContent();
      });
  }
}
