# A discord.py bot for the simulator's components test: on !menu it posts a view with a counter,
# a deferred-update button, a form button (a modal) and a flavour menu; it reports reactions.
import logging
import os
import sys

import discord

import yarl

discord.http.Route.BASE = os.environ["SIM_API"] + "/v10"
discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(os.environ["SIM_GATEWAY"])

intents = discord.Intents.default()
intents.message_content = True
client = discord.Client(intents=intents)


class Feedback(discord.ui.Modal, title="Your feedback"):
    comment = discord.ui.TextInput(label="Comment", custom_id="comment", max_length=50)
    details = discord.ui.TextInput(
        label="Details", custom_id="details", style=discord.TextStyle.paragraph, required=False
    )

    def __init__(self):
        super().__init__(custom_id="feedback")

    async def on_submit(self, interaction: discord.Interaction):
        await interaction.response.send_message(f"Thanks: {self.comment.value} / {self.details.value or 'none'}")


class Menu(discord.ui.View):
    def __init__(self):
        super().__init__(timeout=None)
        self.count = 0

    @discord.ui.button(label="Count", custom_id="count", style=discord.ButtonStyle.primary)
    async def count_button(self, interaction: discord.Interaction, button: discord.ui.Button):
        self.count += 1
        button.label = f"Count {self.count}"
        await interaction.response.edit_message(content=f"Clicked {self.count} by {interaction.user.name}", view=self)

    @discord.ui.button(label="Later", custom_id="later")
    async def later_button(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.defer()
        await interaction.edit_original_response(content="Edited after a deferred update")

    @discord.ui.button(label="Feedback", custom_id="form")
    async def form_button(self, interaction: discord.Interaction, button: discord.ui.Button):
        await interaction.response.send_modal(Feedback())

    @discord.ui.select(
        custom_id="flavour",
        min_values=1,
        max_values=2,
        options=[
            discord.SelectOption(label="Vanilla", value="vanilla"),
            discord.SelectOption(label="Chocolate", value="chocolate"),
            discord.SelectOption(label="Mint", value="mint"),
        ],
    )
    async def flavour(self, interaction: discord.Interaction, select: discord.ui.Select):
        await interaction.response.send_message(f"You chose {', '.join(select.values)}", ephemeral=True)
        await interaction.followup.send("noted", ephemeral=True)


@client.event
async def on_ready():
    print("READY", client.user.id, len(client.guilds), flush=True)


@client.event
async def on_message(message: discord.Message):
    if message.author.bot:
        return
    if message.content == "!menu":
        await message.channel.send("Pick", view=Menu())


async def report(payload: discord.RawReactionActionEvent, verb: str):
    channel = client.get_channel(payload.channel_id)
    member = payload.member.name if payload.member else payload.user_id
    await channel.send(f"{member} {verb} {payload.emoji.name}")


@client.event
async def on_raw_reaction_add(payload: discord.RawReactionActionEvent):
    await report(payload, "added")


@client.event
async def on_raw_reaction_remove(payload: discord.RawReactionActionEvent):
    await report(payload, "removed")


client.run(os.environ["TOKEN"], log_level=logging.DEBUG if os.environ.get("DEBUG") else logging.WARNING)
sys.exit(0)
