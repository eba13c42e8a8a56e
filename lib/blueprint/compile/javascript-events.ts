/**
 * events/*.js: one file per Discord event the bot listens to, holding the blueprint's events of
 * that kind as named functions — interactionCreate (slash commands, buttons, menus, forms),
 * messageCreate (prefix commands, messageContains, messageMatches), guildMemberAdd/Remove,
 * messageReactionAdd/Remove, and ready (stored timers and schedules).
 */
import { walkAll } from "../references";
import type { Blueprint, BlueprintEvent } from "../schema";
import { describeSeconds, parseDuration } from "../vocabulary";
import { deferMode, referenceKey } from "./intermediate";
import { FileScope, indent, invocation, pascalCase } from "./javascript-code";
import { objectCode } from "./javascript-messages";
import { numberLiteral } from "./javascript-templates";
import { bodyFunctions, fileText, runtimeExports } from "./javascript-units";
import { jsString, type CompiledFile } from "./literals";

type EventOf<K extends BlueprintEvent["on"]> = Extract<BlueprintEvent, { on: K }>;

/** Each event's function: its name, what log lines call it (where), and its lines. */
function eventFunction(
  file: FileScope,
  event: BlueprintEvent,
  wanted: string,
  where: string,
  index: number,
): { name: string; lines: string[] } {
  const name = file.names.claim(wanted);
  const scope = { file, label: where, baseName: name, path: `events.${index}.actions` };
  return { name, lines: bodyFunctions(file, name, `The actions of ${where}, in order.`, event.actions, scope) };
}

const listening = (file: FileScope, event: string) => {
  file.discord.add("Events");
  return `name: Events.${event},`;
};

function interactionFile(blueprint: Blueprint): CompiledFile {
  const file = new FileScope("events/interactionCreate.js", runtimeExports);
  const functions: string[] = [];
  const routes = { button: [] as string[], select: [] as string[], modal: [] as string[] };
  const modalFields = new Map<string, string[]>();
  walkAll(blueprint, (action) => {
    if (action.do === "showModal")
      modalFields.set(
        action.modal.id,
        action.modal.fields.map((field) => field.id),
      );
  });
  for (const event of blueprint.events) {
    if (event.on !== "button" && event.on !== "select" && event.on !== "modalSubmit") continue;
    const id = event.on === "button" ? event.button : event.on === "select" ? event.menu : event.modal;
    const where = `${event.on} ${id}`;
    const suffix = { button: "Button", select: "Select", modalSubmit: "Submit" }[event.on];
    const made = eventFunction(file, event, `on${pascalCase(id)}${suffix}`, where, blueprint.events.indexOf(event));
    functions.push(...made.lines);
    const route = event.on === "modalSubmit" ? "modal" : event.on;
    const runner = event.on === "modalSubmit" ? "runModal" : event.on === "button" ? "runButton" : "runSelect";
    const settings: [string, string][] = [["where", jsString(where)]];
    if (event.on === "modalSubmit")
      settings.push(["fields", `[${(modalFields.get(id) ?? []).map(jsString).join(", ")}]`]);
    const defer = deferMode(event.actions);
    if (defer) settings.push(["defer", jsString(defer)]);
    const call = invocation(runner, ["interaction", "context", objectCode(settings), made.name]);
    file.runtime.add(runner);
    routes[route].push(`case ${jsString(id)}:`, ...indent(`await ${call};`.split("\n")), "  break;");
  }
  const dispatch: string[] = [
    "if (interaction.isChatInputCommand()) {",
    "  const command = interaction.client.commands.get(interaction.commandName);",
    "  if (command) await command.execute(interaction, context);",
    '  else console.error("No command matching /" + interaction.commandName + " was found.");',
  ];
  const answer: [keyof typeof routes, string, string, string][] = [
    ["button", "isButton", "answerButton", "Buttons on the bot's messages: each id runs its event."],
    ["select", "isStringSelectMenu", "answerSelect", "Menus on the bot's messages: each id runs its event."],
    ["modal", "isModalSubmit", "answerForm", "Submitted forms: each id runs its event."],
  ];
  const answers: string[] = [];
  for (const [route, test, name, comment] of answer) {
    if (!routes[route].length) continue;
    dispatch.push(`} else if (interaction.${test}()) {`, `  await ${name}(interaction, context);`);
    answers.push(
      `// ${comment}`,
      `async function ${name}(interaction, context) {`,
      "  switch (interaction.customId) {",
      ...indent(routes[route], 2),
      "  }",
      "}",
      "",
    );
  }
  dispatch.push("}");
  const body = [
    "module.exports = {",
    `  ${listening(file, "InteractionCreate")}`,
    "  async execute(interaction, context) {",
    ...indent(dispatch, 2),
    "  },",
    "};",
    "",
    ...answers,
    ...functions,
  ];
  return { path: file.path, content: fileText(file, "../", body) };
}

