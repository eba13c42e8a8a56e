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
} from "discord.js";

import type { BotCredentials } from "../../lib/simulator/types";
import { e2eSimulatorPort } from "./server-info";
import { expect, hasDatabase, query, simulatorControlKey, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase() || !simulatorControlKey(), "the bot connects to the suite's own simulator");
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/** A discord.js bot in the test's own process, on the e2e simulator: posts a menu, answers its parts. */
async function startMenuBot(botId: string): Promise<Client> {
  const response = await fetch(`http://127.0.0.1:${e2eSimulatorPort}/control/bots/${botId}/credentials`, {
    method: "POST",
    headers: { authorization: `Bearer ${simulatorControlKey()}` },
  });
  const creds = (await response.json()) as BotCredentials;
  const client = new Client({
    intents: [GatewayIntentBits.Guilds, GatewayIntentBits.GuildMessages, GatewayIntentBits.MessageContent],
    rest: { api: creds.apiBase },
  });
  let count = 0;
  const rows = () => [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId("count").setLabel(`Count ${count}`).setStyle(ButtonStyle.Primary),
      new ButtonBuilder().setCustomId("form").setLabel("Feedback").setStyle(ButtonStyle.Secondary),
      new ButtonBuilder().setCustomId("off").setLabel("Closed").setStyle(ButtonStyle.Danger).setDisabled(true),
    ),
    new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId("flavour")
        .setPlaceholder("Pick a flavour")
        .addOptions({ label: "Vanilla", value: "vanilla" }, { label: "Mint", value: "mint" }),
    ),
  ];
  client.on(Events.MessageCreate, async (message) => {
    if (message.content === "!menu" && message.channel.isSendable())
      await message.channel.send({ content: "Pick something", components: rows() });
  });
  client.on(Events.InteractionCreate, async (interaction) => {
    if (interaction.isButton() && interaction.customId === "count") {
      count += 1;
      await interaction.update({ content: `Clicked ${count} time(s)`, components: rows() });
    } else if (interaction.isButton() && interaction.customId === "form") {
      const comment = new TextInputBuilder().setCustomId("comment").setStyle(TextInputStyle.Short).setMaxLength(40);
      await interaction.showModal(
        new ModalBuilder()
          .setCustomId("feedback")
          .setTitle("Your feedback")
          .addLabelComponents(new LabelBuilder().setLabel("Comment").setTextInputComponent(comment)),
      );
    } else if (interaction.isStringSelectMenu()) {
      await interaction.reply({ content: `You chose ${interaction.values[0]}`, flags: MessageFlags.Ephemeral });
    } else if (interaction.isModalSubmit()) {
      await interaction.reply({ content: `Thanks: ${interaction.fields.getTextInputValue("comment")}` });
    }
  });
  await client.login(creds.token);
  return client;
}

test("buttons, a select menu and a modal of a bot's message work in the Test tab", async ({ page }, testInfo) => {
  const account = await createAccount(testInfo, { label: "components" });
  const [bot] = await query<{ id: string }>(
    `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, 'Menu Bot', 'javascript', now()) RETURNING id`,
    [`e2ebot${Date.now().toString(36)}${testInfo.workerIndex}`, account.id],
  );
  const client = await startMenuBot(bot!.id);
  try {
    await signIn(page, account, `/dashboard/bots/${bot!.id}/test`);
    await expect(page.getByText("Menu Bot is connected")).toBeVisible(slow);
    const log = page.getByRole("log", { name: "Messages" });
    // The bot was connected before the page loaded, so "connected" is in the server's HTML: typed
    // before the page has hydrated, the text is dropped. Type until the form holds it, then send once.
    const input = page.getByLabel(/^Message #/);
    const send = page.getByRole("button", { name: "Send" });
    await expect(async () => {
      await input.fill("!menu");
      await expect(send).toBeEnabled({ timeout: 1_000 });
    }).toPass(slow);
    await send.click();
    await expect(log.getByText("Pick something")).toBeVisible(slow);
    await expect(log.getByRole("button", { name: "Closed" })).toBeDisabled();

    // A click: the bot updates the message in place.
    await log.getByRole("button", { name: "Count 0" }).click();
    await expect(log.getByText("Clicked 1 time(s)")).toBeVisible(slow);
    await expect(log.getByRole("button", { name: "Count 1" })).toBeVisible();

    // A choice: an ephemeral answer only the member sees.
    await log.getByLabel("Pick a flavour").selectOption("mint");
    await expect(log.getByText("You chose mint")).toBeVisible(slow);
    await expect(log.getByText("Only you can see this")).toBeVisible();

    // The form: a modal opens, is filled in and submitted; the bot answers with the value.
    await log.getByRole("button", { name: "Feedback" }).click();
    const dialog = page.getByRole("dialog", { name: "Your feedback" });
    await expect(dialog).toBeVisible(slow);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.screenshot({ path: testInfo.outputPath("components-modal-1440.png") });
    await dialog.getByLabel("Comment").fill("Lovely buttons");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await expect(dialog).toBeHidden(slow);
    await expect(log.getByText("Thanks: Lovely buttons")).toBeVisible(slow);
    await page.screenshot({ path: testInfo.outputPath("components-1440.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(log.getByRole("button", { name: "Count 1" })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("components-390.png"), fullPage: true });
  } finally {
    await client.destroy();
  }
});
