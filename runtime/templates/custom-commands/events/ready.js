const { Events } = require("discord.js");

module.exports = {
  name: Events.ClientReady,
  once: true,
  execute(client) {
    console.log(`Custom commands bot ready as ${client.user.tag}`);
  },
};
