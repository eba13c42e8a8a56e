/**
 * The files around the commands and events: index.js (the client, its intents, loading
 * commands/ and events/), deploy-commands.js (as in the templates), lib/data.js (the blueprint's
 * data entries) and lib/tables.js (its lookup tables), package.json.
 */
import type { Blueprint, BlueprintData } from "../schema";
import { objectCode } from "./javascript-messages";
import { numberLiteral } from "./javascript-templates";
import { generatedHeader, jsString, type CompiledFile } from "./literals";

const numberPattern = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Which gateway intents and partials the bot needs, from what it listens to. */
function intents(blueprint: Blueprint): { intents: string[]; partials: string[]; notes: string[] } {
  const on = new Set(blueprint.events.map((event) => event.on));
  const list = ["Guilds"];
  const notes = ["Guilds for slash commands, buttons, menus and forms"];
  const partials: string[] = [];
  if (on.has("memberJoin") || on.has("memberLeave")) {
    list.push("GuildMembers");
    notes.push("GuildMembers (privileged) for members joining and leaving");
  }
  // Without it discord.js drops the leave of a member it never cached (one who joined before the bot started).
  if (on.has("memberLeave")) partials.push("GuildMember");
  if (
    blueprint.commands.some((command) => command.type === "prefix") ||
    on.has("messageContains") ||
    on.has("messageMatches")
  ) {
    list.push("GuildMessages", "MessageContent");
    notes.push("GuildMessages and MessageContent (privileged) to read messages");
  }
  if (on.has("reactionAdd") || on.has("reactionRemove")) {
    list.push("GuildMessageReactions");
    partials.push("Message", "Channel", "Reaction");
    notes.push("GuildMessageReactions, with partials so reactions on older messages arrive");
  }
  if (partials.includes("GuildMember")) notes.push("the GuildMember partial so every member leaving is seen");
  return { intents: list, partials, notes };
}

export function indexFile(blueprint: Blueprint): CompiledFile {
  const { intents: list, partials, notes } = intents(blueprint);
  const options = [`intents: [${list.map((name) => `GatewayIntentBits.${name}`).join(", ")}]`];
  if (partials.length) options.push(`partials: [${partials.map((name) => `Partials.${name}`).join(", ")}]`);
  const discord = ["Client", "Collection", "GatewayIntentBits", ...(partials.length ? ["Partials"] : [])];
  const lines = [
    "// Starts the bot: loads every command in commands/ and prefix-commands/ and every event in",
    "// events/, then logs in. Run `node deploy-commands.js` once first so Discord knows the slash commands.",
    'const fs = require("node:fs");',
    'const path = require("node:path");',
    "",
    `const { ${discord.join(", ")} } = require("discord.js");`,
    "",
    'const { openDb } = require("./lib/db");',
    "",
    ...notes.map((note, index) => `// ${index ? "" : "Intents: "}${note}${index === notes.length - 1 ? "." : ";"}`),
    "const client = new Client({",
    ...options.map((option) => `  ${option},`),
    "});",
    "",
    "// What every command and event receives as its last argument.",
    "const context = { db: openDb() };",
    "",
    "/** The .js files of a folder next to this one (none when the folder does not exist). */",
    "function scripts(folder) {",
    "  const directory = path.join(__dirname, folder);",
    "  if (!fs.existsSync(directory)) return [];",
    '  return fs.readdirSync(directory).filter((name) => name.endsWith(".js")).sort().map((name) => path.join(directory, name));',
    "}",
    "",
    "client.commands = new Collection();",
    'for (const file of scripts("commands")) {',
    "  const command = require(file);",
    '  if ("data" in command && "execute" in command) client.commands.set(command.data.name, command);',
    '  else console.warn("[warning] " + file + " is missing \\"data\\" or \\"execute\\" and was skipped.");',
    "}",
    "",
    "client.prefixCommands = new Collection();",
    'for (const file of scripts("prefix-commands")) {',
    "  const command = require(file);",
    "  client.prefixCommands.set(command.name, command);",
    "}",
    "",
    'for (const file of scripts("events")) {',
    "  const event = require(file);",
    "  // A failing handler is logged instead of crashing the bot with an unhandled rejection.",
    "  const listener = (...args) =>",
    '    Promise.resolve(event.execute(...args, context)).catch((error) => console.error(event.name + " failed:", error));',
    "  if (event.once) client.once(event.name, listener);",
    "  else client.on(event.name, listener);",
    "}",
    "",
    "if (!process.env.DISCORD_TOKEN) {",
    '  console.error("DISCORD_TOKEN is not set. Put your bot token in the environment and start again.");',
    "  process.exit(1);",
    "}",
    "",
    "client.login(process.env.DISCORD_TOKEN);",
  ];
  return { path: "index.js", content: `${generatedHeader("//")}${lines.join("\n")}\n` };
}

