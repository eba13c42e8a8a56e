/**
 * Messages and forms as discord.js builders: text, an embed, a row of buttons, a menu, a modal.
 * Text that may hold placeholders is a template (javascript-templates.ts); labels, ids, URLs and
 * other fixed text are string literals.
 */
import type { z } from "zod";

import type { Action, messageSchema } from "../schema";
import { indentExpression, type FileScope } from "./javascript-code";
import { numberLiteral, templateCode } from "./javascript-templates";
import { jsString } from "./literals";

type Message = z.infer<typeof messageSchema>;
type Modal = Extract<Action, { do: "showModal" }>["modal"];

/** `{ a: x, b: y }` on one line when short, else one property a line. */
export function objectCode(entries: [string, string][]): string {
  const inline = `{ ${entries.map(([key, value]) => `${key}: ${value}`).join(", ")} }`;
  if (inline.length <= 100 && !inline.includes("\n")) return inline;
  const lines = entries.map(([key, value]) => `  ${key}: ${indentExpression(value)},`);
  return ["{", ...lines, "}"].join("\n");
}

/** `[a, b]` on one line when short, else one item a line. */
function listCode(items: string[]): string {
  const inline = `[${items.join(", ")}]`;
  if (inline.length <= 90 && !inline.includes("\n")) return inline;
  return ["[", ...items.map((item) => `  ${indentExpression(item)},`), "]"].join("\n");
}

/** A chain of builder calls, one call a line when there are several. */
function chainCode(start: string, calls: string[]): string {
  const inline = [start, ...calls].join("");
  if (inline.length <= 100 && !inline.includes("\n")) return inline;
  return [start, ...calls.map((call) => `  ${indentExpression(call)}`)].join("\n");
}

/** The message payload of reply/send/dm: `{ content, embeds, components }`. */
export function messageCode(message: Message, scope: FileScope): string {
  const entries: [string, string][] = [];
  if (message.text !== undefined) entries.push(["content", templateCode(message.text, scope)]);
  if (message.embed) entries.push(["embeds", listCode([embedCode(message.embed, scope)])]);
  const rows: string[] = [];
  if (message.buttons.length) rows.push(buttonRowCode(message.buttons, scope));
  if (message.select) rows.push(selectRowCode(message.select, scope));
  if (rows.length) entries.push(["components", listCode(rows)]);
  return objectCode(entries);
}

function embedCode(embed: NonNullable<Message["embed"]>, scope: FileScope): string {
  scope.discord.add("EmbedBuilder");
  const calls: string[] = [];
  if (embed.title !== undefined) calls.push(`.setTitle(${templateCode(embed.title, scope)})`);
  if (embed.description !== undefined) calls.push(`.setDescription(${templateCode(embed.description, scope)})`);
  if (embed.color) calls.push(`.setColor(0x${parseInt(embed.color.slice(1), 16).toString(16).padStart(6, "0")})`);
  if (embed.fields.length) {
    const fields = embed.fields.map((field) => {
      const entries: [string, string][] = [
        ["name", templateCode(field.name, scope)],
        ["value", templateCode(field.value, scope)],
      ];
      if (field.inline) entries.push(["inline", "true"]);
      return objectCode(entries);
    });
    calls.push(
      fields.length === 1 && !fields[0]!.includes("\n")
        ? `.addFields(${fields[0]})`
        : `.addFields(\n${fields.map((field) => `  ${indentExpression(field)},`).join("\n")}\n)`,
    );
  }
  if (embed.footer !== undefined) calls.push(`.setFooter({ text: ${templateCode(embed.footer, scope)} })`);
  if (embed.image) calls.push(`.setImage(${jsString(embed.image)})`);
  return chainCode("new EmbedBuilder()", calls);
}

const buttonStyles = { primary: "Primary", secondary: "Secondary", success: "Success", danger: "Danger" } as const;

function buttonRowCode(buttons: Message["buttons"], scope: FileScope): string {
  scope.discord.add("ActionRowBuilder");
  scope.discord.add("ButtonBuilder");
  scope.discord.add("ButtonStyle");
  const items = buttons.map((button) => {
    const calls =
      "id" in button
        ? [`.setCustomId(${jsString(button.id)})`, `.setStyle(ButtonStyle.${buttonStyles[button.style]})`]
        : [`.setURL(${jsString(button.url)})`, ".setStyle(ButtonStyle.Link)"];
    calls.splice(1, 0, `.setLabel(${jsString(button.label)})`);
    if (button.emoji) calls.push(`.setEmoji(${jsString(button.emoji)})`);
    return chainCode("new ButtonBuilder()", calls);
  });
  return `new ActionRowBuilder().addComponents(\n${items.map((item) => `  ${indentExpression(item)},`).join("\n")}\n)`;
}

function selectRowCode(select: NonNullable<Message["select"]>, scope: FileScope): string {
  scope.discord.add("ActionRowBuilder");
  scope.discord.add("StringSelectMenuBuilder");
  // Discord refuses a maximum above the number of choices.
  const max = Math.min(select.max, select.options.length);
  const min = Math.min(select.min, max);
  const calls = [`.setCustomId(${jsString(select.id)})`];
  if (select.placeholder) calls.push(`.setPlaceholder(${jsString(select.placeholder)})`);
  calls.push(`.setMinValues(${numberLiteral(min)})`, `.setMaxValues(${numberLiteral(max)})`);
  const options = select.options.map((option) => {
    const entries: [string, string][] = [
      ["label", jsString(option.label)],
      ["value", jsString(option.value)],
    ];
    if (option.description) entries.push(["description", jsString(option.description)]);
    if (option.emoji) entries.push(["emoji", jsString(option.emoji)]);
    return objectCode(entries);
  });
  calls.push(`.addOptions(\n${options.map((option) => `  ${indentExpression(option)},`).join("\n")}\n)`);
  const menu = chainCode("new StringSelectMenuBuilder()", calls);
  return `new ActionRowBuilder().addComponents(\n  ${indentExpression(menu)},\n)`;
}

/** A form: one text input a row. */
export function modalCode(modal: Modal, scope: FileScope): string {
  for (const name of ["ActionRowBuilder", "ModalBuilder", "TextInputBuilder", "TextInputStyle"])
    scope.discord.add(name);
  const rows = modal.fields.map((field) => {
    const calls = [
      `.setCustomId(${jsString(field.id)})`,
      `.setLabel(${jsString(field.label)})`,
      `.setStyle(TextInputStyle.${field.style === "paragraph" ? "Paragraph" : "Short"})`,
      `.setRequired(${field.required})`,
    ];
    if (field.placeholder) calls.push(`.setPlaceholder(${jsString(field.placeholder)})`);
    if (field.maxLength) calls.push(`.setMaxLength(${numberLiteral(field.maxLength)})`);
    const input = chainCode("new TextInputBuilder()", calls);
    return `new ActionRowBuilder().addComponents(\n  ${indentExpression(input)},\n)`;
  });
  return chainCode("new ModalBuilder()", [
    `.setCustomId(${jsString(modal.id)})`,
    `.setTitle(${jsString(modal.title)})`,
    `.addComponents(\n${rows.map((row) => `  ${indentExpression(row)},`).join("\n")}\n)`,
  ]);
}
