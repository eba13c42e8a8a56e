/**
 * The files of a blank bot: a minimal, runnable discord.js (or discord.py) bot that logs in,
 * registers /ping and answers it, as its first comment says (runtime/runner/bots.integration.test.ts).
 */
import type { BotFileInput, BotLanguage } from "./schemas";

const javascript = `// A blank Cipher bot: logs in with the token from the environment and answers /ping.
const { Client, Events, GatewayIntentBits } = require("discord.js");

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

// The slash commands this bot answers: registered with Discord (and the simulator) once it is ready.
const commands = [{ name: "ping", description: "Check that the bot answers" }];

client.once(Events.ClientReady, async (ready) => {
  console.log(\`Logged in as \${ready.user.tag}\`);
  await ready.application.commands.set(commands);
  console.log("Registered /ping");
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "ping") {
    // The gateway's round trip, once it has been measured (-1 until the first heartbeat).
    const ping = client.ws.ping;
    await interaction.reply(ping >= 0 ? \`Pong! \${ping} ms\` : "Pong!");
  }
});

client.login(process.env.DISCORD_TOKEN);
`;

const typescript = `// A blank Cipher bot: logs in with the token from the environment and answers /ping.
import { Client, Events, GatewayIntentBits } from "discord.js";

const client = new Client({ intents: [GatewayIntentBits.Guilds] });

// The slash commands this bot answers: registered with Discord (and the simulator) once it is ready.
const commands = [{ name: "ping", description: "Check that the bot answers" }];

client.once(Events.ClientReady, async (ready) => {
  console.log(\`Logged in as \${ready.user.tag}\`);
  await ready.application.commands.set(commands);
  console.log("Registered /ping");
});

client.on(Events.InteractionCreate, async (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "ping") {
    // The gateway's round trip, once it has been measured (-1 until the first heartbeat).
    const ping = client.ws.ping;
    await interaction.reply(ping >= 0 ? \`Pong! \${ping} ms\` : "Pong!");
  }
});

void client.login(process.env.DISCORD_TOKEN);
`;

const python = `# A blank Cipher bot: logs in with the token from the environment and answers /ping.
import math
import os

import discord
from discord import app_commands

intents = discord.Intents.default()
client = discord.Client(intents=intents)
tree = app_commands.CommandTree(client)


@tree.command(name="ping", description="Check that the bot answers")
async def ping(interaction: discord.Interaction):
    # The gateway's round trip, once it has been measured (not a number until the first heartbeat).
    latency = client.latency
    await interaction.response.send_message(f"Pong! {round(latency * 1000)} ms" if math.isfinite(latency) else "Pong!")


@client.event
async def on_ready():
    print(f"Logged in as {client.user}")
    # Registers the slash commands above with Discord (and the simulator).
    await tree.sync()
    print("Registered /ping")


client.run(os.environ["DISCORD_TOKEN"])
`;

export function blankBotFiles(language: BotLanguage): BotFileInput[] {
  if (language === "python") return [{ path: "main.py", content: python }];
  if (language === "typescript") return [{ path: "index.ts", content: typescript }];
  return [{ path: "index.js", content: javascript }];
}
