/** The files of a blank bot: a minimal, runnable discord.js (or discord.py) bot that logs in. */
import type { BotFileInput, BotLanguage } from "./schemas";

const javascript = `// A blank Cipher bot: logs in with the token from the environment and answers /ping.
const { Client, Events, GatewayIntentBits } = require("discord.js");

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

client.once(Events.ClientReady, (ready) => {
  console.log(\`Logged in as \${ready.user.tag}\`);
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "ping") {
    await interaction.reply(\`Pong! \${client.ws.ping} ms\`);
  }
});

client.login(process.env.DISCORD_TOKEN);
`;

const typescript = `// A blank Cipher bot: logs in with the token from the environment and answers /ping.
import { Client, Events, GatewayIntentBits } from "discord.js";

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

client.once(Events.ClientReady, (ready) => {
  console.log(\`Logged in as \${ready.user.tag}\`);
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "ping") {
    await interaction.reply(\`Pong! \${client.ws.ping} ms\`);
  }
});

void client.login(process.env.DISCORD_TOKEN);
`;

const python = `# A blank Cipher bot: logs in with the token from the environment and answers /ping.
import os

import discord
from discord import app_commands

intents = discord.Intents.default()
client = discord.Client(intents=intents)
tree = app_commands.CommandTree(client)


@tree.command(name="ping", description="Check that the bot answers")
async def ping(interaction: discord.Interaction):
    await interaction.response.send_message(f"Pong! {round(client.latency * 1000)} ms")


@client.event
async def on_ready():
    await tree.sync()
    print(f"Logged in as {client.user}")


client.run(os.environ["DISCORD_TOKEN"])
`;

export function blankBotFiles(language: BotLanguage): BotFileInput[] {
  if (language === "python") return [{ path: "main.py", content: python }];
  if (language === "typescript") return [{ path: "index.ts", content: typescript }];
  return [{ path: "index.js", content: javascript }];
}
