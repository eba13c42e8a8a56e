const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { PLAYBACK_AVAILABLE, PLAYBACK_NOTE } = require("../lib/player");
const { MAX_QUERY_LENGTH, queues } = require("../lib/queue");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("play")
    .setDescription("Add a song to the queue")
    .addStringOption((option) =>
      option.setName("query").setDescription("A song name or link").setRequired(true).setMaxLength(MAX_QUERY_LENGTH),
    )
    .setContexts(InteractionContextType.Guild),

  async execute(interaction) {
    if (!interaction.inCachedGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    // A real player joins the requester's voice channel, so ask for one now.
    const voiceChannel = interaction.member.voice?.channel;
    if (!voiceChannel) {
      return interaction.reply({
        content: "Join a voice channel first, so I know where the music should go.",
        flags: MessageFlags.Ephemeral,
      });
    }

    const query = interaction.options.getString("query", true);
    const added = queues.enqueue(interaction.guildId, { query, requestedBy: interaction.user.id });
    if (!added.ok) return interaction.reply({ content: added.reason, flags: MessageFlags.Ephemeral });

    const where = added.position === 1 ? "It is first in line." : `It is number ${added.position} in the queue.`;
    const note = PLAYBACK_AVAILABLE ? "" : `\n${PLAYBACK_NOTE}`;
    return interaction.reply({
      content: `Added **${query.trim()}** to the queue. ${where}${note}`,
      allowedMentions: { parse: [] },
    });
  },
};
