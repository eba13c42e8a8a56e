/**
 * One Bot Designer for Discord command → one discord.js v14 slash command file (CommonJS, the
 * discord.js guide's `{ data, execute }` shape). What cannot be converted is listed; a command
 * that uses anything unconvertible becomes a stub that says so when it is used.
 */
import type { BdfdCommand } from "./bdfd-export";
import { actionFunctions, ignoredFunctions, noteOnce, valueFunctions, type ConvertContext } from "./bdfd-functions";
import { calledFunctions, parseBdScript, type BdNode } from "./bdscript";
import { codeString, commentText, jsCommentLines, templateText } from "./code-text";

export type CommandReport = {
  /** The trigger as it was in BDFD (e.g. "!ping", "/ping", "$onJoined[123]"). */
  trigger: string;
  /** The slash command it became; null for callbacks that were not converted. */
  slashName: string | null;
  status: "converted" | "stub" | "skipped";
  notes: string[];
};

export type ConvertedCommand = { report: CommandReport; file: { path: string; content: string } | null };

/** A valid, lower-case slash command name from a trigger like "!Ping me", "$getServerVar[prefix]ping" or "/ping". */
export function slashNameFrom(trigger: string, fallback: string): string {
  const withoutFunctions = trigger.replace(/\$[A-Za-z]+(\[[^\]]*\])?/g, " ");
  const word =
    withoutFunctions
      .trim()
      .replace(/^[^\p{L}\p{N}]+/u, "")
      .split(/\s+/)[0] ?? "";
  const clean = (value: string) =>
    value
      .toLowerCase()
      .replace(/[^\p{Ll}\p{Lo}\p{N}_-]+/gu, "")
      .slice(0, 32);
  return clean(word) || clean(fallback) || "command";
}

