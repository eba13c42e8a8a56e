const { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } = require("discord.js");

const { deny, requirePermission } = require("../lib/permissions");
const { clearStrikes } = require("../lib/strikes");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("clearstrikes")
    .setDescription("Remove all of a member's strikes, so the ladder starts again")
    .addUserOption((option) => option.setName("user").setDescription("Whose strikes to clear").setRequired(true))
    .setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inCachedGuild()) return deny(interaction, "Use this command in a server.");
    if (!(await requirePermission(interaction, PermissionFlagsBits.ModerateMembers, "Moderate Members"))) return;

    const user = interaction.options.getUser("user", true);
    const removed = await clearStrikes(db, interaction.guildId, user.id);
    const content =
      removed === 0
        ? `${user.tag} has no strikes to clear.`
        : `Cleared ${removed} strike(s) for ${user.tag}. Their next strike will be a warning.`;
    return interaction.reply({ content, flags: MessageFlags.Ephemeral });
  },
};
