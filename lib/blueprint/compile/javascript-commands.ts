/**
 * commands/<name>.js (a slash command, with its subcommands) and prefix-commands/<name>.js:
 * the builder Discord registers, the settings the runtime checks (permissions, cooldown,
 * options, deferring) and one named function per command holding its actions.
 */
import type { Blueprint, BlueprintCommand, BlueprintOption } from "../schema";
import { deferMode } from "./intermediate";
import { camelCase, FileScope, indent, pascalCase } from "./javascript-code";
import { objectCode } from "./javascript-messages";
import { numberLiteral, templateCode } from "./javascript-templates";
import { arrowChain, bodyFunctions, fileText, runtimeExports } from "./javascript-units";
import { jsString } from "./literals";

type Unit = Pick<BlueprintCommand, "name" | "permissions" | "cooldown" | "options" | "actions">;

const optionMethods = {
  string: "addStringOption",
  integer: "addIntegerOption",
  number: "addNumberOption",
  boolean: "addBooleanOption",
  user: "addUserOption",
  channel: "addChannelOption",
  role: "addRoleOption",
} as const;

const numeric = (option: BlueprintOption) => option.type === "integer" || option.type === "number";

/** A choice's value as the option's type: numbers for number options. */
function choiceValue(option: BlueprintOption, value: string | number): string | null {
  if (!numeric(option)) return jsString(String(value));
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? numberLiteral(number) : null;
}

/** `.addStringOption((option) => option.setName(…)…)`, as lines. */
function builderOption(option: BlueprintOption): string[] {
  const calls = [
    `.setName(${jsString(option.name)})`,
    `.setDescription(${jsString(option.description)})`,
    `.setRequired(${option.required})`,
  ];
  if (numeric(option) && option.min !== undefined) calls.push(`.setMinValue(${numberLiteral(option.min)})`);
  if (numeric(option) && option.max !== undefined) calls.push(`.setMaxValue(${numberLiteral(option.max)})`);
  const choices = choiceList(option);
  if (choices.length) calls.push(`.addChoices(\n${choices.map((choice) => `  ${choice},`).join("\n")}\n)`);
  return arrowChain(optionMethods[option.type], "option", calls);
}

function choiceList(option: BlueprintOption): string[] {
  return (option.choices ?? []).flatMap((choice) => {
    const value = choiceValue(option, choice.value);
    return value === null ? [] : [`{ name: ${jsString(choice.name)}, value: ${value} }`];
  });
}

/** What the runtime needs to know of an option: its name and type, and for prefix commands how to read it. */
function optionSpec(option: BlueprintOption, prefix: boolean): string {
  const entries: [string, string][] = [
    ["name", jsString(option.name)],
    ["type", jsString(option.type)],
  ];
  if (prefix) entries.push(["required", String(option.required)]);
  if (option.default !== undefined) entries.push(["default", defaultValue(option)]);
  if (prefix && option.min !== undefined) entries.push(["min", numberLiteral(option.min)]);
  if (prefix && option.max !== undefined) entries.push(["max", numberLiteral(option.max)]);
  return objectCode(entries);
}

/** An optional option's default as its type: "6" is 6 for a number option. */
function defaultValue(option: BlueprintOption): string {
  const text = option.default ?? "";
  if (numeric(option) && Number.isFinite(Number(text)) && text.trim() !== "") return numberLiteral(Number(text));
  if (option.type === "boolean" && (text === "true" || text === "false")) return text;
  return jsString(text);
}

/** The settings object of one command or subcommand. */
function settingsCode(unit: Unit, where: string, file: FileScope, extra: [string, string][], prefix: boolean): string {
  const entries: [string, string][] = [["where", jsString(where)], ...extra];
  if (unit.permissions.length) entries.push(["permissions", `[${unit.permissions.map(jsString).join(", ")}]`]);
  if (unit.cooldown) {
    const cooldown: [string, string][] = [
      ["seconds", numberLiteral(unit.cooldown.seconds)],
      ["per", jsString(unit.cooldown.per)],
    ];
    if (unit.cooldown.message !== undefined) {
      cooldown.push(["message", `async (run) => ${templateCode(unit.cooldown.message, file)}`]);
    }
    entries.push(["cooldown", objectCode(cooldown)]);
  }
  if (!prefix) {
    const defer = deferMode(unit.actions);
    if (defer) entries.push(["defer", jsString(defer)]);
  }
  if (unit.options.length) {
    const specs = unit.options.map((option) => `  ${optionSpec(option, prefix).split("\n").join("\n  ")},`);
    entries.push(["options", ["[", ...specs, "]"].join("\n")]);
  }
  return objectCode(entries);
}

