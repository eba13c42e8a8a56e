const { InteractionContextType, MessageFlags, SlashCommandBuilder } = require("discord.js");

const { CURRENCY, DAILY_REWARD, balanceKey, dailyKey, dailyStatus, formatDuration } = require("../lib/economy");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("daily")
    .setDescription(`Claim your daily ${DAILY_REWARD} ${CURRENCY} (once every 24 hours)`)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inGuild()) {
      return interaction.reply({ content: "Use this command in a server.", flags: MessageFlags.Ephemeral });
    }
    const { guildId } = interaction;
    const userId = interaction.user.id;
    const now = Date.now();

    const status = dailyStatus(await db.get(dailyKey(guildId, userId)), now);
    if (!status.ready) {
      return interaction.reply({
        content: `You already claimed your daily reward. Come back in **${formatDuration(status.remainingMs)}** (<t:${Math.ceil(status.nextAt / 1000)}:t>).`,
        flags: MessageFlags.Ephemeral,
      });
    }

    // Record the claim before paying, so a double click cannot claim twice.
    await db.set(dailyKey(guildId, userId), now);
    const balance = await db.increment(balanceKey(guildId, userId), DAILY_REWARD);
    return interaction.reply(
      `You claimed your daily **${DAILY_REWARD}** ${CURRENCY}! Your balance is now **${balance}** ${CURRENCY}.`,
    );
  },
};
