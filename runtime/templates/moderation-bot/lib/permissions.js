const { MessageFlags } = require("discord.js");

/**
 * Checks that the moderator running a command has a permission, and tells them clearly if not.
 * Commands also set default member permissions, but server admins can change who sees a
 * command, so the check here is the one that counts.
 * @returns {Promise<boolean>} true when the command may go on
 */
async function requirePermission(interaction, permission, permissionName) {
  if (interaction.memberPermissions?.has(permission)) return true;
  await interaction.reply({
    content: `You need the **${permissionName}** permission to use this command.`,
    flags: MessageFlags.Ephemeral,
  });
  return false;
}

/** Replies privately with a short refusal. */
function deny(interaction, message) {
  return interaction.reply({ content: message, flags: MessageFlags.Ephemeral });
}

module.exports = { deny, requirePermission };
