const { Events } = require("discord.js");

const { reschedulePendingUnbans } = require("../lib/unban");

module.exports = {
  name: Events.ClientReady,
  once: true,
  async execute(client, { db }) {
    console.log(`Moderation bot ready as ${client.user.tag}`);
    // 24-hour bans that were running when the bot stopped still need their unban.
    const pending = await reschedulePendingUnbans(client, db);
    if (pending > 0) console.log(`Rescheduled ${pending} pending unban(s).`);
  },
};
