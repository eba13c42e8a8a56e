const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { CURRENCY, LEADERBOARD_SIZE, balancePrefix, rankBalances } = require("../lib/economy");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("leaderboard")
    .setDescription(`The ${LEADERBOARD_SIZE} richest members of this server`)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const prefix = balancePrefix(interaction.guildId);
    const top = rankBalances(await db.list(prefix), prefix);
    if (top.length === 0) {
      return interaction.reply(`No one has any ${CURRENCY} yet. Use /daily to get started!`);
    }
    const lines = top.map((entry, i) => `${i + 1}. <@${entry.userId}>: **${entry.balance}** ${CURRENCY}`);
    // Mentions show names without pinging ten people.
    return interaction.reply({ content: `**Leaderboard**\n${lines.join("\n")}`, allowedMentions: { parse: [] } });
  },
};