/** commands/<name>.js for a slash command. */
export function slashCommandFile(command: BlueprintCommand, index: number): { path: string; content: string } {
  const path = `commands/${command.name}.js`;
  const file = new FileScope(path, runtimeExports);
  file.discord.add("SlashCommandBuilder");
  file.discord.add("InteractionContextType");
  file.runtime.add("runSlashCommand");

  const calls = [`.setName(${jsString(command.name)})`, `.setDescription(${jsString(command.description)})`];
  const settings: string[] = [];
  const functions: string[] = [];
  let execute: string[];

  if (command.subcommands.length) {
    const cases: string[] = [];
    for (const [at, sub] of command.subcommands.entries()) {
      const where = `/${command.name} ${sub.name}`;
      const functionName = file.names.claim(`run${pascalCase(command.name)}${pascalCase(sub.name)}`);
      const settingsName = file.names.claim(`${camelCase(sub.name)}Settings`);
      // The command's permissions (and its cooldown, unless the subcommand has one) hold for each subcommand.
      const unit = {
        ...sub,
        permissions: [...new Set([...command.permissions, ...sub.permissions])],
        cooldown: sub.cooldown ?? command.cooldown,
      };
      settings.push(
        `// How ${where} runs.`,
        `const ${settingsName} = ${settingsCode(unit, where, file, [], false)};`,
        "",
      );
      const subCalls = [
        `.setName(${jsString(sub.name)})`,
        `.setDescription(${jsString(sub.description)})`,
        ...sub.options.map((option) => builderOption(option).join("\n")),
      ];
      calls.push(arrowChain("addSubcommand", "subcommand", subCalls).join("\n"));
      cases.push(
        `case ${jsString(sub.name)}:`,
        `  return runSlashCommand(interaction, context, ${settingsName}, ${functionName});`,
      );
      const scope = { file, label: where, baseName: functionName, path: `commands.${index}.subcommands.${at}.actions` };
      functions.push(...bodyFunctions(file, functionName, `The actions of ${where}, in order.`, sub.actions, scope));
    }
    execute = ["switch (interaction.options.getSubcommand()) {", ...indent(cases), "}"];
  } else {
    const where = `/${command.name}`;
    const functionName = file.names.claim(`run${pascalCase(command.name)}`);
    settings.push(
      `// How ${where} runs: who may use it, and the options its actions read.`,
      `const settings = ${settingsCode(command, where, file, [], false)};`,
      "",
    );
    calls.push(...command.options.map((option) => builderOption(option).join("\n")));
    execute = [`await runSlashCommand(interaction, context, settings, ${functionName});`];
    const scope = { file, label: where, baseName: functionName, path: `commands.${index}.actions` };
    functions.push(...bodyFunctions(file, functionName, `The actions of ${where}, in order.`, command.actions, scope));
  }
  if (command.permissions.length) {
    file.discord.add("PermissionFlagsBits");
    const flags = command.permissions.map((name) => `PermissionFlagsBits.${name}`).join(" | ");
    calls.push(`.setDefaultMemberPermissions(${flags})`);
  }
  calls.push(".setContexts(InteractionContextType.Guild)");

  const builder = ["data: new SlashCommandBuilder()", ...indent(calls.flatMap((call) => call.split("\n")))];
  builder[builder.length - 1] += ",";
  const body = [
    ...settings,
    "module.exports = {",
    ...indent(builder),
    "",
    "  async execute(interaction, context) {",
    ...indent(execute, 2),
    "  },",
    "};",
    "",
    ...functions,
  ];
  return { path, content: fileText(file, "../", body) };
}

/** prefix-commands/<name>.js for a prefix command ("!name"). */
export function prefixCommandFile(
  command: BlueprintCommand,
  index: number,
  blueprint: Blueprint,
): { path: string; content: string } {
  const path = `prefix-commands/${command.name}.js`;
  const file = new FileScope(path, runtimeExports);
  file.runtime.add("runPrefixCommand");
  const where = `${blueprint.prefix}${command.name}`;
  const usage = [
    `Usage: ${where}`,
    ...command.options.map((option) => (option.required ? `<${option.name}>` : `[${option.name}]`)),
  ].join(" ");
  const functionName = file.names.claim(`run${pascalCase(command.name)}`);
  const label = `the prefix command ${command.name}`;
  const body = [
    `// How ${label} runs: who may use it, and how its arguments read.`,
    `const settings = ${settingsCode(command, where, file, [["usage", jsString(usage)]], true)};`,
    "",
    "module.exports = {",
    `  name: ${jsString(command.name)},`,
    "  async execute(message, text, context) {",
    `    await runPrefixCommand(message, context, settings, ${functionName}, text);`,
    "  },",
    "};",
    "",
    ...bodyFunctions(file, functionName, `The actions of ${label}, in order.`, command.actions, {
      file,
      label,
      baseName: functionName,
      path: `commands.${index}.actions`,
    }),
  ];
  return { path, content: fileText(file, "../", body) };
}
