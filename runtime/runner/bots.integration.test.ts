/**
 * Real bots run by the runner against the real simulator: discord.js and discord.py bots, a
 * discord.js-guide project left unmodified, and the four templates, each answering messages
 * and slash commands driven through the simulator's control API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { blankBotFiles } from "@/lib/bots/starter-files";
import { loadTemplateFiles, type TemplateId } from "@/lib/bots/templates";
import { db } from "@/lib/db";

import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import {
  botRow,
  createBot,
  createUser,
  logText,
  tempDataDir,
  testRunner,
  waitFor,
  waitForStatus,
} from "./test-support";

const discordJsBot = `
const { Client, Events, GatewayIntentBits } = require("discord.js");
const client = new Client({
  intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
});
client.once(Events.ClientReady, async (ready) => {
  await ready.application.commands.set([{ name: "hello", description: "Says hello" }]);
  console.log("commands set");
});
client.on(Events.MessageCreate, (message) => {
  if (!message.author.bot && message.content === "!ping") void message.reply("pong from discord.js");
});
client.on(Events.InteractionCreate, (interaction) => {
  if (interaction.isChatInputCommand() && interaction.commandName === "hello") void interaction.reply("hello from discord.js");
});
client.login(process.env.DISCORD_TOKEN);
`;

const discordPyBot = `
import os

import discord
from discord import app_commands

intents = discord.Intents.default()
intents.message_content = True
client = discord.Client(intents=intents)
tree = app_commands.CommandTree(client)


@tree.command(name="hello", description="Says hello")
async def hello(interaction: discord.Interaction):
    await interaction.response.send_message("hello from discord.py")


@client.event
async def on_ready():
    await tree.sync()
    print("commands set", flush=True)


@client.event
async def on_message(message):
    if not message.author.bot and message.content == "!ping":
        await message.reply("pong from discord.py")


client.run(os.environ["DISCORD_TOKEN"])
`;

// The discord.js guide's project, as a user would paste it (https://discordjs.guide).
const guideProject = [
  {
    path: "config.json",
    content:
      '{\n  "token": "your-token-goes-here",\n  "clientId": "your-application-id",\n  "guildId": "your-server-id"\n}\n',
  },
  {
    path: "deploy-commands.js",
    content: `const { REST, Routes } = require('discord.js');
const { clientId, guildId, token } = require('./config.json');
const fs = require('node:fs');
const path = require('node:path');

const commands = [];
const foldersPath = path.join(__dirname, 'commands');
for (const folder of fs.readdirSync(foldersPath)) {
  const commandsPath = path.join(foldersPath, folder);
  for (const file of fs.readdirSync(commandsPath).filter((f) => f.endsWith('.js'))) {
    const command = require(path.join(commandsPath, file));
    if ('data' in command && 'execute' in command) commands.push(command.data.toJSON());
  }
}
const rest = new REST().setToken(token);
(async () => {
  const data = await rest.put(Routes.applicationGuildCommands(clientId, guildId), { body: commands });
  console.log(\`Successfully reloaded \${data.length} application (/) commands.\`);
})();
`,
  },
  {
    path: "commands/utility/ping.js",
    content: `const { SlashCommandBuilder } = require('discord.js');
module.exports = {
  data: new SlashCommandBuilder().setName('ping').setDescription('Replies with Pong!'),
  async execute(interaction) {
    await interaction.reply('Pong!');
  },
};
`,
  },
  {
    path: "events/ready.js",
    content: `const { Events } = require('discord.js');
module.exports = { name: Events.ClientReady, once: true, execute(client) { console.log(\`Ready! Logged in as \${client.user.tag}\`); } };
`,
  },
  {
    path: "events/interactionCreate.js",
    content: `const { Events, MessageFlags } = require('discord.js');
module.exports = {
  name: Events.InteractionCreate,
  async execute(interaction) {
    if (!interaction.isChatInputCommand()) return;
    const command = interaction.client.commands.get(interaction.commandName);
    if (!command) return console.error(\`No command matching \${interaction.commandName} was found.\`);
    try {
      await command.execute(interaction);
    } catch (error) {
      console.error(error);
      await interaction.reply({ content: 'There was an error while executing this command!', flags: MessageFlags.Ephemeral });
    }
  },
};
`,
  },
  {
    path: "index.js",
    content: `const fs = require('node:fs');
const path = require('node:path');
const { Client, Collection, GatewayIntentBits } = require('discord.js');
const { token } = require('./config.json');

const client = new Client({ intents: [GatewayIntentBits.Guilds] });
client.commands = new Collection();
const foldersPath = path.join(__dirname, 'commands');
for (const folder of fs.readdirSync(foldersPath)) {
  const commandsPath = path.join(foldersPath, folder);
  for (const file of fs.readdirSync(commandsPath).filter((f) => f.endsWith('.js'))) {
    const command = require(path.join(commandsPath, file));
    if ('data' in command && 'execute' in command) client.commands.set(command.data.name, command);
  }
}
const eventsPath = path.join(__dirname, 'events');
for (const file of fs.readdirSync(eventsPath).filter((f) => f.endsWith('.js'))) {
  const event = require(path.join(eventsPath, file));
  if (event.once) client.once(event.name, (...args) => event.execute(...args));
  else client.on(event.name, (...args) => event.execute(...args));
}
client.login(token);
`,
  },
];

let userId: string;
let simulator: TestSimulator;
let events: Awaited<ReturnType<typeof openEventText>>;
let ids: Awaited<ReturnType<typeof worldIds>>;
let runner: Runner;
const data = tempDataDir();
const readyTimes: Record<string, number> = {};

beforeAll(async () => {
  userId = await createUser("runner-bots");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
  runner = await testRunner({
    dataDir: data.dir,
    simulatorUrl: simulator.url,
    controlKey: simulatorKey,
    timing: { readyTimeoutMs: 30_000 },
  });
});

afterAll(async () => {
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
  console.log("spawn → ready (s):", JSON.stringify(readyTimes));
});

async function runBot(label: string, files: { path: string; content: string }[], language = "javascript") {
  const botId = await createBot(userId, files, { name: label, language });
  await runner.reconcile();
  const bot = await waitForStatus(botId, "running", 30_000).catch(async (error: unknown) => {
    throw new Error(`${label} did not run: ${(error as Error).message}\n${await logText(botId)}`);
  });
  const seconds = /in ([\d.]+) s/.exec(bot.statusReason ?? "")?.[1];
  if (seconds) readyTimes[label] = Number(seconds);
  return botId;
}

async function stopBot(botId: string) {
  await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
  await runner.reconcile();
  await waitForStatus(botId, "stopped");
}

async function say(content: string, authorId = ids.owner) {
  const from = events.count;
  await simulator.call("POST", `/worlds/${userId}/messages`, { channelId: ids.general, authorId, content });
  return from;
}

/** Runs a slash command, retrying while the bot has not registered it yet (404). */
async function slash(botId: string, name: string, options?: unknown[], authorId = ids.owner) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const from = events.count;
    try {
      await simulator.call("POST", `/worlds/${userId}/interactions`, {
        botId,
        channelId: ids.general,
        authorId,
        name,
        options,
      });
      return from;
    } catch (error) {
      if (!/: 404 /.test((error as Error).message) || Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/** Waits for a simulator event matching `pattern`; on failure, shows the bot's log and the channel. */
async function expectEvent(botId: string, pattern: RegExp, from: number) {
  try {
    await events.waitFor(pattern, from);
  } catch (error) {
    const world = await simulator.call<{ messages: Record<string, { content: string }[]> }>("GET", `/worlds/${userId}`);
    const channel = (world.messages[ids.general] ?? []).map((message) => message.content).slice(-5);
    throw new Error(
      `${(error as Error).message}\n--- #general ---\n${channel.join("\n")}\n--- bot log ---\n${await logText(botId)}`,
    );
  }
}

describe("bots run by the runner, through the simulator", () => {
  it("a discord.js bot answers a message and a slash command", async () => {
    const botId = await runBot("discord.js", [{ path: "index.js", content: discordJsBot }]);
    await expectEvent(botId, /pong from discord\.js/, await say("!ping"));
    await expectEvent(botId, /hello from discord\.js/, await slash(botId, "hello"));
    await stopBot(botId);
  });

  it("a discord.py bot answers a message and a slash command", async () => {
    const botId = await runBot("discord.py", [{ path: "main.py", content: discordPyBot }], "python");
    await expectEvent(botId, /pong from discord\.py/, await say("!ping"));
    await expectEvent(botId, /hello from discord\.py/, await slash(botId, "hello"));
    await stopBot(botId);
  });

  it("a TypeScript bot and an ES module bot run too (compiled with esbuild; discord.js imported)", async () => {
    const typescript = `import { Client, Events, GatewayIntentBits, type Message } from "discord.js";
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent] });
client.on(Events.MessageCreate, (message: Message) => {
  if (!message.author.bot && message.content === "!ts") void message.reply("pong from TypeScript");
});
void client.login(process.env.DISCORD_TOKEN);
`;
    const tsBot = await runBot("typescript", [{ path: "src/index.ts", content: typescript }], "typescript");
    await expectEvent(tsBot, /pong from TypeScript/, await say("!ts"));
    await stopBot(tsBot);
    const esm = typescript
      .replace(", type Message", "")
      .replace("(message: Message)", "(message)")
      .replaceAll("TypeScript", "an ES module")
      .replace('"!ts"', '"!esm"');
    const esmBot = await runBot("esm", [{ path: "index.js", content: esm }]);
    await expectEvent(esmBot, /pong from an ES module/, await say("!esm"));
    await stopBot(esmBot);
  });

  it("a discord.js-guide project (config.json, deploy-commands.js, commands/utility, events) runs unmodified", async () => {
    const botId = await runBot("guide", guideProject);
    await expectEvent(botId, /Pong!/, await slash(botId, "ping"));
    const logs = await waitFor(
      () => logText(botId),
      (text) => text.includes("Ready! Logged in as"),
    );
    expect(logs).toMatch(/Successfully reloaded 1 application/);

    // Discord allows two bulk overwrites a minute: restarting an unchanged bot three times in a
    // row registers nothing again (before, the third start waited out a 429 while "Starting").
    const reloads = async () => ((await logText(botId)).match(/Successfully reloaded/g) ?? []).length;
    for (let restart = 1; restart <= 3; restart += 1) {
      const since = new Date();
      await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });
      await runner.reconcile();
      await waitFor(
        () => botRow(botId),
        (bot) => bot.status === "running" && bot.statusChangedAt! >= since,
        { timeoutMs: 15_000 },
      );
    }
    expect(await reloads()).toBe(1);
    expect(await logText(botId)).toMatch(/already registered; deploy-commands\.js runs again when the files change/);
    await expectEvent(botId, /Pong!/, await slash(botId, "ping"));

    // A changed file registers them again.
    await db.botFile.updateMany({
      where: { botId, path: "commands/utility/ping.js" },
      data: {
        content: guideProject
          .find((file) => file.path === "commands/utility/ping.js")!
          .content.replaceAll("Pong!", "Pong again!"),
      },
    });
    const changedAt = new Date();
    await db.bot.update({ where: { id: botId }, data: { restartNonce: { increment: 1 } } });
    await runner.reconcile();
    await waitFor(reloads, (count) => count === 2, { timeoutMs: 15_000 });
    await waitFor(
      () => botRow(botId),
      (bot) => bot.status === "running" && bot.statusChangedAt! >= changedAt,
      { timeoutMs: 15_000 },
    );
    await expectEvent(botId, /Pong again!/, await slash(botId, "ping"));
    await stopBot(botId);
  });

  it("each language's blank bot registers /ping and answers it, as its first comment says", async () => {
    for (const language of ["javascript", "typescript", "python"] as const) {
      const files = blankBotFiles(language);
      expect(files[0]!.content).toMatch(/answers \/ping/);
      const botId = await runBot(`blank ${language}`, files, language);
      await expectEvent(botId, /"content":"Pong!( \d+ ms)?"/, await slash(botId, "ping"));
      await stopBot(botId);
    }
  });

  const templates: [TemplateId, (botId: string) => Promise<void>][] = [
    [
      "economy-bot",
      async (botId) => {
        await expectEvent(botId, /No one has any coins yet/, await slash(botId, "leaderboard"));
        await expectEvent(botId, /claimed your daily/, await slash(botId, "daily"));
        await expectEvent(botId, /You have \*\*100\*\* coins/, await slash(botId, "balance"));
        // "/daily reward every 24 hours": not twice in a day.
        await expectEvent(botId, /already claimed your daily reward/, await slash(botId, "daily"));
        // "/pay another member", and the "Server /leaderboard" ranks them.
        const pay = [
          { name: "user", type: 6, value: ids.sam },
          { name: "amount", type: 4, value: 30 },
        ];
        await expectEvent(botId, /paid <@\d+> \*\*30\*\* coins/, await slash(botId, "pay", pay));
        await expectEvent(botId, /Leaderboard[^"]*1\.[^"]*70[^"]*2\.[^"]*30/, await slash(botId, "leaderboard"));
        // "Balances in the built-in database", where the dashboard shows them.
        const balances = await db.botKvEntry.findMany({ where: { botId, key: { contains: ":balance:" } } });
        expect(balances.map((row) => row.value).sort()).toEqual([30, 70]);
      },
    ],
    [
      "moderation-bot",
      async (botId) => {
        // The simulator's default server has a #mod-log, and Riley besides Sam.
        const world = await simulator.call<{
          guilds: { channels: { id: string; name: string }[]; members: { user: { id: string; username: string } }[] }[];
        }>("GET", `/worlds/${userId}`);
        const guild = world.guilds[0]!;
        const modLog = guild.channels.find((channel) => channel.name === "mod-log")!.id;
        const riley = guild.members.find((member) => member.user.username === "Riley")!.user.id;
        const user = (id: string) => [{ name: "user", type: 6, value: id }];
        const warn = (id: string) => slash(botId, "warn", [...user(id), { name: "reason", type: 3, value: "spam" }]);
        // "Automatic strike ladder": a warning, a 1-hour timeout, a 24-hour ban, a permanent ban,
        // each "posted to #mod-log".
        const ladder = ["a warning", "a 1-hour timeout", "a 24-hour ban"];
        for (const [index, label] of ladder.entries()) {
          const from = await warn(riley);
          await expectEvent(botId, new RegExp(`Strike ${index + 1} for <@${riley}>: ${label}\\.`), from);
          await expectEvent(
            botId,
            new RegExp(`"channelId":"${modLog}".*"title":"Strike ${index + 1}: ${label}"`),
            from,
          );
        }
        // "/strikes" names the next step (the permanent ban) and "/clearstrikes" starts the ladder
        // again, for a banned user too (a user option need not be a member).
        await expectEvent(
          botId,
          /has 3 strike\(s\)[^"]*The next strike means a permanent ban/,
          await slash(botId, "strikes", user(riley)),
        );
        await expectEvent(botId, /Cleared 3 strike\(s\)/, await slash(botId, "clearstrikes", user(riley)));
        await expectEvent(botId, /has no strikes\./, await slash(botId, "strikes", user(riley)));
        // "/purge up to 100 messages".
        for (const text of ["one", "two", "three"]) await say(`purge me ${text}`);
        const purge = await slash(botId, "purge", [{ name: "amount", type: 4, value: 2 }]);
        await expectEvent(botId, /Deleted 2 message\(s\)/, purge);
      },
    ],
    [
      "music-bot",
      async (botId) => {
        // The owner sits in the simulated Lounge voice channel: /play queues the song.
        await expectEvent(botId, /The queue is empty/, await slash(botId, "queue"));
        const play = await slash(botId, "play", [{ name: "query", type: 3, value: "Never Gonna Give You Up" }]);
        await expectEvent(botId, /Added \*\*Never Gonna Give You Up\*\* to the queue/, play);
        await expectEvent(botId, /Never Gonna Give You Up/, await slash(botId, "queue"));
        // Sam is in no voice channel.
        const fromSam = await slash(botId, "play", [{ name: "query", type: 3, value: "x" }], ids.sam);
        await expectEvent(botId, /Join a voice channel first/, fromSam);
        // "/skip and /stop".
        await slash(botId, "play", [{ name: "query", type: 3, value: "Take On Me" }]);
        await expectEvent(botId, /Skipped \*\*Never Gonna Give You Up\*\*/, await slash(botId, "skip"));
        await expectEvent(botId, /Stopped and cleared 1 song\(s\)/, await slash(botId, "stop"));
        // What /templates and the bot's page say: it keeps a queue and plays no audio.
        await expectEvent(botId, /The queue is empty/, await slash(botId, "queue"));
      },
    ],
    [
      "custom-commands",
      async (botId) => {
        const add = {
          name: "add",
          type: 1,
          options: [
            { name: "trigger", type: 3, value: "!rules" },
            { name: "response", type: 3, value: "Be kind, no spam." },
          ],
        };
        await expectEvent(botId, /I will answer it/, await slash(botId, "cc", [add]));
        await expectEvent(botId, /Be kind, no spam\./, await say("!rules"));
        await expectEvent(
          botId,
          /Custom commands \(1\)[^"]*!rules/,
          await slash(botId, "cc", [{ name: "list", type: 1 }]),
        );
        // "Editable by Manage Server only".
        await expectEvent(
          botId,
          /You need the \*\*Manage Server\*\* permission/,
          await slash(botId, "cc", [add], ids.sam),
        );
        const remove = { name: "remove", type: 1, options: [{ name: "trigger", type: 3, value: "!rules" }] };
        await expectEvent(botId, /Removed|removed/, await slash(botId, "cc", [remove]));
        await expectEvent(botId, /No custom commands yet/, await slash(botId, "cc", [{ name: "list", type: 1 }]));
      },
    ],
  ];

  for (const [template, exercise] of templates) {
    it(`the ${template} template answers its commands`, async () => {
      const botId = await runBot(template, await loadTemplateFiles(template));
      await exercise(botId);
      expect((await botRow(botId)).status).toBe("running");
      await stopBot(botId);
    });
  }
});
