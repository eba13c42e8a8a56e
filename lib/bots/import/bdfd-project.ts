/**
 * A Bot Designer for Discord export → a runnable discord.js v14 project: one file per command in
 * commands/, the BDScript helpers in lib/bdfd.js, index.js (loads the commands, registers them as
 * slash commands when the bot starts, answers interactions) and MIGRATION.md with the report.
 */
import type { BotFileInput } from "../schemas";
import { convertBdfdCommand, slashNameFrom, type CommandReport } from "./bdfd-convert";
import type { BdfdExport } from "./bdfd-export";
import { bdfdRuntimeSource } from "./bdfd-runtime";

const indexSource = `// Starts the bot: loads every command in commands/, registers them as slash commands with
// Discord when the bot is ready, and runs the matching command for each interaction.
const fs = require("node:fs");
const path = require("node:path");

const { Client, Collection, Events, GatewayIntentBits, MessageFlags } = require("discord.js");

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

client.commands = new Collection();
const commandsPath = path.join(__dirname, "commands");
const commandFiles = fs.existsSync(commandsPath) ? fs.readdirSync(commandsPath).filter((name) => name.endsWith(".js")) : [];
for (const file of commandFiles) {
  const command = require(path.join(commandsPath, file));
  if ("data" in command && "execute" in command) client.commands.set(command.data.name, command);
  else console.warn(\`[warning] commands/\${file} is missing "data" or "execute" and was skipped.\`);
}

client.once(Events.ClientReady, async (ready) => {
  console.log(\`Logged in as \${ready.user.tag}\`);
  try {
    const registered = await ready.application.commands.set(client.commands.map((command) => command.data.toJSON()));
    console.log(\`Registered \${registered.size} slash commands.\`);
  } catch (error) {
    console.error("Could not register the slash commands:", error);
  }
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (!interaction.isChatInputCommand()) return;
  const command = client.commands.get(interaction.commandName);
  if (!command) return;
  try {
    await command.execute(interaction);
  } catch (error) {
    console.error(\`/\${interaction.commandName} failed:\`, error);
    const answer = { content: "There was an error while running this command.", flags: MessageFlags.Ephemeral };
    if (interaction.replied || interaction.deferred) await interaction.followUp(answer).catch(() => {});
    else await interaction.reply(answer).catch(() => {});
  }
});

if (!process.env.DISCORD_TOKEN) {
  console.error("DISCORD_TOKEN is not set. Put your bot token in the environment and start again.");
  process.exit(1);
}

client.login(process.env.DISCORD_TOKEN);
`;

export type BdfdProject = { files: BotFileInput[]; report: CommandReport[] };

function packageName(botName: string): string {
  const slug = botName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60);
  return slug || "migrated-bot";
}

function packageJson(botName: string): string {
  const manifest = {
    name: packageName(botName),
    version: "1.0.0",
    private: true,
    description: "Migrated from Bot Designer for Discord to discord.js v14 by Cipher.",
    type: "commonjs",
    main: "index.js",
    scripts: { start: "node index.js" },
    engines: { node: ">=18.17" },
    dependencies: { "discord.js": "^14" },
  };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

const statusText: Record<CommandReport["status"], string> = {
  converted: "Converted",
  stub: "Needs work (stub)",
  skipped: "Not converted",
};

export function migrationReport(botName: string, report: CommandReport[], variables: string[]): string {
  const count = (status: CommandReport["status"]) => report.filter((line) => line.status === status).length;
  const lines = [
    `# Migration report: ${botName}`,
    "",
    "Imported from a Bot Designer for Discord export and converted to discord.js v14 (CommonJS, slash commands).",
    "",
    `- ${count("converted")} converted, ${count("stub")} stubs that still need work, ${count("skipped")} not converted.`,
    '- Message commands ("!ping") became slash commands (/ping); the text after a command is its `message` option.',
    "- The commands are registered with Discord each time the bot starts (see index.js).",
    "",
    "## Commands",
    "",
  ];
  for (const line of report) {
    const target = line.slashName ? ` → /${line.slashName} (commands/${line.slashName}.js)` : "";
    lines.push(
      `### \`${line.trigger.replace(/`/g, "'").replace(/\s+/g, " ")}\`${target}`,
      "",
      `${statusText[line.status]}.`,
    );
    for (const note of line.notes) lines.push(`- ${note}`);
    lines.push("");
  }
  if (variables.length > 0) {
    lines.push(
      "## Variables",
      "",
      `BDFD variables were not migrated: ${variables.map((name) => `\`${name}\``).join(", ")}. Keep such data in the built-in database.`,
      "",
    );
  }
  lines.push(
    "## Next steps",
    "",
    "1. Paste your bot token on the bot's page (it is stored encrypted).",
    "2. Finish the stubs listed above: each one answers that it still needs work, and keeps the original BDScript as a comment.",
    "3. Start the bot.",
    "",
  );
  return lines.join("\n");
}

/** Unique slash names: the second "ping" becomes "ping-2". */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let index = 2; taken.has(candidate); index += 1) candidate = `${name.slice(0, 28)}-${index}`;
  taken.add(candidate);
  return candidate;
}

export function buildBdfdProject(exported: BdfdExport, botName: string): BdfdProject {
  const taken = new Set<string>();
  const report: CommandReport[] = [];
  const commandFiles: BotFileInput[] = [];
  for (const command of exported.commands) {
    if (command.kind === "callback") {
      report.push({
        trigger: command.trigger || command.name,
        slashName: null,
        status: "skipped",
        notes: [
          "Not converted: callbacks (events such as $onJoined or $alwaysReply) have no automatic equivalent yet. Rebuild it as an event handler.",
        ],
      });
      continue;
    }
    const slashName = uniqueName(
      slashNameFrom(command.kind === "slash" ? command.trigger || command.name : command.trigger, command.name),
      taken,
    );
    const converted = convertBdfdCommand(command, slashName);
    report.push(converted.report);
    if (converted.file) commandFiles.push(converted.file);
  }
  const files: BotFileInput[] = [
    { path: "index.js", content: indexSource },
    { path: "package.json", content: packageJson(botName) },
    { path: "MIGRATION.md", content: migrationReport(botName, report, exported.variables) },
    ...commandFiles,
  ];
  if (commandFiles.some((file) => file.content.includes('require("../lib/bdfd")'))) {
    files.push({ path: "lib/bdfd.js", content: bdfdRuntimeSource });
  }
  return { files, report };
}
