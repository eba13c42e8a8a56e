/**
 * Reads discord.js code (JavaScript or TypeScript, one file or a project) for what the review step
 * shows: slash commands (SlashCommandBuilder().setName, `{ name, description }` command data,
 * `interaction.commandName === "x"`), message-prefix commands (`message.content === "!x"`,
 * `command === "x"`, `${prefix}x`), events (client.on/once, events/ files exporting a name) and
 * intents (GatewayIntentBits.X, Intents.FLAGS.X, IntentsBitField.Flags.X).
 */
import { FindingsBuilder, matches, type CodeFindings } from "./code-findings";

type SourceFile = { path: string; content: string };

const quoted = String.raw`['"\x60]([^'"\x60\s]{1,64})['"\x60]`;

function readFile(file: SourceFile, found: FindingsBuilder) {
  const { content: source, path } = file;

  // Each SlashCommandBuilder's own name is the first .setName after it (later ones name options).
  for (const match of matches(source, /new\s+SlashCommandBuilder\s*\(\s*\)/)) {
    const after = source.slice(match.index + match[0].length, match.index + match[0].length + 400);
    const name = new RegExp(String.raw`^\s*\.setName\s*\(\s*${quoted}`).exec(after);
    if (name) found.command(name[1]!, "slash", path);
  }
  for (const match of matches(source, new RegExp(String.raw`\bname\s*:\s*${quoted}\s*,\s*description\s*:`))) {
    if (!/(^|\/)events\//.test(path)) found.command(match[1]!, "slash", path);
  }
  for (const match of matches(source, new RegExp(String.raw`\bcommandName\s*===?\s*${quoted}`))) {
    found.command(match[1]!, "slash", path);
  }

  // Prefix commands.
  for (const match of matches(
    source,
    new RegExp(String.raw`\.content(?:\.toLowerCase\(\))?(?:\.trim\(\))?\s*===?\s*${quoted}`),
  )) {
    found.command(match[1]!, "prefix", path);
  }
  for (const match of matches(
    source,
    new RegExp(String.raw`\.content(?:\.toLowerCase\(\))?\.startsWith\(\s*${quoted}`),
  )) {
    found.command(match[1]!, "prefix", path);
  }
  for (const match of matches(source, new RegExp(String.raw`(?<![.\w])(?:command|cmd)\s*===?\s*${quoted}`))) {
    found.command(match[1]!, "prefix", path);
  }
  for (const match of matches(source, /\$\{\s*prefix\s*\}([A-Za-z0-9_-]{1,32})/))
    found.command(match[1]!, "prefix", path);
  for (const match of matches(source, /\bprefix\s*\+\s*['"]([A-Za-z0-9_-]{1,32})['"]/))
    found.command(match[1]!, "prefix", path);

  // Events.
  for (const match of matches(
    source,
    /\b(?:client|bot|this\.client)\s*\.\s*(?:on|once)\s*\(\s*(?:Events\.(\w{1,64})|['"`](\w{1,64})['"`])/,
  )) {
    found.event(match[1] ?? match[2]!);
  }
  if (/(^|\/)events\/[^/]+\.[jt]s$/.test(path)) {
    const name = /\bname\s*:\s*(?:Events\.(\w{1,64})|['"`](\w{1,64})['"`])/.exec(source);
    if (name) found.event(name[1] ?? name[2]!);
  }

  // Intents.
  for (const match of matches(
    source,
    /\b(?:GatewayIntentBits|IntentsBitField\.Flags|Intents\.FLAGS)\s*\.\s*(\w{1,64})/,
  )) {
    found.intent(match[1]!);
  }
}

export function analyzeDiscordJs(files: SourceFile[]): CodeFindings {
  const found = new FindingsBuilder();
  for (const file of files) readFile(file, found);
  return found.build();
}
