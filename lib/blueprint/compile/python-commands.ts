/**
 * bot/commands.py: a coroutine with the actions of each command, and the discord.py callback
 * (slash) or message handler (prefix) that reads its options, checks permissions and the
 * cooldown, and runs it.
 */
import type { Blueprint, BlueprintCommand, BlueprintOption } from "../schema";
import type { PermissionName } from "../vocabulary";
import { generatedHeader, pyString } from "./literals";
import { actionFunction, laterMap } from "./python-actions";
import { template } from "./python-code";
import { call } from "./python-messages";
import { NameScope, numberLiteral, pythonName } from "./python-names";

type Unit = Pick<BlueprintCommand, "name" | "description" | "permissions" | "cooldown" | "options" | "actions">;

/** discord.py's names for the blueprint's permissions. */
export const permissionAttributes: Record<PermissionName, string> = {
  Administrator: "administrator",
  ManageGuild: "manage_guild",
  ManageChannels: "manage_channels",
  ManageRoles: "manage_roles",
  ManageMessages: "manage_messages",
  KickMembers: "kick_members",
  BanMembers: "ban_members",
  ModerateMembers: "moderate_members",
  ManageNicknames: "manage_nicknames",
  MentionEveryone: "mention_everyone",
  ViewAuditLog: "view_audit_log",
};

interface Parameter {
  option: BlueprintOption;
  python: string;
}

function annotation(option: BlueprintOption): string {
  const integer = option.type === "integer";
  switch (option.type) {
    case "integer":
    case "number": {
      if (option.min === undefined && option.max === undefined) return integer ? "int" : "float";
      // Whole-number options take whole-number bounds.
      const bound = (value: number | undefined, round: (n: number) => number) =>
        value === undefined ? "None" : numberLiteral(integer ? round(value) : value, integer);
      return `app_commands.Range[${integer ? "int" : "float"}, ${bound(option.min, Math.ceil)}, ${bound(option.max, Math.floor)}]`;
    }
    case "string":
      return "str";
    case "boolean":
      return "bool";
    case "user":
      return "discord.Member";
    case "channel":
      return "discord.TextChannel";
    case "role":
      return "discord.Role";
  }
}

/** An optional option's default as a Python value (numbers as numbers), or None. */
function defaultValue(option: BlueprintOption): string {
  if (option.default === undefined) return "None";
  if (option.type === "integer" || option.type === "number") {
    const number = Number(option.default);
    return Number.isFinite(number) ? numberLiteral(number, option.type === "integer") : "None";
  }
  if (option.type === "boolean") return option.default.trim().toLowerCase() === "true" ? "True" : "False";
  return pyString(option.default);
}

function choiceLiteral(option: BlueprintOption, value: string | number): string | null {
  if (option.type === "string") return pyString(String(value));
  const number = Number(value);
  if (!Number.isFinite(number) || (option.type === "integer" && !Number.isInteger(number))) return null;
  return numberLiteral(number, option.type === "integer");
}

function parametersOf(unit: Unit): Parameter[] {
  const scope = new NameScope(["interaction", "run", "message", "arguments", "self"]);
  return unit.options.map((option) => ({ option, python: scope.take(pythonName(option.name, "option")) }));
}

/** The decorators that describe a slash command's options to Discord. */
function optionDecorators(parameters: Parameter[]): string[] {
  if (!parameters.length) return [];
  const lines = call(
    "@app_commands.describe",
    parameters.map((p) => `${p.python}=${pyString(p.option.description)}`),
    "",
  );
  const renamed = parameters.filter(({ option, python }) => option.name !== python);
  if (renamed.length)
    lines.push(
      ...call(
        "@app_commands.rename",
        renamed.map((p) => `${p.python}=${pyString(p.option.name)}`),
        "",
      ),
    );
  for (const { option, python } of parameters) {
    const choices = (option.choices ?? []).flatMap((choice) => {
      const value = choiceLiteral(option, choice.value);
      return value ? [`        app_commands.Choice(name=${pyString(choice.name)}, value=${value}),`] : [];
    });
    if (choices.length) lines.push("@app_commands.choices(", `    ${python}=[`, ...choices, "    ]", ")");
  }
  return lines;
}