function messageFile(blueprint: Blueprint): CompiledFile | null {
  const hasPrefix = blueprint.commands.some((command) => command.type === "prefix");
  const events = blueprint.events.filter(
    (event): event is EventOf<"messageContains" | "messageMatches"> =>
      event.on === "messageContains" || event.on === "messageMatches",
  );
  if (!hasPrefix && !events.length) return null;
  const file = new FileScope("events/messageCreate.js", runtimeExports);
  const constants: string[] = [];
  const steps: string[] = [];
  const functions: string[] = [];
  if (hasPrefix) {
    file.runtime.add("matchPrefixCommand");
    constants.push("// Prefix commands start with this.", `const prefix = ${jsString(blueprint.prefix)};`);
    steps.push(
      "const called = matchPrefixCommand(message.content, prefix, message.client.prefixCommands);",
      "if (called) await called.command.execute(message, called.text, context);",
    );
  }
  for (const event of events) {
    const made = eventFunction(file, event, `on${pascalCase(event.on)}`, event.on, blueprint.events.indexOf(event));
    functions.push(...made.lines);
    let test: string;
    if (event.on === "messageContains") {
      file.runtime.add("containsWords");
      const words = event.words.map(jsString);
      const list =
        `[${words.join(", ")}]`.length <= 70
          ? `[${words.join(", ")}]`
          : ["[", ...words.map((word) => `  ${word},`), "]"].join("\n");
      test = `containsWords(message.content, ${list}, ${jsString(event.match)})`;
    } else {
      const pattern = file.names.claim("pattern");
      constants.push(
        `const ${pattern} = new RegExp(${jsString(event.pattern)}, ${jsString(event.ignoreCase ? "i" : "")});`,
      );
      test = `${pattern}.test(message.content)`;
    }
    file.runtime.add("runMessageEvent");
    steps.push(
      `if (${test.split("\n").join("\n  ")}) {`,
      `  await runMessageEvent(message, context, ${jsString(event.on)}, ${made.name});`,
      "}",
    );
  }
  const body = [
    ...constants,
    ...(constants.length ? [""] : []),
    "module.exports = {",
    `  ${listening(file, "MessageCreate")}`,
    "  async execute(message, context) {",
    "    // Bots never answer bots (themselves included), and direct messages are not for this bot.",
    "    if (message.author.bot || !message.inGuild()) return;",
    ...indent(steps, 2),
    "  },",
    "};",
    "",
    ...functions,
  ];
  return { path: file.path, content: fileText(file, "../", body) };
}

const memberEvents = { memberJoin: "GuildMemberAdd", memberLeave: "GuildMemberRemove" } as const;
const reactionEvents = { reactionAdd: "MessageReactionAdd", reactionRemove: "MessageReactionRemove" } as const;

function memberFile(blueprint: Blueprint, kind: keyof typeof memberEvents): CompiledFile | null {
  const events = blueprint.events.filter((event) => event.on === kind);
  if (!events.length) return null;
  const discordName = memberEvents[kind];
  const file = new FileScope(`events/${discordName[0]!.toLowerCase()}${discordName.slice(1)}.js`, runtimeExports);
  file.runtime.add("runMemberEvent");
  const steps: string[] = [];
  const functions: string[] = [];
  for (const event of events) {
    const made = eventFunction(file, event, `on${pascalCase(kind)}`, kind, blueprint.events.indexOf(event));
    functions.push(...made.lines);
    steps.push(`await runMemberEvent(member, context, ${jsString(kind)}, ${made.name});`);
  }
  const body = [
    "module.exports = {",
    `  ${listening(file, discordName)}`,
    "  async execute(member, context) {",
    ...indent(steps, 2),
    "  },",
    "};",
    "",
    ...functions,
  ];
  return { path: file.path, content: fileText(file, "../", body) };
}

