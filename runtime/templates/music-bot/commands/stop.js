const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { queues } = require("../lib/queue");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("stop")
    .setDescription("Stop and clear the queue")
    .setContexts(InteractionContextType.Guild),

  async execute(interaction) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const removed = queues.clear(interaction.guildId);
    if (removed === 0) {
      return interaction.reply({ content: "The queue is already empty.", flags: MessageFlags.Ephemeral });
    }
    return interaction.reply(`Stopped and cleared ${removed} song(s) from the queue.`);
  },
};