function permissionCheck(permissions: PermissionName[]): string[] {
  if (!permissions.length) return [];
  return [`    if not await run.permitted(${permissions.map((name) => pyString(name)).join(", ")}):`, "        return"];
}

function cooldownCheck(cooldown: Unit["cooldown"]): string[] {
  if (!cooldown) return [];
  // A cooldown message is a template, rendered for this run like a reply.
  const refusal =
    cooldown.message === undefined ? "runtime.cooldown_refusal(run.where, left)" : template(cooldown.message);
  return [
    `    left = run.cooldown(${cooldown.seconds}, per=${pyString(cooldown.per)})`,
    "    if left:",
    `        await run.refuse(${refusal})`,
    "        return",
  ];
}

/** bot/commands.py for the blueprint, and the `wait` blocks it defines. */
export function commandsModule(blueprint: Blueprint): { content: string; prefixCommands: boolean } {
  const names = new NameScope(["register", "run_prefix_command", "PREFIX", "PREFIX_COMMANDS", "LATER"]);
  const later: [string, string][] = [];
  const blocks: string[][] = [];
  const registered: string[] = [];
  const prefixed: [string, string][] = [];
  blueprint.commands.forEach((command, index) => {
    if (command.type === "prefix") {
      const callback = prefixCommand(command, `commands.${index}`, names, later, blocks);
      prefixed.push([command.name, callback]);
    } else {
      registered.push(slashCommand(command, `commands.${index}`, names, later, blocks));
    }
  });
  const prefixPart = prefixed.length
    ? [
        "",
        "",
        `PREFIX = ${pyString(blueprint.prefix)}`,
        "PREFIX_COMMANDS = {",
        ...prefixed.map(([name, callback]) => `    ${pyString(name)}: ${callback},`),
        "}",
        "",
        "",
        "async def run_prefix_command(message: discord.Message) -> None:",
        '    """A message that starts with the prefix and a command\'s name, then a space or its end."""',
        "    command = runtime.split_command(message.content, PREFIX)",
        "    if command is not None and command[0] in PREFIX_COMMANDS:",
        "        await PREFIX_COMMANDS[command[0]](message, command[1])",
      ]
    : [];
  const content = [
    generatedHeader("#").trimEnd(),
    '"""The bot\'s commands: a coroutine with the actions of each, and the callback that reads its',
    'options and checks permissions and the cooldown before running it."""',
    "import discord",
    "from discord import app_commands",
    "",
    "from bot import runtime",
    "from bot.runtime import Run",
    ...blocks.flatMap((lines) => ["", "", ...lines]),
    "",
    "",
    "def register(tree: app_commands.CommandTree) -> None:",
    '    """Adds the slash commands to the tree; main.py syncs it with Discord when the bot is ready."""',
    ...(registered.length ? registered.map((name) => `    tree.add_command(${name})`) : ["    pass"]),
    ...prefixPart,
    "",
    "",
    ...laterMap(later),
    "",
  ].join("\n");
  return { content, prefixCommands: prefixed.length > 0 };
}

