import { expect, hasDatabase, hydrated, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Starting a bot runs its deploy-commands.js and the bot itself in the real runner.
test.describe.configure({ timeout: 120_000 });
const runnerWait = { timeout: 45_000 };
const slow = { timeout: 30_000 };

test("a template bot starts in the runner, answers its slash commands in the Test tab, and stops", async ({
  page,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "runtime" });
  await signIn(page, account, "/dashboard/bots/new");
  // Use makes the bot and starts it: its Test tab opens while it starts.
  await (await hydrated(page.getByRole("button", { name: "Use Economy Bot" }))).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);

  const status = page.locator("[data-status]").first();
  // The badge follows the runner without a reload: Starting, then Online once the bot connected.
  await expect(status).toHaveText("Online", runnerWait);
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeVisible();
  await expect(page.getByText("Economy Bot is connected")).toBeVisible(runnerWait);

  // A slash command from the picker, built from the command's definition.
  await page.getByRole("tab", { name: "Slash command" }).click();
  await page.getByLabel("Command").selectOption("daily");
  await page.getByRole("button", { name: "Run /daily" }).click();
  const log = page.getByRole("log", { name: "Messages" });
  await expect(log.getByText(/You claimed your daily/)).toBeVisible(slow);
  await expect(log.getByText("used /daily")).toBeVisible();

  // Typed as a message: "/balance" runs the command (its only option is optional).
  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByLabel(/^Message #/).fill("/balance");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(log.getByText(/You have 100/)).toBeVisible(slow);

  // An ordinary message shows up as the chosen member's.
  await page.getByLabel(/^Message #/).fill("hello from the test");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(log.getByText("hello from the test")).toBeVisible(slow);

  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(page.locator("[data-status]").first()).toHaveText("Offline", runnerWait);
  await expect(page.getByText("The bot is not connected")).toBeVisible(slow);
});