function reactionFile(blueprint: Blueprint, kind: keyof typeof reactionEvents): CompiledFile | null {
  const events = blueprint.events.filter((event): event is EventOf<typeof kind> => event.on === kind);
  if (!events.length) return null;
  const discordName = reactionEvents[kind];
  const file = new FileScope(`events/${discordName[0]!.toLowerCase()}${discordName.slice(1)}.js`, runtimeExports);
  file.runtime.add("runReactionEvent");
  const steps: string[] = [];
  const functions: string[] = [];
  for (const event of events) {
    const made = eventFunction(file, event, `on${pascalCase(kind)}`, kind, blueprint.events.indexOf(event));
    functions.push(...made.lines);
    const filter: [string, string][] = [["where", jsString(kind)]];
    if (event.emoji) filter.push(["emoji", jsString(event.emoji)]);
    // A channel by name; "here" (or a placeholder) is wherever the reaction is, so no filter.
    const channel = event.channel?.trim();
    if (channel && channel !== "here" && !referenceKey(channel)) filter.push(["channel", jsString(channel)]);
    const call = invocation("runReactionEvent", ["reaction", "user", "context", objectCode(filter), made.name], 90);
    steps.push(...`await ${call};`.split("\n"));
  }
  const body = [
    "module.exports = {",
    `  ${listening(file, discordName)}`,
    "  async execute(reaction, user, context) {",
    ...indent(steps, 2),
    "  },",
    "};",
    "",
    ...functions,
  ];
  return { path: file.path, content: fileText(file, "../", body) };
}

function readyFile(blueprint: Blueprint): CompiledFile {
  const file = new FileScope("events/ready.js", runtimeExports);
  file.runtime.add("startTimers");
  const steps = [
    'console.log("Ready as " + client.user.tag);',
    "// Waits, temporary bans and delayed deletes stored before a restart: due ones run now, the rest when due.",
    "await startTimers(client, context.db);",
  ];
  const functions: string[] = [];
  blueprint.events.forEach((event, index) => {
    if (event.on !== "schedule") return;
    file.runtime.add("startSchedule");
    const seconds = parseDuration(event.every) ?? 86_400;
    const made = eventFunction(file, event, "onSchedule", "schedule", index);
    functions.push(...made.lines);
    const channel = event.channel.trim();
    // The id its next run is stored under (lib/blueprint/README.md), the same in Python.
    const settings: [string, string][] = [
      ["id", jsString(`events.${index}`)],
      ["every", numberLiteral(seconds)],
    ];
    if (channel !== "here" && !referenceKey(channel)) settings.push(["channel", jsString(channel.replace(/^#/, ""))]);
    const call = invocation("startSchedule", ["client", "context", objectCode(settings), made.name], 90);
    steps.push(
      `// Every ${describeSeconds(seconds)}, in each server (a restart does not start the wait over).`,
      ...`await ${call};`.split("\n"),
    );
  });
  const body = [
    "module.exports = {",
    `  ${listening(file, "ClientReady")}`,
    "  once: true,",
    "  async execute(client, context) {",
    ...indent(steps, 2),
    "  },",
    "};",
    "",
    ...functions,
  ];
  return { path: file.path, content: fileText(file, "../", body) };
}

/** Every events/*.js file the blueprint needs. */
export function eventFiles(blueprint: Blueprint): CompiledFile[] {
  const files = [
    interactionFile(blueprint),
    messageFile(blueprint),
    memberFile(blueprint, "memberJoin"),
    memberFile(blueprint, "memberLeave"),
    reactionFile(blueprint, "reactionAdd"),
    reactionFile(blueprint, "reactionRemove"),
    readyFile(blueprint),
  ];
  return files.filter((file): file is CompiledFile => file !== null);
}
