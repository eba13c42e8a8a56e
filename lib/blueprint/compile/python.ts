/**
 * The Python compiler: a checked blueprint as a discord.py 2 project that does what
 * lib/blueprint/README.md says. main.py wires Discord's events to bot/commands.py and
 * bot/events.py (generated from the blueprint), which call the shared helpers of bot/runtime.py;
 * bot/db.py keeps the data. Same blueprint, same bytes: nothing here depends on time or order.
 */
import type { Blueprint } from "../schema";
import { generatedHeader, pyString, type CompiledFile } from "./literals";
import { commandsModule } from "./python-commands";
import { databaseModule } from "./python-db";
import { eventsModule, type EventNeeds } from "./python-events";
import { readme } from "./python-readme";
import { runtimeModule } from "./python-runtime";

export function compilePython(blueprint: Blueprint): CompiledFile[] {
  const commands = commandsModule(blueprint);
  const events = eventsModule(blueprint);
  const files: CompiledFile[] = [
    { path: "main.py", content: mainModule(blueprint, commands.prefixCommands, events.needs) },
    {
      path: "bot/__init__.py",
      content: `${generatedHeader("#")}"""The bot's code: commands, events, shared helpers and its data."""\n`,
    },
    { path: "bot/commands.py", content: commands.content },
    { path: "bot/events.py", content: events.content },
    { path: "bot/runtime.py", content: runtimeModule() },
    { path: "bot/db.py", content: `${generatedHeader("#")}${databaseModule}` },
    { path: "requirements.txt", content: `${generatedHeader("#")}discord.py>=2.2,<3\n` },
    { path: "README.md", content: readme(blueprint) },
    { path: "cipher.blueprint.json", content: `${JSON.stringify(blueprint, null, 2)}\n` },
  ];
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function dataTable(blueprint: Blueprint): string[] {
  if (!blueprint.data.length) return ["DATA = {}"];
  const rows = blueprint.data.map((entry) => {
    const fields = [
      `"kind": ${pyString(entry.kind)}`,
      `"scope": ${pyString(entry.scope)}`,
      `"keyed": ${entry.keyed ? "True" : "False"}`,
      `"initial": ${entry.initial === undefined ? "None" : pyString(entry.initial)}`,
    ];
    return `    ${pyString(entry.name)}: {${fields.join(", ")}},`;
  });
  return ["DATA = {", ...rows, "}"];
}

function tablesTable(blueprint: Blueprint): string[] {
  if (!blueprint.tables.length) return ["TABLES = {}"];
  const lines = ["TABLES = {"];
  for (const table of blueprint.tables) {
    lines.push(`    ${pyString(table.name)}: {`);
    // Rows in the blueprint's order: the first of two keys that differ only in case wins.
    for (const [key, value] of Object.entries(table.rows)) lines.push(`        ${pyString(key)}: ${pyString(value)},`);
    lines.push("    },");
  }
  return [...lines, "}"];
}

function mainModule(blueprint: Blueprint, prefixCommands: boolean, needs: EventNeeds): string {
  const messages = prefixCommands || needs.messages;
  const intents = [
    "intents = discord.Intents.none()",
    "intents.guilds = True",
    ...(needs.members ? ["intents.members = True  # member join and leave events"] : []),
    ...(messages
      ? ["intents.guild_messages = True", "intents.message_content = True  # prefix commands, message events"]
      : []),
    ...(needs.reactions ? ["intents.guild_reactions = True"] : []),
  ];
  const handlers: string[][] = [];
  if (messages) {
    handlers.push([
      "@client.event",
      "async def on_message(message: discord.Message) -> None:",
      "    # Bots (this one included) and direct messages are ignored.",
      "    if message.author.bot or message.guild is None:",
      "        return",
      ...(prefixCommands ? ["    await commands.run_prefix_command(message)"] : []),
      ...(needs.messages ? ["    await events.message_sent(message)"] : []),
    ]);
  }
  const forward = (event: string, parameter: string, type: string, target: string) => [
    "@client.event",
    `async def ${event}(${parameter}: ${type}) -> None:`,
    `    await events.${target}(${parameter})`,
  ];
  if (needs.members) {
    if (blueprint.events.some((event) => event.on === "memberJoin"))
      handlers.push(forward("on_member_join", "member", "discord.Member", "member_joined"));
    if (blueprint.events.some((event) => event.on === "memberLeave"))
      handlers.push(forward("on_member_remove", "member", "discord.Member", "member_left"));
  }
  if (blueprint.events.some((event) => event.on === "reactionAdd"))
    handlers.push(forward("on_raw_reaction_add", "payload", "discord.RawReactionActionEvent", "reaction_added"));
  if (blueprint.events.some((event) => event.on === "reactionRemove"))
    handlers.push(forward("on_raw_reaction_remove", "payload", "discord.RawReactionActionEvent", "reaction_removed"));
  if (needs.interactions)
    handlers.push(forward("on_interaction", "interaction", "discord.Interaction", "interaction_received"));
  return [
    generatedHeader("#").trimEnd(),
    '"""A Discord bot made with Cipher\'s builder (discord.py 2). Run it with `python main.py`, the',
    'token in the DISCORD_TOKEN environment variable; bot/ holds its commands, events and helpers."""',
    "import os",
    "",
    "import discord",
    "from discord import app_commands",
    "",
    "from bot import commands, events, runtime",
    "",
    `BOT_NAME = ${pyString(blueprint.name)}`,
    "",
    "# What the bot remembers (the Store actions): a number, text or list per member, user, server",
    "# or for the whole bot, under keys if keyed; `initial` is what an absent value reads as.",
    ...dataTable(blueprint),
    "",
    "# The tables of the Lookup actions: key -> value.",
    ...tablesTable(blueprint),
    "",
    ...intents,
    "",
    "# Messages may ping members and roles the text names, never @everyone or @here.",
    "client = discord.Client(intents=intents, allowed_mentions=discord.AllowedMentions(everyone=False))",
    "tree = app_commands.CommandTree(client)",
    "runtime.setup(client, data=DATA, tables=TABLES, later={**commands.LATER, **events.LATER})",
    "commands.register(tree)",
    "",
    "",
    "@client.event",
    "async def on_ready() -> None:",
    "    # Stored timers are resumed and slash commands synced once, not on every reconnect.",
    `    await runtime.ready(tree${needs.schedules ? ", then=events.start_schedules" : ""})`,
    '    print(f"{BOT_NAME} is logged in as {client.user}", flush=True)',
    ...handlers.flatMap((lines) => ["", "", ...lines]),
    "",
    "",
    'if __name__ == "__main__":',
    '    client.run(os.environ["DISCORD_TOKEN"])',
    "",
  ].join("\n");
}
