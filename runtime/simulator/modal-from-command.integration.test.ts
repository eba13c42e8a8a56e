import {
  ActionRowBuilder,
  Client,
  Events,
  GatewayIntentBits,
  MessageFlags,
  ModalBuilder,
  REST,
  Routes,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { SimulatorEvent, SimulatorModal } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let botId: string;
let client: Client;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("command-modal");
  botId = await createBotRow(owner, "Surveyor");
});

afterAll(async () => {
  await client?.destroy();
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

type Data = { content?: string; id?: string; flags?: number; type?: number };
const data = (event: SimulatorEvent) => event.data as Data;

describe("a slash command's modal, an ephemeral message's button and a user menu (discord.js)", () => {
  it("opens a modal from /survey, answers its submit, updates an ephemeral message, resolves chosen users", async () => {
    const api = control(sim.url);
    const creds = await api.credentials(botId);
    const rest = new REST({ api: creds.apiBase }).setToken(creds.token);
    const survey = new SlashCommandBuilder().setName("survey").setDescription("A short survey");
    await rest.put(Routes.applicationCommands(creds.applicationId), { body: [survey.toJSON()] });
    client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: creds.apiBase } });
    client.on(Events.InteractionCreate, async (interaction) => {
      if (interaction.isChatInputCommand()) {
        // The older form: action rows of text inputs that carry their own label.
        const answer = new TextInputBuilder()
          .setCustomId("answer")
          .setLabel("Your answer")
          .setStyle(TextInputStyle.Short)
          .setMinLength(2);
        await interaction.showModal(
          new ModalBuilder()
            .setCustomId("survey")
            .setTitle("Survey")
            .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(answer)),
        );
      } else if (interaction.isModalSubmit()) {
        await interaction.reply({
          content: `Survey: ${interaction.fields.getTextInputValue("answer")}`,
          flags: MessageFlags.Ephemeral,
          components: [
            { type: 1, components: [{ type: 2, style: 1, custom_id: "again", label: "Again" }] },
            { type: 1, components: [{ type: 5, custom_id: "who", max_values: 2 }] },
          ],
        });
      } else if (interaction.isButton() && interaction.customId === "again") {
        await interaction.update({ content: "Asked again" });
      } else if (interaction.isUserSelectMenu()) {
        const names = interaction.users.map((user) => user.username).join(", ");
        await interaction.reply({ content: `Picked ${names} (${interaction.members.size} members)` });
      }
    });
    await client.login(creds.token);
    await waitFor(() => client.isReady() || undefined);
    const events = await openEvents(sim.url, owner);
    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const member = (name: string) => guild.members.find((item) => item.user.username === name)!.user;
    // Sam asks (a Member: the bot's role outranks Sam's, so it can time Sam out); Riley looks on.
    const [sam, riley] = [member("Sam"), member("Riley")];

    const slash = await api.call<{ interactionId: string }>("POST", `/worlds/${owner}/interactions`, {
      botId,
      channelId: general.id,
      authorId: sam.id,
      name: "survey",
    });
    expect(slash.status).toBe(200);
    const modal = (await events.next((event) => event.type === "modal_open")).data as SimulatorModal;
    expect(modal).toMatchObject({ id: slash.body.interactionId, userId: sam.id, custom_id: "survey" });
    expect(modal).not.toHaveProperty("messageId");
    const submit = (values: unknown) =>
      api.call<{ error: string }>("POST", `/worlds/${owner}/modals/${modal.id}`, { values });
    expect(await submit({ answer: "a" })).toMatchObject({
      status: 400,
      body: { error: '"Your answer" (answer) must be at least 2 characters.' },
    });
    expect((await submit({ answer: "Blue" })).status).toBe(200);
    const submitted = await events.next(
      (event) => event.type === "interaction_create" && (event.data as { type: number }).type === 5,
    );
    expect(submitted.data).not.toHaveProperty("message");
    const reply = data(
      await events.next((event) => event.type === "message_create" && data(event).content === "Survey: Blue"),
    );
    expect(reply).toMatchObject({
      type: 20,
      interaction_metadata: { type: 5, triggering_interaction_metadata: { id: slash.body.interactionId, type: 2 } },
    });
    expect(reply.flags! & 64).toBe(64);

    // The ephemeral reply is Sam's alone: Riley cannot find it, Sam's click updates it in place.
    const ephemeral = `/worlds/${owner}/channels/${general.id}/messages/${reply.id!}`;
    const byRiley = await api.call("POST", `${ephemeral}/click`, { authorId: riley.id, customId: "again" });
    expect(byRiley.status).toBe(404);
    expect((await api.call("POST", `${ephemeral}/click`, { authorId: sam.id, customId: "again" })).status).toBe(200);
    const again = await events.next(
      (event) => event.type === "message_update" && data(event).content === "Asked again",
    );
    expect(data(again)).toMatchObject({ id: reply.id });
    expect(data(again).flags! & 64).toBe(64);

    // A user menu: the chosen members are resolved for the bot; a role id is not a user.
    const pick = (values: string[]) =>
      api.call<{ error: string }>("POST", `${ephemeral}/select`, { authorId: sam.id, customId: "who", values });
    expect((await pick([guild.roles[0]!.id])).status).toBe(400);
    expect((await pick([riley.id, sam.id])).status).toBe(200);
    const picked = await events.next(
      (event) =>
        event.type === "interaction_create" &&
        (event.data as { data: { custom_id?: string } }).data.custom_id === "who",
    );
    expect(picked.data).toMatchObject({
      data: {
        custom_id: "who",
        component_type: 5,
        values: [riley.id, sam.id],
        resolved: { users: { [riley.id]: {} } },
      },
    });
    await events.next(
      (event) => event.type === "message_create" && data(event).content === "Picked Riley, Sam (2 members)",
    );

    // A timed-out member cannot use the button until the world's clock passes the timeout.
    const until = new Date(Date.now() + 60_000).toISOString();
    const timeout = await fetch(`${creds.apiBase}/v10/guilds/${guild.id}/members/${sam.id}`, {
      method: "PATCH",
      headers: { authorization: `Bot ${creds.token}`, "content-type": "application/json" },
      body: JSON.stringify({ communication_disabled_until: until }),
    });
    expect(timeout.status).toBe(200);
    const muted = await api.call<{ code: number }>("POST", `${ephemeral}/click`, {
      authorId: sam.id,
      customId: "again",
    });
    expect(muted).toMatchObject({ status: 403, body: { code: 50013 } });
    expect((await api.call("POST", `/worlds/${owner}/clock`, { advanceMs: 61_000 })).status).toBe(200);
    expect((await api.call("POST", `${ephemeral}/click`, { authorId: sam.id, customId: "again" })).status).toBe(200);
    events.close();
  });
});
