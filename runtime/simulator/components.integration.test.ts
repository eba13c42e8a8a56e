import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  Events,
  GatewayIntentBits,
  LabelBuilder,
  MessageFlags,
  ModalBuilder,
  StringSelectMenuBuilder,
  TextInputBuilder,
  TextInputStyle,
  type Message,
} from "discord.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import type { SimulatorEvent, SimulatorModal, WorldSnapshot } from "@/lib/simulator/types";

import { startSimulator, type RunningSimulator } from "./server";
import { control, controlKey, createBotRow, createOwner, openEvents, waitFor } from "./test-support";

let sim: RunningSimulator;
let owner: string;
let botId: string;
let client: Client;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, host: "127.0.0.1", controlKey });
  owner = await createOwner("components");
  botId = await createBotRow(owner, "Buttons");
});

afterAll(async () => {
  await client?.destroy();
  await sim?.close();
  await db.user.deleteMany({ where: { id: owner } });
});

type Data = { content?: string; id?: string; flags?: number; components?: unknown[] };
const data = (event: SimulatorEvent) => event.data as Data;

/** What the bot posts on `!menu`: a counter, a form, a disabled button and a flavour menu. */
function menuRows(count: number) {
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId("count").setLabel(`Count ${count}`).setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId("form").setLabel("Feedback").setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId("off").setLabel("Closed").setStyle(ButtonStyle.Danger).setDisabled(true),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId("flavour")
        .setMinValues(1)
        .setMaxValues(2)
        .addOptions(
          { label: "Vanilla", value: "vanilla" },
          { label: "Chocolate", value: "chocolate" },
          { label: "Mint", value: "mint" },
        ),
    ),
  ];
}

function startBot(token: string, apiBase: string) {
  let count = 0;
  client = new Client({
    intents: [
      GatewayIntentBits.Guilds,
      GatewayIntentBits.GuildMessages,
      GatewayIntentBits.MessageContent,
      GatewayIntentBits.GuildMessageReactions,
    ],
    rest: { api: apiBase },
  });
  client.on(Events.MessageCreate, async (message: Message) => {
    if (message.content === "!menu" && message.channel.isSendable())
      await message.channel.send({ content: "Pick", components: menuRows(count) });
  });
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isButton() && interaction.customId === "count") {
      count += 1;
      await interaction.update({
        content: `Clicked ${count} by ${interaction.user.username}`,
        components: menuRows(count),
      });
    } else if (interaction.isButton() && interaction.customId === "form") {
      const comment = new TextInputBuilder().setCustomId("comment").setStyle(TextInputStyle.Short).setMaxLength(50);
      const details = new TextInputBuilder()
        .setCustomId("details")
        .setStyle(TextInputStyle.Paragraph)
        .setRequired(false)
        .setMinLength(5);
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId("feedback")
          .setTitle("Your feedback")
          .addLabelComponents(
            new LabelBuilder().setLabel("Comment").setTextInputComponent(comment),
            new LabelBuilder().setLabel("Details").setTextInputComponent(details),
          ),
      );
    } else if (interaction.isStringSelectMenu()) {
      await interaction.reply({ content: `You chose ${interaction.values.join(", ")}`, flags: MessageFlags.Ephemeral });
      await interaction.followUp({ content: "noted", flags: MessageFlags.Ephemeral });
    } else if (interaction.isModalSubmit() && interaction.customId === "feedback") {
      const comment = interaction.fields.getTextInputValue("comment");
      if (!interaction.isFromMessage()) throw new Error("the modal should come from the message");
      await interaction.deferUpdate();
      await interaction.editReply({ content: `Thanks: ${comment}`, components: [] });
      await interaction.followUp({ content: `Details: ${interaction.fields.getTextInputValue("details") || "none"}` });
    }
  });
  client.on(Events.MessageReactionAdd, async (reaction, user) => {
    if (reaction.message.channel.isSendable())
      await reaction.message.channel.send(`${user.username} added ${reaction.emoji.name} (${reaction.count})`);
  });
  client.on(Events.MessageReactionRemove, async (reaction, user) => {
    if (reaction.message.channel.isSendable())
      await reaction.message.channel.send(`${user.username} removed ${reaction.emoji.name}`);
  });
  return client.login(token);
}

