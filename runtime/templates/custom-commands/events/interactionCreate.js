const { Events, MessageFlags } = require("discord.js");

module.exports = {
  name: Events.InteractionCreate,
  async execute(interaction, context) {
    if (!interaction.isChatInputCommand()) return;

    const command = interaction.client.commands.get(interaction.commandName);
    if (!command) {
      console.error(`No command matching /${interaction.commandName} was found.`);
      return;
    }

    try {
      await command.execute(interaction, context);
    } catch (error) {
      console.error(`/${interaction.commandName} failed:`, error);
      const reply = { content: "Something went wrong while running this command.", flags: MessageFlags.Ephemeral };
      const send = interaction.replied || interaction.deferred ? interaction.followUp(reply) : interaction.reply(reply);
      await send.catch((replyError) => console.error("Could not report the error to the user:", replyError));
    }
  },
};
