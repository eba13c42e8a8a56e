const { Events } = require("discord.js");

module.exports = {
  name: Events.ClientReady,
  once: true,
  execute(client) {
    console.log(`Economy bot ready as ${client.user.tag}`);
  },
};