/** Own keys only: "$constructor" must not find Object.prototype.constructor. */
function lookup<T>(table: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function createConverter(context: ConvertContext) {
  const unsupported = (node: { name: string }) => {
    context.unsupported.add(`$${node.name}`);
    return `""`;
  };

  /** An expression that evaluates to the string the nodes would print. */
  const valueOf = (nodes: BdNode[]): string => {
    if (nodes.length === 0) return `""`;
    if (nodes.every((node) => node.type === "text")) return codeString(nodes.map((node) => node.value).join(""));
    let template = "";
    const expressions: string[] = [];
    for (const node of nodes) {
      if (node.type === "text") {
        template += templateText(node.value);
        continue;
      }
      const name = node.name.toLowerCase();
      const convert = lookup(valueFunctions, name);
      const expression = convert ? convert(node.args ?? [], valueOf, context) : null;
      if (expression === null) {
        if (lookup(ignoredFunctions, name) !== undefined) continue;
        unsupported(node);
        continue;
      }
      template += `\${${expression}}`;
      expressions.push(expression);
    }
    // One value and nothing around it: no template literal needed. (Decided from the nodes, not
    // by pattern-matching the template: text such as "}" after the value must stay text.)
    if (expressions.length === 1 && template === `\${${expressions[0]}}`) return `String(${expressions[0]})`;
    return `\`${template}\``;
  };

  /** Statements for a whole command body; text and values between actions are added to the reply. */
  const statements = (nodes: BdNode[]): string[] => {
    const lines: string[] = [];
    let depth = 0;
    let run: BdNode[] = [];
    const indent = () => "  ".repeat(depth + 2);
    const flush = () => {
      const hasContent = run.some((node) => node.type === "call" || node.value.trim() !== "");
      if (hasContent) lines.push(`${indent()}r.text(${valueOf(run)});`);
      run = [];
    };
    for (const node of nodes) {
      if (node.type === "text") {
        run.push(node);
        continue;
      }
      const name = node.name.toLowerCase();
      const args = node.args ?? [];
      if (name === "var" && args.length === 1) {
        run.push(node);
        continue;
      }
      if (lookup(valueFunctions, name) && !lookup(actionFunctions, name)) {
        run.push(node);
        continue;
      }
      flush();
      if (name === "if" || name === "elseif") {
        if (!args[0]) {
          unsupported(node);
          continue;
        }
        if (name === "elseif" && depth === 0) {
          noteOnce(context, "An $elseif without $if was dropped.");
          continue;
        }
        if (name === "elseif") depth -= 1;
        lines.push(`${indent()}${name === "if" ? "" : "} else "}if (h.check(${valueOf(args[0])})) {`);
        depth += 1;
      } else if (name === "else" || name === "endif") {
        if (depth === 0) {
          noteOnce(context, `An $${name} without $if was dropped.`);
          continue;
        }
        depth -= 1;
        lines.push(`${indent()}}${name === "else" ? " else {" : ""}`);
        if (name === "else") depth += 1;
      } else if (lookup(ignoredFunctions, name) !== undefined) {
        const note = lookup(ignoredFunctions, name);
        if (note) noteOnce(context, note);
      } else {
        const statement = lookup(actionFunctions, name)?.(args, valueOf, context) ?? null;
        if (statement === null) unsupported(node);
        else lines.push(`${indent()}${statement}`);
      }
    }
    flush();
    if (depth > 0) noteOnce(context, "An $if without $endif was closed at the end of the command.");
    while (depth > 0) {
      depth -= 1;
      lines.push(`${indent()}}`);
    }
    return lines;
  };

  return { statements };
}

function builder(slashName: string, description: string, options: ConvertContext["options"]): string {
  const lines = [`new SlashCommandBuilder()`, `.setName(${codeString(slashName)})`];
  lines.push(`.setDescription(${codeString(description)})`);
  if (options.message) {
    lines.push(`.addStringOption((option) => option.setName("message").setDescription("The text after the command"))`);
  }
  for (let index = 1; index <= options.users; index += 1) {
    const name = index === 1 ? "user" : `user${index}`;
    lines.push(`.addUserOption((option) => option.setName("${name}").setDescription("User ${index}"))`);
  }
  if (options.channel) {
    lines.push(`.addChannelOption((option) => option.setName("channel").setDescription("A channel"))`);
  }
  return lines.join("\n    ");
}

function describe(command: BdfdCommand, slashName: string): string {
  const text =
    command.description?.trim() || `Migrated from Bot Designer for Discord (${command.trigger || slashName})`;
  return text.length > 100 ? `${text.slice(0, 99)}…` : text;
}

function stubFile(slashName: string, description: string, reasons: string, original: string): string {
  const message = `This command was imported from Bot Designer for Discord but could not be converted automatically (${reasons}). The bot owner can finish it in commands/${slashName}.js; see MIGRATION.md.`;
  return `// Imported from Bot Designer for Discord. Not converted automatically: ${commentText(reasons)}.
// The original BDScript:
${jsCommentLines(original)}
const { MessageFlags, SlashCommandBuilder } = require("discord.js");

module.exports = {
  data: ${builder(slashName, description, { message: false, users: 0, channel: false })},
  async execute(interaction) {
    await interaction.reply({
      content: ${codeString(message.slice(0, 2000))},
      flags: MessageFlags.Ephemeral,
    });
  },
};
`;
}

/** Converts one command; `slashName` is already unique among the export's commands. */
export function convertBdfdCommand(command: BdfdCommand, slashName: string): ConvertedCommand {
  const context: ConvertContext = {
    slashName,
    notes: [],
    unsupported: new Set(),
    options: { message: false, users: 0, channel: false },
  };
  const description = describe(command, slashName);
  const path = `commands/${slashName}.js`;
  const report = (status: CommandReport["status"], notes: string[]): CommandReport => ({
    trigger: command.trigger || command.name || slashName,
    slashName: status === "skipped" ? null : slashName,
    status,
    notes,
  });

  if (command.language === "javascript") {
    const reason = "written in BDFD's JavaScript (BD.js), which has no discord.js equivalent";
    return {
      report: report("stub", [`Not converted: ${reason}. The code is kept as a comment in ${path}.`]),
      file: { path, content: stubFile(slashName, description, reason, command.code) },
    };
  }

  const nodes = parseBdScript(command.code);
  const { statements } = createConverter(context);
  const body = statements(nodes);
  const trigger = command.trigger.trim();
  if (trigger && !trigger.startsWith("/") && command.kind !== "slash") {
    context.notes.unshift(`Was the message command "${trigger}"; it is now the slash command /${slashName}.`);
  }
  if (context.unsupported.size > 0) {
    const names = [...context.unsupported].sort();
    const reason = `uses ${names.join(", ")}`;
    return {
      report: report("stub", [
        `Not converted: ${names.join(", ")} ${names.length === 1 ? "has" : "have"} no automatic equivalent yet. The command answers that it still needs to be finished.`,
        ...context.notes,
      ]),
      file: { path, content: stubFile(slashName, description, reason, command.code) },
    };
  }
  const usesVars = calledFunctions(nodes).has("var");
  const content = `// Imported from Bot Designer for Discord (trigger: ${codeString(command.trigger || slashName)}).
// The original BDScript:
${jsCommentLines(command.code)}
const { SlashCommandBuilder } = require("discord.js");

const h = require("../lib/bdfd");

module.exports = {
  data: ${builder(slashName, description, context.options)},
  async execute(interaction) {
    const r = h.reply(interaction);
${usesVars ? "    const vars = {};\n" : ""}${body.join("\n")}${body.length > 0 ? "\n" : ""}    await r.finish();
  },
};
`;
  return { report: report("converted", context.notes), file: { path, content } };
}
