import {
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  REST,
  Routes,
  SlashCommandBuilder,
  type Message,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let botId: string;
let client: Client;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("djs");
  botId = await createBotRow(owner, "Helper");
});

afterAll(async () => {
  await client?.destroy();
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

describe("a discord.js bot on the simulator", () => {
  it("logs in, answers !ping and a slash command registered with a bulk overwrite", async () => {
    const api = control(sim.url);
    const creds = await api.credentials(botId);
    expect(creds).toMatchObject({ apiBase: `${sim.url}/api`, gatewayUrl: sim.url.replace("http", "ws") + "/gateway" });
    const events = await openEvents(sim.url, owner);

    const rest = new REST({ api: creds.apiBase }).setToken(creds.token);
    const ping = new SlashCommandBuilder().setName("ping").setDescription("Replies with Pong");
    const mod = new SlashCommandBuilder()
      .setName("mod")
      .setDescription("Moderation")
      .addSubcommand((sub) =>
        sub
          .setName("warn")
          .setDescription("Warn a member")
          .addUserOption((option) => option.setName("user").setDescription("who").setRequired(true))
          .addStringOption((option) => option.setName("reason").setDescription("why")),
      );
    const registered = (await rest.put(Routes.applicationCommands(creds.applicationId), {
      body: [ping.toJSON(), mod.toJSON()],
    })) as { name: string }[];
    expect(registered.map((command) => command.name)).toEqual(["ping", "mod"]);

    client = new Client({
      intents: [
        GatewayIntentBits.Guilds,
        GatewayIntentBits.GuildMessages,
        GatewayIntentBits.MessageContent,
        GatewayIntentBits.GuildMembers,
      ],
      rest: { api: creds.apiBase },
    });
    client.on(Events.MessageCreate, async (message: Message) => {
      if (message.content === "!ping") await message.reply("Pong!");
    });
    client.on(Events.InteractionCreate, async (interaction) => {
      if (!interaction.isChatInputCommand()) return;
      if (interaction.commandName === "ping") await interaction.reply({ content: "Pong!" });
      if (interaction.commandName === "mod") {
        await interaction.deferReply({ flags: MessageFlags.Ephemeral });
        const user = interaction.options.getUser("user", true);
        await interaction.editReply(
          `${interaction.options.getSubcommand()} ${user.username}: ${interaction.options.getString("reason") ?? "none"}`,
        );
        await interaction.followUp({ content: "logged" });
      }
    });
    await client.login(creds.token);
    await waitFor(() => client.isReady() || undefined);
    expect(client.guilds.cache.get(creds.guildId)?.channels.cache.size).toBe(4); // general, bot-commands, mod-log and the Lounge voice channel

    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const sam = guild.members.find((member) => member.user.username === "Sam")!;
    const you = guild.members.find((member) => member.user.id === guild.ownerId)!;
    expect(world.bots).toMatchObject([{ botId, connected: true, commands: [{ name: "ping" }, { name: "mod" }] }]);
    expect((await api.call<{ sessions: number }>("GET", `/bots/${botId}/sessions`)).body).toEqual({ sessions: 1 });

    const said = await api.say(owner, general.id, sam.user.id, "!ping");
    const reply = await events.next(
      (event) => event.type === "message_create" && (event.data as { content: string }).content === "Pong!",
    );
    expect(reply.data).toMatchObject({ message_reference: { message_id: said.id }, author: { id: creds.botUserId } });

    const slash = await api.call<{ interactionId: string }>("POST", `/worlds/${owner}/interactions`, {
      botId,
      channelId: general.id,
      authorId: you.user.id,
      name: "ping",
    });
    expect(slash.status).toBe(200);
    const answered = await events.next(
      (event) =>
        event.type === "interaction_response" &&
        (event.data as { interactionId: string }).interactionId === slash.body.interactionId,
    );
    expect(answered.data).toMatchObject({
      type: 4,
      message: { content: "Pong!", interaction_metadata: { id: slash.body.interactionId } },
    });

    const warn = await api.call<{ interactionId: string }>("POST", `/worlds/${owner}/interactions`, {
      botId,
      channelId: general.id,
      authorId: you.user.id,
      name: "mod",
      options: [
        {
          name: "warn",
          type: 1,
          options: [
            { name: "user", type: 6, value: sam.user.id },
            { name: "reason", type: 3, value: "spam" },
          ],
        },
      ],
    });
    expect(warn.status).toBe(200);
    const edited = await events.next(
      (event) => event.type === "message_update" && (event.data as { content: string }).content === "warn Sam: spam",
    );
    expect((edited.data as { flags: number }).flags & 64).toBe(64);
    await events.next(
      (event) => event.type === "message_create" && (event.data as { content: string }).content === "logged",
    );

    const missing = await api.call<{ error: string }>("POST", `/worlds/${owner}/interactions`, {
      botId,
      channelId: general.id,
      authorId: you.user.id,
      name: "mod",
      options: [{ name: "warn", type: 1, options: [] }],
    });
    expect(missing).toMatchObject({ status: 400, body: { error: 'Option "warn user" is required.' } });
    events.close();
  });
});
