const { InteractionContextType, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } = require("discord.js");

const { logAction } = require("../lib/mod-log");
const { deny, requirePermission } = require("../lib/permissions");
const { actionForStrikes } = require("../lib/strike-ladder");
const { addStrike } = require("../lib/strikes");
const { cancelUnban, rememberUnban } = require("../lib/unban");

module.exports = {
  data: new SlashCommandBuilder()
    .setName("warn")
    .setDescription("Give a member a strike; the strike ladder decides what happens")
    .addUserOption((option) => option.setName("user").setDescription("Who to warn").setRequired(true))
    .addStringOption((option) =>
      option.setName("reason").setDescription("Which rule was broken").setRequired(true).setMaxLength(400),
    )
    .setDefaultMemberPermissions(PermissionFlagsBits.ModerateMembers)
    .setContexts(InteractionContextType.Guild),

  async execute(interaction, { db }) {
    if (!interaction.inCachedGuild()) return deny(interaction, "Use this command in a server.");
    if (!(await requirePermission(interaction, PermissionFlagsBits.ModerateMembers, "Moderate Members"))) return;

    const { guild } = interaction;
    const target = interaction.options.getMember("user");
    const reason = interaction.options.getString("reason", true);
    const moderator = interaction.member;

    if (!target) return deny(interaction, "That user is not in this server.");
    if (target.user.bot) return deny(interaction, "Bots cannot be warned.");
    if (target.id === moderator.id) return deny(interaction, "You cannot warn yourself.");
    if (target.id === guild.ownerId) return deny(interaction, "The server owner cannot be warned.");
    if (guild.ownerId !== moderator.id && moderator.roles.highest.comparePositionTo(target.roles.highest) <= 0) {
      return deny(interaction, "You can only warn members whose highest role is below yours.");
    }

    await interaction.deferReply({ flags: MessageFlags.Ephemeral });

    const count = await addStrike(db, guild.id, target.id, { reason, moderatorId: moderator.id, at: Date.now() });
    const action = actionForStrikes(count);
    const auditReason = `Strike ${count} by ${interaction.user.tag}: ${reason}`;
    const needsBan = action.type === "tempban" || action.type === "ban";

    // A moderator without Ban Members can record a strike but cannot trigger a ban.
    if (needsBan && !interaction.memberPermissions.has(PermissionFlagsBits.BanMembers)) {
      await logAction(guild, {
        target,
        count,
        label: `${action.label} (not applied)`,
        reason,
        moderator: interaction.user,
      });
      return interaction.editReply(
        `Strike ${count} recorded for ${target}. This strike calls for ${action.label}, which needs the **Ban Members** permission: ask a moderator who has it to apply the ban.`,
      );
    }

    // Check the bot's own permissions and role position before telling the member anything.
    if (action.type === "timeout" && !target.moderatable) {
      return interaction.editReply(
        `Strike ${count} recorded for ${target}, but I cannot time them out: I need the **Moderate Members** permission and a role above theirs.`,
      );
    }
    if (needsBan && !target.bannable) {
      return interaction.editReply(
        `Strike ${count} recorded for ${target}, but I cannot ban them: I need the **Ban Members** permission and a role above theirs.`,
      );
    }

    // DM first: once banned, the member no longer shares a server with the bot and cannot be messaged.
    const dmSent = await target
      .send(`You received strike ${count} in **${guild.name}** for: ${reason}\nConsequence: ${action.label}.`)
      .then(() => true)
      .catch(() => false);

    try {
      if (action.type === "timeout") {
        await target.timeout(action.durationMs, auditReason);
      } else if (action.type === "tempban") {
        await guild.members.ban(target.id, { reason: auditReason, deleteMessageSeconds: 60 * 60 });
        await rememberUnban(db, guild, target.id, Date.now() + action.durationMs);
      } else if (action.type === "ban") {
        await cancelUnban(db, guild.id, target.id);
        await guild.members.ban(target.id, { reason: auditReason, deleteMessageSeconds: 60 * 60 });
      }
    } catch (error) {
      console.error("Moderation action failed:", error);
      return interaction.editReply(
        `Strike ${count} recorded for ${target}, but ${action.label} failed: ${error.message}`,
      );
    }

    await logAction(guild, { target, count, label: action.label, reason, moderator: interaction.user });
    const dmNote = dmSent ? "" : " I could not DM them (their DMs are closed).";
    return interaction.editReply(`Strike ${count} for ${target}: ${action.label}.${dmNote}`);
  },
};
