const { Events } = require("discord.js");

const { MAX_TRIGGER_LENGTH, normalizeTrigger, triggerKey } = require("../lib/triggers");

// Reading message text needs the privileged Message Content intent (see README.md).
module.exports = {
  name: Events.MessageCreate,
  async execute(message, { db }) {
    // Never answer bots, including itself: two bots with matching triggers would loop forever.
    if (message.author.bot || !message.inGuild()) return;
    const trigger = normalizeTrigger(message.content);
    if (trigger.length === 0 || trigger.length > MAX_TRIGGER_LENGTH) return;

    const entry = await db.get(triggerKey(message.guildId, trigger));
    if (!entry) return;
    // Responses are written by moderators, but still must not ping @everyone or roles.
    await message.channel.send({ content: entry.response, allowedMentions: { parse: [] } });
  },
};
