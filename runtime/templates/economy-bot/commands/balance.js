const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { CURRENCY, balanceKey } = require("../lib/economy");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("balance")
    .setDescription("Show your balance, or another member's")
    .addUserOption((option) => option.setName("user").setDescription("Whose balance to show (you if empty)"))
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const user = interaction.options.getUser("user") ?? interaction.user;
    if (user.bot) {
      return interaction.reply({ content: "Bots do not have balances.", flags: MessageFlags.Ephemeral });
    }
    const balance = (await db.get(balanceKey(interaction.guildId, user.id))) ?? 0;
    const whose = user.id === interaction.user.id ? "You have" : `${user} has`;
    return interaction.reply({ content: `${whose} **${balance}** ${CURRENCY}.`, allowedMentions: { parse: [] } });
  },
};
