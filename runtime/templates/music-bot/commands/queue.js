const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { queues } = require("../lib/queue");

const SHOWN = 15;

module.exports = {
  data: new SlashCommandBuilder()
    .setName("queue")
    .setDescription("Show the songs in the queue")
    .setContexts(InteractionContextType.Guild),

  async execute(interaction) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const tracks = queues.list(interaction.guildId);
    if (tracks.length === 0) return interaction.reply("The queue is empty. Add a song with /play.");

    const lines = tracks
      .slice(0, SHOWN)
      .map(
        (track, i) =>
          `${i === 0 ? "Up first:" : `${i + 1}.`} **${track.query}** (requested by <@${track.requestedBy}>)`,
      );
    const more = tracks.length > SHOWN ? `\n…and ${tracks.length - SHOWN} more.` : "";
    return interaction.reply({
      content: `**Queue (${tracks.length})**\n${lines.join("\n")}${more}`,
      allowedMentions: { parse: [] },
    });
  },
};
