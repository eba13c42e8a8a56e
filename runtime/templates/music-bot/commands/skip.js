const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { queues } = require("../lib/queue");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("skip")
    .setDescription("Skip the first song in the queue")
    .setContexts(InteractionContextType.Guild),

  async execute(interaction) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const { skipped, next } = queues.skip(interaction.guildId);
    if (!skipped) {
      return interaction.reply({ content: "Nothing to skip: the queue is empty.", flags: MessageFlags.Ephemeral });
    }
    const after = next ? `Next up: **${next.query}**.` : "The queue is now empty.";
    return interaction.reply({ content: `Skipped **${skipped.query}**. ${after}`, allowedMentions: { parse: [] } });
  },
};
