const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { CURRENCY, balanceKey, checkPayment } = require("../lib/economy");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("pay")
    .setDescription(`Give some of your ${CURRENCY} to another member`)
    .addUserOption((option) => option.setName("user").setDescription("Who to pay").setRequired(true))
    .addIntegerOption((option) =>
      option
        .setName("amount")
        .setDescription(`How many ${CURRENCY} to give`)
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(1_000_000_000),
    )
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const { guildId } = interaction;
    const from = interaction.user;
    const to = interaction.options.getUser("user", true);
    const amount = interaction.options.getInteger("amount", true);

    const fromKey = balanceKey(guildId, from.id);
    const balance = (await db.get(fromKey)) ?? 0;
    const check = checkPayment({ fromId: from.id, toId: to.id, toIsBot: to.bot, amount, balance });
    if (!check.ok) return interaction.reply({ content: check.reason, flags: MessageFlags.Ephemeral });

    // Take the money first and give it back if two payments raced past the check above.
    const remaining = await db.increment(fromKey, -amount);
    if (remaining < 0) {
      await db.increment(fromKey, amount);
      return interaction.reply({
        content: `You do not have enough ${CURRENCY} for that.`,
        flags: MessageFlags.Ephemeral,
      });
    }
    await db.increment(balanceKey(guildId, to.id), amount);

    return interaction.reply({
      content: `${from} paid ${to} **${amount}** ${CURRENCY}. Your balance is now **${remaining}** ${CURRENCY}.`,
      allowedMentions: { users: [to.id] },
    });
  },
};
