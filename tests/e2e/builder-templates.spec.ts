import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Creating the bot compiles its blueprint on the server; the first visits also compile the pages.
test.describe.configure({ timeout: 90_000 });
const slow = { timeout: 30_000 };

test("Create New Bot → the Economy template opened in the Builder in Python: its commands, nothing to save, main.py in the Code tab", async ({
  page,
  isMobile,
}, testInfo) => {
  if (!isMobile) await page.setViewportSize({ width: 1440, height: 900 });
  const account = await createAccount(testInfo, { label: "builder-templates" });
  await signIn(page, account, "/dashboard/bots/new");

  const templates = page.getByRole("region", { name: "From a template" });
  await expect(templates.getByRole("button", { name: /^Open in Builder/ })).toHaveCount(4);
  await page.screenshot({
    path: testInfo.outputPath(`create-new-bot-${isMobile ? 390 : 1440}.png`),
    fullPage: true,
  });

  const economy = templates.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Economy Bot" }) });
  await expect(economy.getByRole("button", { name: "Use Economy Bot" })).toBeVisible();
  await economy.getByLabel("Language of Economy Bot in the Builder").selectOption("python");
  await economy.getByRole("button", { name: "Open in Builder Economy Bot" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/builder$/, slow);

  // The template's commands, as the Builder lists them.
  const outline = page.getByRole("navigation", { name: "Bot outline" });
  for (const command of ["/balance", "/daily", "/pay", "/leaderboard"]) {
    await expect(outline.getByRole("button", { name: command, exact: true })).toBeVisible();
  }
  await expect(outline.getByRole("button", { name: "coins" })).toBeVisible();
  // Nothing changed yet, so there is nothing to save.
  await expect(page.getByRole("status").filter({ hasText: "Saved" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await page.screenshot({
    path: testInfo.outputPath(`economy-builder-${isMobile ? 390 : 1440}.png`),
    fullPage: true,
  });

  // The bot is a Python project: the Code tab opens on main.py.
  await page.getByRole("navigation", { name: "Bot sections" }).getByRole("link", { name: "Code" }).click();
  await expect(page).toHaveURL(/\/code$/, slow);
  const code = page.getByLabel("Code of main.py");
  await expect(code).toBeVisible(slow);
  await expect(code).toContainText("discord");
  await expect(page.getByText("Python", { exact: true })).toBeVisible();
  await expect(page.getByText("Template: Economy Bot")).toBeVisible();
});

test("the template buttons work with JavaScript off (a click before hydration is never lost)", async ({
  page,
  browser,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "template-nojs" });
  await signIn(page, account, "/dashboard/bots/new");
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: testInfo.project.use.baseURL,
    storageState: await page.context().storageState(),
  });
  try {
    const plain = await noScript.newPage();
    await plain.goto("/dashboard/bots/new");
    await plain.getByRole("button", { name: "Use Custom Commands" }).click();
    await expect(plain).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
    await expect(plain.getByRole("heading", { level: 1, name: "Custom Commands" })).toBeVisible();

    await plain.goto("/dashboard/bots/new");
    const music = plain.getByRole("listitem").filter({ has: plain.getByRole("heading", { name: "Music Bot" }) });
    await music.getByLabel("Language of Music Bot in the Builder").selectOption("python");
    await music.getByRole("button", { name: "Open in Builder Music Bot" }).click();
    await expect(plain).toHaveURL(/\/dashboard\/bots\/[^/]+\/builder$/, slow);
  } finally {
    await noScript.close();
  }
});

test("the Builder puts reactions on what the bot posted, takes a wait from an option, rolls dice and locks a channel, checked as typed", async ({
  page,
  isMobile,
}, testInfo) => {
  if (!isMobile) await page.setViewportSize({ width: 1440, height: 900 });
  const account = await createAccount(testInfo, { label: "builder-react" });
  await signIn(page, account, "/dashboard/bots/new");
  const start = page.getByRole("region", { name: "Start from scratch in the Builder" });
  await start.getByLabel("Name").fill("Poller");
  await start.getByRole("button", { name: "Start in the Builder" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/builder$/, slow);
  const outline = page.getByRole("navigation", { name: "Bot outline" });
  await outline.getByRole("button", { name: "/ping" }).click();
  const editor = page.getByRole("region", { name: "Selected item" });

  const add = async (search: string, name: RegExp) => {
    await editor.getByRole("button", { name: "Add action" }).last().click();
    await page.getByPlaceholder("Search actions…").fill(search);
    await page.getByRole("option", { name }).click();
  };
  // A post saved as "poll", then a reaction: on a slash command it needs the post to react to.
  await add("send", /^Send to a channel/);
  await editor.getByLabel("Channel").last().fill("here");
  await editor.getByLabel("Save the message as").last().fill("poll");
  await add("react", /^React/);
  const react = editor.getByRole("button", { name: /^React React with/ });
  await expect(react).toHaveAccessibleName(/has problems/);
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await editor.getByLabel(/^On a message it posted/).fill("{result.poll}");
  await expect(react).not.toHaveAccessibleName(/has problems/);

  // A wait as long as an option says: one that does not exist is refused at the field.
  await add("wait", /^Wait, then/);
  await editor.getByLabel("Wait for").fill("{option.minutes}m");
  await expect(editor.getByText(/there is no option "minutes"/)).toBeVisible();
  await editor.getByLabel("Wait for").fill("1h30m");

  // Dice as people write them: "2x6" is refused at the field, "2d6+1" is a roll.
  await add("random", /^Pick at random/);
  await editor.getByRole("button", { name: "Roll dice instead" }).last().click();
  await editor.getByLabel("Dice").last().fill("2x6");
  await expect(editor.getByText(/"2x6" is not dice like 2d6 or 1d20\+5/)).toBeVisible();
  await editor.getByLabel("Dice").last().fill("2d6+1");

  // One of the items a member lists: from an option /ping does not have, refused; from a list, fine.
  await add("random", /^Pick at random/);
  await editor.getByRole("button", { name: "Pick from a list instead" }).last().click();
  await editor.getByRole("button", { name: "Pick from a list the member types instead" }).last().click();
  await expect(editor.getByText(/there is no option "options"/)).toBeVisible();
  await editor.getByLabel("Pick from").last().fill("tea, coffee or juice");

  // Let a member into the channel: /ping has no member option, so {user} it is.
  await add("channel", /^Add to a channel/);
  await expect(editor.getByText(/there is no option "member"/)).toBeVisible();
  await editor.getByLabel("Member").last().fill("{user}");

  // Lock the channel it is used in: "here" by default, nothing else to fill.
  await add("lock", /^Lock a channel/);
  await expect(editor.getByRole("button", { name: /^Lock a channel Lock this channel/ })).toBeVisible();
  await expect(page.getByText("Ready to save")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`builder-react-${isMobile ? 390 : 1440}.png`), fullPage: true });
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved as version 2")).toBeVisible(slow);
});
