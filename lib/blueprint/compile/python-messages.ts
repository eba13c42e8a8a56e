/**
 * Messages and forms of the blueprint as discord.py objects: an Embed, a View with buttons and a
 * menu, a Modal. Component ids come from `identifier` names; every text is a template or a
 * `pyString` literal.
 */
import type { Action } from "../schema";
import { pyString } from "./literals";
import { template } from "./python-code";

type MessageSpec = Extract<Action, { do: "reply" }>["message"];
type ModalSpec = Extract<Action, { do: "showModal" }>["modal"];

/** A call on one line when it fits in 99 columns, else one argument per line. */
export function call(head: string, args: string[], pad: string): string[] {
  const line = `${pad}${head}(${args.join(", ")})`;
  if (line.length <= 99 || args.length === 0) return [line];
  return [`${pad}${head}(`, ...args.map((arg) => `${pad}    ${arg},`), `${pad})`];
}

function keywordArgs(pairs: [string, string | undefined][]): string[] {
  return pairs
    .filter((pair): pair is [string, string] => pair[1] !== undefined)
    .map(([key, value]) => `${key}=${value}`);
}

/** The statements that build a message's parts, and the keyword arguments that send it. */
export function messageParts(message: MessageSpec, pad: string): { lines: string[]; args: string[] } {
  const lines: string[] = [];
  const args: string[] = [];
  if (message.text !== undefined) args.push(`content=${template(message.text)}`);
  const { embed } = message;
  if (embed) {
    const colour = embed.color ? `0x${embed.color.slice(1).toUpperCase()}` : undefined;
    lines.push(
      ...call(
        "embed = discord.Embed",
        keywordArgs([
          ["title", embed.title === undefined ? undefined : template(embed.title)],
          ["description", embed.description === undefined ? undefined : template(embed.description)],
          ["colour", colour],
        ]),
        pad,
      ),
    );
    for (const field of embed.fields) {
      const inline = field.inline ? "True" : "False";
      lines.push(
        ...call(
          "embed.add_field",
          [`name=${template(field.name)}`, `value=${template(field.value)}`, `inline=${inline}`],
          pad,
        ),
      );
    }
    if (embed.footer !== undefined) lines.push(...call("embed.set_footer", [`text=${template(embed.footer)}`], pad));
    if (embed.image !== undefined) lines.push(...call("embed.set_image", [`url=${pyString(embed.image)}`], pad));
    args.push("embed=embed");
  }
  if (message.buttons.length || message.select) {
    // Clicks arrive as interactions and run the button's / menu's event (bot/events.py), also
    // after a restart, so the view itself needs no callbacks and no timeout.
    lines.push(`${pad}view = discord.ui.View(timeout=None)`);
    for (const button of message.buttons) {
      const emoji = button.emoji === undefined ? undefined : pyString(button.emoji);
      const fields =
        "url" in button
          ? keywordArgs([
              ["label", pyString(button.label)],
              ["url", pyString(button.url)],
              ["emoji", emoji],
            ])
          : keywordArgs([
              ["label", pyString(button.label)],
              ["custom_id", pyString(button.id)],
              ["style", `discord.ButtonStyle.${button.style}`],
              ["emoji", emoji],
            ]);
      lines.push(...call("view.add_item", [`discord.ui.Button(${fields.join(", ")})`], pad));
    }
    if (message.select) lines.push(...menu(message.select, pad));
    args.push("view=view");
  }
  return { lines, args };
}

function menu(select: NonNullable<MessageSpec["select"]>, pad: string): string[] {
  // Discord refuses a menu that asks for more choices than it has.
  const most = Math.min(select.max, select.options.length);
  const least = Math.min(select.min, most);
  const lines = [
    `${pad}menu = discord.ui.Select(custom_id=${pyString(select.id)}, min_values=${least}, max_values=${most})`,
  ];
  if (select.placeholder !== undefined) lines.push(`${pad}menu.placeholder = ${pyString(select.placeholder)}`);
  for (const option of select.options) {
    const args = keywordArgs([
      ["label", pyString(option.label)],
      ["value", pyString(option.value)],
      ["description", option.description === undefined ? undefined : pyString(option.description)],
      ["emoji", option.emoji === undefined ? undefined : pyString(option.emoji)],
    ]);
    lines.push(...call("menu.add_option", args, pad));
  }
  lines.push(`${pad}view.add_item(menu)`);
  return lines;
}

/** The statements that build a form (its submission runs the modalSubmit event of its id). */
export function modalParts(modal: ModalSpec, pad: string): string[] {
  const lines = [`${pad}modal = discord.ui.Modal(title=${pyString(modal.title)}, custom_id=${pyString(modal.id)})`];
  for (const field of modal.fields) {
    const args = keywordArgs([
      ["custom_id", pyString(field.id)],
      ["label", pyString(field.label)],
      ["style", field.style === "paragraph" ? "discord.TextStyle.paragraph" : "discord.TextStyle.short"],
      ["required", field.required ? "True" : "False"],
      ["placeholder", field.placeholder === undefined ? undefined : pyString(field.placeholder)],
      ["max_length", field.maxLength === undefined ? undefined : String(field.maxLength)],
    ]);
    lines.push(...call("modal.add_item", [`discord.ui.TextInput(${args.join(", ")})`], pad));
  }
  return lines;
}