export function deployFile(): CompiledFile {
  const lines = [
    "// Registers (or updates) the bot's slash commands with Discord. Run it once, and again after",
    "// changing a command's name, description or options: `node deploy-commands.js`. Commands",
    "// registered already as they are here are left alone.",
    'const fs = require("node:fs");',
    'const path = require("node:path");',
    "",
    'const { REST, Routes } = require("discord.js");',
    "",
    "const token = process.env.DISCORD_TOKEN;",
    "const clientId = process.env.DISCORD_CLIENT_ID;",
    "if (!token || !clientId) {",
    '  console.error("Set DISCORD_TOKEN and DISCORD_CLIENT_ID (the application ID) before deploying commands.");',
    "  process.exit(1);",
    "}",
    "",
    "const commands = [];",
    'const commandsPath = path.join(__dirname, "commands");',
    "const files = fs.existsSync(commandsPath) ? fs.readdirSync(commandsPath).sort() : [];",
    'for (const file of files.filter((name) => name.endsWith(".js"))) {',
    "  const command = require(path.join(commandsPath, file));",
    '  if ("data" in command && "execute" in command) commands.push(command.data.toJSON());',
    '  else console.warn("[warning] commands/" + file + " is missing \\"data\\" or \\"execute\\" and was skipped.");',
    "}",
    "",
    "// What Discord compares of a command, without the ids and defaults it adds, so that commands",
    "// already registered as they are here are not overwritten again (bulk overwrites are rate-limited).",
    "function comparable(list) {",
    "  const option = (item) => ({",
    "    name: item.name,",
    "    description: item.description,",
    "    type: item.type,",
    "    required: item.required === true,",
    "    autocomplete: item.autocomplete === true,",
    "    choices: (item.choices ?? []).map((choice) => ({ name: choice.name, value: choice.value })),",
    "    min_value: item.min_value ?? null,",
    "    max_value: item.max_value ?? null,",
    "    min_length: item.min_length ?? null,",
    "    max_length: item.max_length ?? null,",
    "    channel_types: item.channel_types ?? [],",
    "    options: (item.options ?? []).map(option),",
    "  });",
    "  return JSON.stringify(",
    "    list",
    "      .map((item) => ({",
    "        ...option(item),",
    "        type: item.type ?? 1,",
    "        default_member_permissions: item.default_member_permissions == null ? null : String(item.default_member_permissions),",
    "        dm_permission: item.dm_permission !== false,",
    "        nsfw: item.nsfw === true,",
    "        contexts: item.contexts ?? null,",
    "      }))",
    "      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.type - b.type)),",
    "  );",
    "}",
    "",
    "const rest = new REST().setToken(token);",
    "",
    "(async () => {",
    "  try {",
    "    const registered = await rest.get(Routes.applicationCommands(clientId));",
    "    if (comparable(registered) === comparable(commands)) {",
    '      console.log("The " + commands.length + " slash commands are registered already.");',
    "      return;",
    "    }",
    '    console.log("Registering " + commands.length + " slash commands...");',
    "    // Global commands: available in every server the bot is in. An empty list removes old ones.",
    "    const data = await rest.put(Routes.applicationCommands(clientId), { body: commands });",
    '    console.log("Registered " + data.length + " slash commands.");',
    "  } catch (error) {",
    '    console.error("Could not register the slash commands:", error);',
    "    process.exitCode = 1;",
    "  }",
    "})();",
  ];
  return { path: "deploy-commands.js", content: `${generatedHeader("//")}${lines.join("\n")}\n` };
}

