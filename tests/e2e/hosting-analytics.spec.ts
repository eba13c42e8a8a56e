import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { createFromTemplate } from "./support-bots";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 150_000 });
const live = { timeout: 45_000 };
const slow = { timeout: 30_000 };

test("a running bot shows up live on My Bots, Hosting, Logs and Analytics, and goes offline when stopped", async ({
  page,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "hosting" });
  await signIn(page, account, "/dashboard/bots/new");
  // Stopped again, on its Overview: this test starts it and watches every page follow.
  const botPath = `/dashboard/bots/${await createFromTemplate(page, "Economy Bot")}`;

  // Three more tabs, opened before anything happens: none of them is reloaded afterwards.
  const bots = await page.context().newPage();
  await bots.goto("/dashboard/bots");
  const card = bots.getByRole("listitem").filter({ hasText: "Economy Bot" });
  await expect(card.locator("[data-status]")).toHaveText("Offline");
  const hosting = await page.context().newPage();
  await hosting.goto("/dashboard/hosting");
  await expect(hosting.getByRole("heading", { level: 1, name: "Hosting and Deployment" })).toBeVisible();
  const analytics = await page.context().newPage();
  await analytics.goto("/dashboard/analytics?period=24h");
  await expect(analytics.locator('[data-metric="commands"]')).toContainText("0");

  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(card.locator("[data-status]")).toHaveText("Online", live);
  await expect(card.getByRole("button", { name: "Stop Economy Bot" })).toBeVisible();
  const hostedBot = hosting.locator('[data-bot="Economy Bot"]');
  await expect(hostedBot.locator("[data-status]")).toHaveText("Online", live);
  // The runner's card lists the bot among the user's bots on it.
  await expect(hosting.locator("[data-host]").getByRole("link", { name: "Economy Bot" })).toBeVisible(live);
  await expect(hosting.locator('[data-summary="Online"]')).toHaveText("1");

  // Two commands from the Test tab.
  await page.goto(`${botPath}/test`);
  await expect(page.getByText("Economy Bot is connected")).toBeVisible(live);
  await page.getByRole("tab", { name: "Slash command" }).click();
  await page.getByLabel("Command").selectOption("daily");
  await page.getByRole("button", { name: "Run /daily" }).click();
  const chat = page.getByRole("log", { name: "Messages" });
  await expect(chat.getByText(/You claimed your daily/)).toBeVisible(slow);
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByLabel(/^Message #/).fill("/balance");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(chat.getByText(/You have 100/)).toBeVisible(slow);

  // The Logs tab: the runner's lines and the bot's own.
  await page.goto(`${botPath}/logs`);
  const lines = page.getByRole("log", { name: "Log lines" });
  // Made with Create New Bot, it ran once before this test stopped it: each run's lines are there.
  await expect(lines.getByText("Status: running", { exact: false }).last()).toBeVisible(slow);
  await expect(lines.getByText(/Registered \d+ slash commands/).last()).toBeVisible();

  // Analytics, never reloaded: the two commands, a chart with points, the activity.
  await expect(analytics.locator('[data-metric="commands"] dd').first()).toHaveText("2", live);
  const row = analytics.locator('tr[data-bot="Economy Bot"]');
  await expect(row.locator('[data-column="commands"]')).toHaveText("2");
  await expect(analytics.locator(".recharts-area-area").first()).toBeVisible();
  await expect(analytics.getByRole("list", { name: "Recent activity" })).toContainText("/daily answered");

  await page.goto(botPath);
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(card.locator("[data-status]")).toHaveText("Offline", live);
  await expect(hostedBot.locator("[data-status]")).toHaveText("Offline", live);
});
