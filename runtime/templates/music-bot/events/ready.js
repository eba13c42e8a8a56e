const { Events } = require("discord.js");

module.exports = {
  name: Events.ClientReady,
  once: true,
  execute(client) {
    console.log(`Music bot ready as ${client.user.tag} (queue only: audio playback is not included yet)`);
  },
};
