// Run by the runner (runtime-bundle.ts), never by a bot: loads the runtime bundle the way a bot's
// preload does, uses discord.js as a bot's start does (so those functions are compiled too), then
// writes V8's code cache for it. Usage: node --max-old-space-size=<MB> runtime-bundle-cache.cjs <dir> <out>
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS script run by node. */
"use strict";

const fs = require("node:fs");
const Module = require("node:module");
const path = require("node:path");
const vm = require("node:vm");

const [dir, out] = process.argv.slice(2);
const file = path.join(dir, "bundle.cjs");
const script = new vm.Script(Module.wrap(fs.readFileSync(file, "utf8")), { filename: file });
const bundle = new Module(file, module);
bundle.filename = file;
bundle.paths = Module._nodeModulePaths(dir);
script.runInThisContext()(bundle.exports, (id) => bundle.require(id), bundle, file, dir);

const { Client, GatewayIntentBits, Partials, EmbedBuilder, SlashCommandBuilder, REST, Routes, Events } =
  bundle.exports["discord.js"];
const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
  partials: [Partials.Message, Partials.Channel],
});
client.on(Events.MessageCreate, () => undefined);
new EmbedBuilder().setTitle("t").setDescription("d").addFields({ name: "n", value: "v" }).toJSON();
new SlashCommandBuilder()
  .setName("ping")
  .setDescription("Replies")
  .addStringOption((option) => option.setName("text").setDescription("Text"))
  .toJSON();
new REST({ version: "10" }).setToken("x");
Routes.applicationCommands("1");
client.destroy();

fs.writeFileSync(out, script.createCachedData());
process.exit(0);