describe("members using a discord.js bot's buttons, select menus, modals and reactions", () => {
  it("clicks, chooses, submits a modal and reacts through the control API; the bot answers each", async () => {
    const api = control(sim.url);
    const creds = await api.credentials(botId);
    const events = await openEvents(sim.url, owner);
    await startBot(creds.token, creds.apiBase);
    await waitFor(() => client.isReady() || undefined);

    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const sam = guild.members.find((member) => member.user.username === "Sam")!.user;
    const base = `/worlds/${owner}/channels/${general.id}/messages`;
    await api.say(owner, general.id, sam.id, "!menu");
    const menu = data(await events.next((event) => event.type === "message_create" && data(event).content === "Pick"));
    const menuId = menu.id!;

    // A click: the bot updates the message it is on (type 7).
    const click = await api.call<{ interactionId: string }>("POST", `${base}/${menuId}/click`, {
      authorId: sam.id,
      customId: "count",
    });
    expect(click.status).toBe(200);
    const created = await events.next((event) => event.type === "interaction_create");
    expect(created.data).toMatchObject({
      id: click.body.interactionId,
      type: 3,
      data: { custom_id: "count", component_type: 2 },
      message: { id: menuId },
      member: { user: { id: sam.id } },
      channel_id: general.id,
      guild_id: guild.id,
    });
    expect(created.data).not.toHaveProperty("token");
    const updated = await events.next(
      (event) => event.type === "message_update" && data(event).content === "Clicked 1 by Sam",
    );
    expect(data(updated).id).toBe(menuId);
    expect(JSON.stringify(data(updated).components)).toContain("Count 1");
    await events.next(
      (event) =>
        event.type === "interaction_response" &&
        (event.data as { interactionId: string; type: number }).interactionId === click.body.interactionId &&
        (event.data as { type: number }).type === 7,
    );

    // A choice: an ephemeral reply and an ephemeral follow-up, kept out of the channel.
    const choose = await api.call<{ interactionId: string }>("POST", `${base}/${menuId}/select`, {
      authorId: sam.id,
      customId: "flavour",
      values: ["vanilla", "mint"],
    });
    expect(choose.status).toBe(200);
    const chosen = await events.next(
      (event) => event.type === "message_create" && data(event).content === "You chose vanilla, mint",
    );
    expect(data(chosen).flags! & 64).toBe(64);
    expect(chosen.data).toMatchObject({ type: 19, message_reference: { message_id: menuId } });
    const noted = await events.next((event) => event.type === "message_create" && data(event).content === "noted");
    expect(data(noted).flags! & 64).toBe(64);
    const history = (await api.world(owner)).messages[general.id]!.map((message) => message.content);
    expect(history).not.toContain("You chose vanilla, mint");

    // The form: a modal opens for Sam, is refused while incomplete, then submitted.
    const form = await api.call("POST", `${base}/${menuId}/click`, { authorId: sam.id, customId: "form" });
    expect(form.status).toBe(200);
    const opened = (await events.next((event) => event.type === "modal_open")).data as SimulatorModal;
    expect(opened).toMatchObject({
      userId: sam.id,
      botId,
      custom_id: "feedback",
      title: "Your feedback",
      messageId: menuId,
    });
    const snapshot = (await api.world(owner)) as WorldSnapshot;
    expect(snapshot.modals.map((modal) => modal.id)).toEqual([opened.id]);
    const submit = (values: unknown) =>
      api.call<{ error: string }>("POST", `/worlds/${owner}/modals/${opened.id}`, { values });
    expect(await submit({})).toMatchObject({ status: 400, body: { error: '"comment" is required.' } });
    expect(await submit({ comment: "x".repeat(51) })).toMatchObject({
      status: 400,
      body: { error: '"comment" must be at most 50 characters.' },
    });
    expect(await submit({ comment: "ok", details: "shrt" })).toMatchObject({
      status: 400,
      body: { error: '"details" must be at least 5 characters.' },
    });
    expect(await submit({ comment: "ok", other: "?" })).toMatchObject({
      status: 400,
      body: { error: 'This modal has no field with custom_id "other".' },
    });
    expect(await submit({ comment: 5 })).toMatchObject({ status: 400, body: { error: '"comment" must be text.' } });
    const sent = await submit({ comment: "Great bot" });
    expect(sent.status).toBe(200);
    const modalSubmit = await events.next(
      (event) => event.type === "interaction_create" && (event.data as { type: number }).type === 5,
    );
    expect(modalSubmit.data).toMatchObject({
      type: 5,
      data: {
        custom_id: "feedback",
        components: [
          { type: 18, component: { type: 4, custom_id: "comment", value: "Great bot" } },
          { type: 18, component: { type: 4, custom_id: "details", value: "" } },
        ],
      },
      message: { id: menuId },
    });
    const thanked = await events.next(
      (event) => event.type === "message_update" && data(event).content === "Thanks: Great bot",
    );
    expect(data(thanked)).toMatchObject({ id: menuId, components: [] });
    await events.next((event) => event.type === "message_create" && data(event).content === "Details: none");
    await events.next((event) => event.type === "modal_close");
    expect((await api.world(owner)).modals).toEqual([]);
    expect((await submit({ comment: "again" })).status).toBe(404);

    // Reactions: a unicode one and a custom one, added and removed; the bot hears each.
    const thumbs = encodeURIComponent("👍");
    expect((await api.call("PUT", `${base}/${menuId}/reactions/${thumbs}/${sam.id}`)).status).toBe(200);
    await events.next((event) => event.type === "message_create" && data(event).content === "Sam added 👍 (1)");
    const reactionAdd = events.events.find((event) => event.type === "reaction_add")!;
    expect(reactionAdd.data).toMatchObject({
      user_id: sam.id,
      message_id: menuId,
      emoji: { id: null, name: "👍" },
      member: { user: { id: sam.id } },
      message_author_id: creds.botUserId,
      burst: false,
    });
    const party = encodeURIComponent("party:112233445566778899");
    expect((await api.call("PUT", `${base}/${menuId}/reactions/${party}/${sam.id}`)).status).toBe(200);
    await events.next((event) => event.type === "message_create" && data(event).content === "Sam added party (1)");
    const reacted = (await api.world(owner)).messages[general.id]!.find((message) => message.id === menuId)!;
    expect(reacted.reactions?.map((reaction) => [reaction.emoji.name, reaction.count])).toEqual([
      ["👍", 1],
      ["party", 1],
    ]);
    expect((await api.call("DELETE", `${base}/${menuId}/reactions/${thumbs}/${sam.id}`)).status).toBe(200);
    await events.next((event) => event.type === "message_create" && data(event).content === "Sam removed 👍");
    events.close();
  });

  it("refuses unknown messages and ids, disabled buttons, wrong values and bad emoji with 4xx, and keeps working", async () => {
    const api = control(sim.url);
    const world = await api.world(owner);
    const guild = world.guilds[0]!;
    const general = guild.channels.find((channel) => channel.name === "general")!;
    const sam = guild.members.find((member) => member.user.username === "Sam")!.user;
    const events = await openEvents(sim.url, owner);
    await api.say(owner, general.id, sam.id, "!menu");
    const menu = data(await events.next((event) => event.type === "message_create" && data(event).content === "Pick"));
    const base = `/worlds/${owner}/channels/${general.id}/messages`;
    const use = (action: string, body: unknown, messageId = menu.id!) =>
      api.call<{ error: string; code: number }>("POST", `${base}/${messageId}/${action}`, body);
    const said = await api.say(owner, general.id, sam.id, "plain words");

    const cases: [string, unknown, number, string | RegExp, string?][] = [
      ["click", { authorId: sam.id, customId: "count" }, 404, "Unknown message.", "999"],
      ["click", { authorId: sam.id, customId: "count" }, 404, /no button or select menu/, said.id],
      [
        "click",
        { authorId: sam.id, customId: "nope" },
        404,
        'This message has no button or select menu with custom_id "nope".',
      ],
      ["click", { authorId: sam.id, customId: "off" }, 400, '"off" is disabled.'],
      ["click", { authorId: sam.id, customId: "flavour" }, 400, '"flavour" is a select menu: choose values.'],
      ["click", { authorId: sam.id, customId: "count", values: ["a"] }, 400, "A button takes no values."],
      ["click", { authorId: "1", customId: "count" }, 404, "Unknown member."],
      ["click", { authorId: sam.id }, 400, "customId is required."],
      ["click", { authorId: sam.id, customId: "x".repeat(101) }, 400, "customId must be at most 100 characters."],
      ["select", { authorId: sam.id, customId: "flavour" }, 400, "values is required."],
      [
        "select",
        { authorId: sam.id, customId: "flavour", values: ["fudge"] },
        400,
        /"fudge" is not one of the menu's choices/,
      ],
      ["select", { authorId: sam.id, customId: "flavour", values: [] }, 400, /choose from 1 to 2 values \(got 0\)/],
      ["select", { authorId: sam.id, customId: "flavour", values: ["vanilla", "mint", "chocolate"] }, 400, /got 3/],
      ["select", { authorId: sam.id, customId: "flavour", values: ["mint", "mint"] }, 400, /chosen twice/],
      ["select", { authorId: sam.id, customId: "flavour", values: "mint" }, 400, /must be a list/],
      ["select", { authorId: sam.id, customId: "count", values: [] }, 400, '"count" is a button: click it.'],
    ];
    for (const [action, body, status, error, messageId] of cases) {
      const answer = await use(action, body, messageId);
      expect({ action, body, status: answer.status }).toEqual({ action, body, status });
      if (typeof error === "string") expect(answer.body.error).toBe(error);
      else expect(answer.body.error).toMatch(error);
    }
    expect((await use("click", { authorId: sam.id, customId: "count" }, "999")).body.code).toBe(10008);

    const react = (emoji: string, messageId = menu.id!, method = "PUT") =>
      api.call<{ error: string; code: number }>(
        method,
        `${base}/${messageId}/reactions/${encodeURIComponent(emoji)}/${sam.id}`,
      );
    expect((await react("abc")).body).toMatchObject({ code: 10014, error: "Unknown Emoji" });
    expect((await react("👍", "999")).status).toBe(404);
    expect((await api.call("PUT", `${base}/${menu.id!}/reactions/${encodeURIComponent("👍")}/1`)).status).toBe(404);
    expect((await api.call("POST", `/worlds/${owner}/modals/123`, { values: {} })).status).toBe(404);
    expect((await api.call("DELETE", `/worlds/${owner}/modals/123`)).status).toBe(404);

    // Still answering after all that.
    expect((await use("click", { authorId: sam.id, customId: "count" })).status).toBe(200);
    await events.next(
      (event) => event.type === "message_update" && /^Clicked \d+ by Sam$/.test(data(event).content ?? ""),
    );
    events.close();
  });
});