/** A slash command (with its subcommands); returns what register() adds to the tree. */
function slashCommand(
  command: BlueprintCommand,
  path: string,
  names: NameScope,
  later: [string, string][],
  blocks: string[][],
): string {
  const base = pythonName(command.name);
  const defaults = command.permissions.map((name) => `${permissionAttributes[name]}=True`);
  let group: string | undefined;
  if (command.subcommands.length) {
    group = names.take(`${base}_group`);
    const args = [
      `name=${pyString(command.name)}`,
      `description=${pyString(command.description)}`,
      "guild_only=True",
      ...(defaults.length ? [`default_permissions=discord.Permissions(${defaults.join(", ")})`] : []),
    ];
    blocks.push(call(`${group} = app_commands.Group`, args, ""));
  }
  const units = command.subcommands.length
    ? command.subcommands.map((sub, at) => ({
        unit: sub as Unit,
        label: `/${command.name} ${sub.name}`,
        python: `${base}_${pythonName(sub.name, "sub")}`,
        path: `${path}.subcommands.${at}`,
      }))
    : [{ unit: command as Unit, label: `/${command.name}`, python: base, path }];
  let callback = "";
  for (const { unit, label, python, path: unitPath } of units) {
    const parameters = parametersOf(unit);
    // "/dice <dice>": the callback's parameter named like the actions' function would hide it.
    const actionsName = names.take(parameters.some((item) => item.python === python) ? `${python}_actions` : python);
    callback = names.take(`slash_${python}`);
    const doc = { name: actionsName, doc: `The actions of ${label}.`, interaction: true };
    const lines = [...actionFunction(doc, unit.actions, `${unitPath}.actions`, names, later), "", ""];
    lines.push(
      `${group ? `@${group}.command` : "@app_commands.command"}(name=${pyString(unit.name)}, description=${pyString(unit.description)})`,
      ...optionDecorators(parameters),
    );
    if (!group) {
      if (defaults.length) lines.push(`@app_commands.default_permissions(${defaults.join(", ")})`);
      lines.push("@app_commands.guild_only()");
    }
    const signature = [
      "interaction: discord.Interaction",
      ...parameters.map(({ option, python }) => `${python}: ${annotation(option)}${option.required ? "" : " = None"}`),
    ];
    const header = call(`async def ${callback}`, signature, "");
    header[header.length - 1] += " -> None:";
    lines.push(...header);
    const options = parameters.map(({ option, python }) => {
      const fallback = defaultValue(option);
      return `${pyString(option.name)}: ${fallback === "None" ? python : `${python} if ${python} is not None else ${fallback}`}`;
    });
    lines.push(
      ...call(
        "    run = Run.from_interaction",
        ["interaction", pyString(label), ...(options.length ? [`{${options.join(", ")}}`] : [])],
        "",
      ),
    );
    // A group's permissions hold for each subcommand, on top of the subcommand's own.
    lines.push(
      ...permissionCheck([...new Set([...command.permissions, ...(group ? unit.permissions : [])])]),
      ...cooldownCheck(unit.cooldown ?? command.cooldown),
      `    await run.execute(${actionsName})`,
    );
    blocks.push(lines);
  }
  return group ?? callback;
}

/** A prefix command; returns its message handler's name. */
function prefixCommand(
  command: BlueprintCommand,
  path: string,
  names: NameScope,
  later: [string, string][],
  blocks: string[][],
): string {
  const base = pythonName(command.name);
  const actionsName = names.take(base);
  const callback = names.take(`prefix_${base}`);
  const doc = { name: actionsName, doc: `The actions of the prefix command ${command.name}.`, interaction: false };
  const lines = [...actionFunction(doc, command.actions, `${path}.actions`, names, later), "", ""];
  lines.push(
    `async def ${callback}(message: discord.Message, arguments: str) -> None:`,
    `    run = Run.from_message(message, PREFIX + ${pyString(command.name)})`,
    ...permissionCheck(command.permissions),
  );
  if (command.options.length) {
    const bound = (value: number | undefined) => (value === undefined ? "None" : numberLiteral(value, false));
    lines.push(
      "    # (name, type, required, default, min, max), in the order the arguments are written",
      "    options = [",
      ...command.options.map(
        (option) =>
          `        (${pyString(option.name)}, ${pyString(option.type)}, ${option.required ? "True" : "False"}, ${defaultValue(option)}, ${bound(option.min)}, ${bound(option.max)}),`,
      ),
      "    ]",
      "    if not await runtime.read_arguments(run, arguments, options):",
      "        return",
    );
  }
  lines.push(...cooldownCheck(command.cooldown), `    await run.execute(${actionsName})`);
  blocks.push(lines);
  return callback;
}
