const { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } = require("discord.js");

const { deny, requirePermission } = require("../lib/permissions");
const { actionForStrikes } = require("../lib/strike-ladder");
const { getStrikes } = require("../lib/strikes");

// Keeps the reply under Discord's 2000-character limit (reasons are at most 400 characters).
const SHOWN = 3;

module.exports = {
  data: new SlashCommandBuilder()
    .setName("strikes")
    .setDescription("Show a member's strikes")
    .addUserOption((option) => option.setName("user").setDescription("Who to look up").setRequired(true))
    .setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inCachedGuild()) return deny(interaction, "Use this command in a server.");
    if (!(await requirePermission(interaction, PermissionFlagsBits.ModerateMembers, "Moderate Members"))) return;

    const user = interaction.options.getUser("user", true);
    const list = await getStrikes(db, interaction.guildId, user.id);
    if (list.length === 0) {
      return interaction.reply({ content: `${user.tag} has no strikes.`, flags: MessageFlags.Ephemeral });
    }

    const recent = list.slice(-SHOWN);
    const first = list.length - recent.length;
    const lines = recent.map(
      (strike, i) =>
        `${first + i + 1}. ${strike.reason} (by <@${strike.moderatorId}>, <t:${Math.floor(strike.at / 1000)}:R>)`,
    );
    const older = first > 0 ? `\n…and ${first} older strike(s).` : "";
    const next = actionForStrikes(list.length + 1).label;
    return interaction.reply({
      content: `**${user.tag}** has ${list.length} strike(s):\n${lines.join("\n")}${older}\nThe next strike means ${next}.`,
      flags: MessageFlags.Ephemeral,
      allowedMentions: { parse: [] },
    });
  },
};