/** An entry's initial value as its kind: a number (0 unless given), text, or a list. */
function initialCode(entry: BlueprintData): string {
  const initial = entry.initial ?? "";
  if (entry.kind === "number") {
    const trimmed = initial.trim();
    return numberLiteral(numberPattern.test(trimmed) && Number.isFinite(Number(trimmed)) ? Number(trimmed) : 0);
  }
  // A list starts empty (an initial value is for numbers and text).
  if (entry.kind === "list") return "[]";
  return jsString(initial);
}

export function dataFile(blueprint: Blueprint): CompiledFile | null {
  if (!blueprint.data.length) return null;
  const entries = blueprint.data.map((entry) => {
    const fields: [string, string][] = [
      ["name", jsString(entry.name)],
      ["kind", jsString(entry.kind)],
      ["scope", jsString(entry.scope)],
      ["keyed", String(entry.keyed)],
      ["initial", initialCode(entry)],
    ];
    return `  ${entry.name}: ${objectCode(fields).split("\n").join("\n  ")},`;
  });
  const lines = [
    "// What the bot remembers (the blueprint's data). Each value is stored in the database under",
    "//   data:<name>:<scope>[:<key>]",
    "// where <scope> is g<guildId>:u<userId> (member), u<userId> (user), g<guildId> (server) or global.",
    "// A value nobody stored yet reads as `initial`.",
    "const data = {",
    ...entries,
    "};",
    "",
    "module.exports = { data };",
  ];
  return { path: "lib/data.js", content: `${generatedHeader("//")}${lines.join("\n")}\n` };
}

export function tablesFile(blueprint: Blueprint): CompiledFile | null {
  if (!blueprint.tables.length) return null;
  const tables = blueprint.tables.map((table) => {
    const rows = Object.entries(table.rows).map(([key, value]) => `    [${jsString(key)}, ${jsString(value)}],`);
    return [`  ${table.name}: new Map([`, ...rows, "  ]),"].join("\n");
  });
  const lines = [
    "// The blueprint's lookup tables: the lookup action reads a value by its key (exact first, then any case).",
    "const tables = {",
    ...tables,
    "};",
    "",
    "module.exports = { tables };",
  ];
  return { path: "lib/tables.js", content: `${generatedHeader("//")}${lines.join("\n")}\n` };
}

/** "Moderation with a warn ladder" → "cipher-moderation-with-a-warn-ladder". */
function packageName(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 50)
    .replace(/-+$/, "");
  return `cipher-${slug || "bot"}`;
}

export function packageFile(blueprint: Blueprint): CompiledFile {
  const description = blueprint.description ?? `${blueprint.name}: a Discord bot made with Cipher's builder.`;
  // jsString literals are JSON strings too (ASCII, with \" \\ \n and \uXXXX escapes).
  const lines = [
    "{",
    `  "name": ${jsString(packageName(blueprint.name))},`,
    '  "version": "1.0.0",',
    '  "private": true,',
    `  "description": ${jsString(description)},`,
    '  "type": "commonjs",',
    '  "main": "index.js",',
    '  "scripts": {',
    '    "start": "node index.js",',
    '    "deploy-commands": "node deploy-commands.js"',
    "  },",
    '  "engines": {',
    '    "node": ">=18.17"',
    "  },",
    '  "dependencies": {',
    '    "discord.js": "^14"',
    "  }",
    "}",
  ];
  return { path: "package.json", content: `${lines.join("\n")}\n` };
}

export { intents };
