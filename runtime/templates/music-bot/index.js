// Starts the bot: loads every command in commands/ and every event in events/, then logs in.
// Run `node deploy-commands.js` once first so Discord knows the slash commands.
const fs = require("node:fs");
const path = require("node:path");

const { Client, Collection, GatewayIntentBits } = require("discord.js");

const { openDb } = require("./lib/db");

// Guilds for slash commands; GuildVoiceStates to know which voice channel a member is in, which
// /play checks and a voice connection (@discordjs/voice, not included yet) would join.
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildVoiceStates] });

// What every command and event receives as its last argument. The music queue itself lives in
// memory (lib/queue.js); the database is there for anything you add, such as saved playlists.
const context = { db: openDb() };

client.commands = new Collection();
const commandsPath = path.join(__dirname, "commands");
for (const file of fs.readdirSync(commandsPath).filter((name) => name.endsWith(".js"))) {
  const command = require(path.join(commandsPath, file));
  if ("data" in command && "execute" in command) {
    client.commands.set(command.data.name, command);
  } else {
    console.warn(`[warning] commands/${file} is missing "data" or "execute" and was skipped.`);
  }
}

const eventsPath = path.join(__dirname, "events");
for (const file of fs.readdirSync(eventsPath).filter((name) => name.endsWith(".js"))) {
  const event = require(path.join(eventsPath, file));
  // A failing handler is logged instead of crashing the bot with an unhandled rejection.
  const listener = (...args) =>
    Promise.resolve(event.execute(...args, context)).catch((error) => console.error(`${event.name} failed:`, error));
  if (event.once) client.once(event.name, listener);
  else client.on(event.name, listener);
}

if (!process.env.DISCORD_TOKEN) {
  console.error("DISCORD_TOKEN is not set. Put your bot token in the environment and start again.");
  process.exit(1);
}

client.login(process.env.DISCORD_TOKEN);
