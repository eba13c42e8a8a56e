/**
 * Analytics from the bots' own process: a template bot and a discord.py bot run through the
 * simulator, their slash commands and messages end up in BotAnalyticsEvent / BotAnalyticsHourly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loadTemplateFiles } from "@/lib/bots/templates";
import { db } from "@/lib/db";

import type { Runner } from "./runner";
import { openEventText, simulatorKey, startTestSimulator, worldIds, type TestSimulator } from "./simulator-support";
import { createBot, createUser, logText, tempDataDir, testRunner, waitFor, waitForStatus } from "./test-support";

let userId: string;
let simulator: TestSimulator;
let ids: Awaited<ReturnType<typeof worldIds>>;
let events: Awaited<ReturnType<typeof openEventText>>;
let runner: Runner;
const data = tempDataDir();

beforeAll(async () => {
  userId = await createUser("runner-analytics");
  simulator = await startTestSimulator();
  ids = await worldIds(simulator, userId);
  events = await openEventText(simulator, userId);
  runner = await testRunner({ dataDir: data.dir, simulatorUrl: simulator.url, controlKey: simulatorKey });
});

afterAll(async () => {
  await runner?.stop();
  events?.close();
  await simulator?.close();
  await db.user.deleteMany({ where: { id: userId } });
  data.remove();
});

async function slash(botId: string, name: string, options?: unknown[]) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const from = events.count;
    try {
      await simulator.call("POST", `/worlds/${userId}/interactions`, {
        botId,
        channelId: ids.general,
        authorId: ids.owner,
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

async function running(botId: string) {
  await runner.reconcile();
  await waitForStatus(botId, "running", 30_000).catch(async (error: unknown) => {
    throw new Error(`${(error as Error).message}\n${await logText(botId)}`);
  });
}

describe("bot analytics recorded by the runner", () => {
  it("a template bot's slash commands are counted, with durations", async () => {
    const botId = await createBot(userId, await loadTemplateFiles("economy-bot"), { name: "economy" });
    await running(botId);
    const sentAt = Date.now();
    await events.waitFor(/You have \*\*0\*\* coins|You have/, await slash(botId, "balance"));
    await events.waitFor(/You have/, await slash(botId, "balance"));
    const rows = await waitFor(
      () =>
        db.botAnalyticsEvent.findMany({
          where: { botId },
          orderBy: { at: "asc" },
          select: { kind: true, name: true, ok: true, guildId: true, actorHash: true, durationMs: true },
        }),
      (found) => found.filter((row) => row.kind === "command").length >= 2,
    );
    const sinceSent = Date.now() - sentAt;
    const commands = rows.filter((row) => row.kind === "command");
    expect(commands.map((row) => row.name)).toEqual(["balance", "balance"]);
    for (const row of commands) {
      expect(row.ok).toBe(true);
      expect(row.guildId).toBe(ids.guildId);
      expect(row.actorHash).toBeTruthy();
      expect(row.actorHash).not.toBe(ids.owner);
      // A duration in ms, of something that happened while this test waited for it.
      expect(row.durationMs).not.toBeNull();
      expect(row.durationMs!).toBeGreaterThanOrEqual(0);
      expect(row.durationMs!).toBeLessThanOrEqual(sinceSent);
    }
    const hourly = await db.botAnalyticsHourly.findMany({ where: { botId } });
    expect(hourly.reduce((sum, row) => sum + row.commands, 0)).toBe(2);
    await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
    await runner.reconcile();
    await waitForStatus(botId, "stopped");
  });

  it("a discord.py bot's slash commands (failed ones as errors) and the messages it sees are counted", async () => {
    const code = `
import os
import discord
from discord import app_commands

client = discord.Client(intents=discord.Intents.default())
tree = app_commands.CommandTree(client)
group = app_commands.Group(name="cfg", description="Settings")


@group.command(name="show", description="Shows them")
async def show(interaction: discord.Interaction):
    await interaction.response.send_message("settings shown")


@tree.command(name="boom", description="Fails")
async def boom(interaction: discord.Interaction):
    raise RuntimeError("boom")


tree.add_command(group)


@client.event
async def on_ready():
    await tree.sync()


client.run(os.environ["DISCORD_TOKEN"])
`;
    const botId = await createBot(userId, [{ path: "main.py", content: code }], { name: "py", language: "python" });
    await running(botId);
    await events.waitFor(/settings shown/, await slash(botId, "cfg", [{ name: "show", type: 1, options: [] }]));
    await slash(botId, "boom");
    await simulator.call("POST", `/worlds/${userId}/messages`, {
      channelId: ids.general,
      authorId: ids.sam,
      content: "hi",
    });
    const rows = await waitFor(
      () =>
        db.botAnalyticsEvent.findMany({
          where: { botId, kind: "command" },
          orderBy: { at: "asc" },
          select: { name: true, ok: true, durationMs: true },
        }),
      (found) => found.length >= 2,
    );
    // Messages are counted (hourly roll-up) and their authors kept as unique users, not stored one by one.
    await waitFor(
      () => db.botAnalyticsHourly.aggregate({ where: { botId }, _sum: { messages: true } }),
      (sum) => sum._sum.messages === 1,
    );
    expect(await db.botAnalyticsActor.count({ where: { botId } })).toBeGreaterThanOrEqual(1);
    expect(await db.botAnalyticsEvent.count({ where: { botId, kind: "message" } })).toBe(0);
    expect(rows.map((row) => [row.name, row.ok])).toEqual([
      ["cfg show", true],
      ["boom", false],
    ]);
    expect(rows[0]!.durationMs).not.toBeNull();
    await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
    await runner.reconcile();
    await waitForStatus(botId, "stopped");
  });

  it("prefix commands and replies to messages count as commands, in discord.js and discord.py", async () => {
    const js = `
const { Client, Events, GatewayIntentBits } = require("discord.js");
const client = new Client({ intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent] });
client.on(Events.MessageCreate, async (message) => {
  if (message.author.bot) return;
  if (message.content.startsWith("!rules")) await message.reply("be kind (js)");
  else if (message.content === "hello bot") await message.channel.send("hello to you (js)");
});
client.login(process.env.DISCORD_TOKEN);
`;
    const py = `
import os
import discord

intents = discord.Intents.default()
intents.message_content = True
client = discord.Client(intents=intents)


@client.event
async def on_message(message):
    if message.author.bot:
        return
    if message.content.startswith("!rules"):
        await message.reply("be kind (py)")
    elif message.content == "hello bot":
        await message.channel.send("hello to you (py)")


client.run(os.environ["DISCORD_TOKEN"])
`;
    for (const [language, file, code] of [
      ["javascript", "index.js", js],
      ["python", "main.py", py],
    ] as const) {
      const suffix = language === "python" ? "py" : "js";
      const botId = await createBot(userId, [{ path: file, content: code }], { name: `replies-${suffix}`, language });
      await running(botId);
      const say = async (content: string) => {
        const from = events.count;
        await simulator.call("POST", `/worlds/${userId}/messages`, {
          channelId: ids.general,
          authorId: ids.sam,
          content,
        });
        return from;
      };
      await events.waitFor(new RegExp(`be kind \\(${suffix}\\)`), await say("!rules please"));
      await events.waitFor(new RegExp(`hello to you \\(${suffix}\\)`), await say("hello bot"));
      await say("nothing to answer here");
      const rows = await waitFor(
        () =>
          db.botAnalyticsEvent.findMany({
            where: { botId, kind: "command" },
            orderBy: { at: "asc" },
            select: { name: true, ok: true, durationMs: true },
          }),
        (found) => found.length >= 2,
      );
      // Named by the prefix word only; a message the bot did not answer is not a command.
      expect(
        rows.map((row) => [row.name, row.ok]),
        language,
      ).toEqual([
        ["!rules", true],
        ["(reply to a message)", true],
      ]);
      expect(rows[0]!.durationMs, language).not.toBeNull();
      await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
      await runner.reconcile();
      await waitForStatus(botId, "stopped");
    }
  });
});
