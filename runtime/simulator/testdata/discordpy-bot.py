# A small discord.py bot for the simulator's integration test: answers !ping and /hello.
import logging
import os
import sys

import discord
from discord import app_commands

import yarl

# What a sitecustomize shim does for discord.py bots: REST base and gateway URL (2.2 ignores /gateway/bot).
discord.http.Route.BASE = os.environ["SIM_API"] + "/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["SIM_GATEWAY"])

intents = discord.Intents.default()
intents.message_content = True
client = discord.Client(intents=intents)
tree = app_commands.CommandTree(client)


@tree.command(name="hello", description="Says hello")
@app_commands.describe(name="Who to greet")
async def hello(interaction: discord.Interaction, name: str):
    await interaction.response.send_message(f"Hello {name} from Python!")


@client.event
async def setup_hook():
    synced = await tree.sync()
    print("SYNCED", len(synced), flush=True)


@client.event
async def on_ready():
    print("READY", client.user.id, len(client.guilds), flush=True)


@client.event
async def on_message(message: discord.Message):
    if message.author.bot:
        return
    if message.content == "!ping":
        await message.reply("Pong from Python!")


client.run(os.environ["TOKEN"], log_level=logging.DEBUG if os.environ.get("DEBUG") else logging.WARNING)
sys.exit(0)
