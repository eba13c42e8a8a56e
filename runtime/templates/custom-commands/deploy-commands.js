// Registers (or updates) the bot's slash commands with Discord. Run it once, and again after
// changing a command's name, description or options: `node deploy-commands.js`.
const fs = require("node:fs");
const path = require("node:path");

const { REST, Routes } = require("discord.js");

const token = process.env.DISCORD_TOKEN;
const clientId = process.env.DISCORD_CLIENT_ID;
if (!token || !clientId) {
  console.error("Set DISCORD_TOKEN and DISCORD_CLIENT_ID (the application ID) before deploying commands.");
  process.exit(1);
}

const commands = [];
const commandsPath = path.join(__dirname, "commands");
for (const file of fs.readdirSync(commandsPath).filter((name) => name.endsWith(".js"))) {
  const command = require(path.join(commandsPath, file));
  if ("data" in command && "execute" in command) commands.push(command.data.toJSON());
  else console.warn(`[warning] commands/${file} is missing "data" or "execute" and was skipped.`);
}

const rest = new REST().setToken(token);

(async () => {
  try {
    console.log(`Registering ${commands.length} slash commands...`);
    // Global commands: available in every server the bot is in.
    const data = await rest.put(Routes.applicationCommands(clientId), { body: commands });
    console.log(`Registered ${data.length} slash commands.`);
  } catch (error) {
    console.error("Could not register the slash commands:", error);
    process.exitCode = 1;
  }
})();
