const { EmbedBuilder } = require("discord.js");

/** Posts a record of a moderation action in the server's #mod-log channel, if there is one. */
async function logAction(guild, { target, count, label, reason, moderator }) {
  const channel = guild.channels.cache.find((c) => c.name === "mod-log" && c.isTextBased());
  if (!channel) return;
  const embed = new EmbedBuilder()
    .setTitle(`Strike ${count}: ${label}`)
    .setColor(count >= 3 ? 0xe74c3c : 0xf1c40f)
    .addFields(
      { name: "Member", value: `${target.user.tag} (${target.id})` },
      { name: "Moderator", value: moderator.tag, inline: true },
      { name: "Reason", value: reason },
    )
    .setTimestamp();
  await channel.send({ embeds: [embed] }).catch((error) => console.error("Could not post to #mod-log:", error.message));
}

module.exports = { logAction };
