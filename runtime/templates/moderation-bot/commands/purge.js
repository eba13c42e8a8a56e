const { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } = require("discord.js");

const { deny, requirePermission } = require("../lib/permissions");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("purge")
    .setDescription("Delete recent messages in this channel")
    .addIntegerOption((option) =>
      option
        .setName("amount")
        .setDescription("How many messages to delete (1 to 100)")
        .setRequired(true)
        .setMinValue(1)
        .setMaxValue(100),
    )
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageMessages)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction) {
    if (!interaction.inCachedGuild()) return deny(interaction, "Use this command in a server.");
    if (!(await requirePermission(interaction, PermissionFlagsBits.ManageMessages, "Manage Messages"))) return;

    const amount = interaction.options.getInteger("amount", true);
    if (!Number.isInteger(amount) || amount < 1 || amount > 100) {
      return deny(interaction, "Choose a number of messages from 1 to 100.");
    }
    const channel = interaction.channel;
    if (!channel || typeof channel.bulkDelete !== "function") {
      return deny(interaction, "I can only purge messages in a text channel.");
    }
    if (!interaction.appPermissions?.has(PermissionFlagsBits.ManageMessages)) {
      return deny(interaction, "I need the **Manage Messages** permission in this channel to delete messages.");
    }

    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    // `true` skips messages older than 14 days, which Discord does not allow bots to bulk-delete.
    const deleted = await channel.bulkDelete(amount, true);
    const skipped = deleted.size < amount ? " Messages older than 14 days cannot be bulk-deleted and were left." : "";
    return interaction.editReply(`Deleted ${deleted.size} message(s).${skipped}`);
  },
};
