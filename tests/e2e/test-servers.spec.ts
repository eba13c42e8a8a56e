/**
 * The Test tab tests one bot at a time (issue 25): each new bot is alone in a simulated server of
 * its own, so no other bot's replies show up there; the shared server stays a choice for bots
 * that work together, and a running bot moves at once.
 */
import type { Page } from "@playwright/test";

import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { createFromTemplate, runnerWait, sendTestMessage, startBot } from "./support-bots";

test.skip(!hasDatabase(), "accounts and bots are read from and written to the server's database");
test.describe.configure({ timeout: 240_000 });
const slow = { timeout: 30_000 };

const serverName = (page: Page) => page.getByTestId("test-server-name");
const members = (page: Page) => page.getByRole("region", { name: /^Members/ });
const replies = (page: Page) => page.getByRole("log").getByText(/You have 0 coins/);

async function moveTo(page: Page, choice: "Its own server" | "Shared with your other bots", server: string) {
  const picker = page.getByLabel("Test in");
  // A change before the page has hydrated does nothing: choose until the server on screen changes.
  await expect(async () => {
    if ((await serverName(page).textContent()) !== server) await picker.selectOption({ label: choice });
    await expect(serverName(page)).toHaveText(server, { timeout: 5_000 });
  }).toPass(slow);
  await expect(picker).toHaveValue(choice === "Its own server" ? "own" : "shared");
}

test("each bot is tested alone in its own server; the shared server holds the bots set to it", async ({
  page,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "testservers" });
  await signIn(page, account, "/dashboard/bots/new");
  const first = await createFromTemplate(page, "Economy Bot");
  const second = await createFromTemplate(page, "Economy Bot");
  await query(`UPDATE "Bot" SET name = 'Bank Two' WHERE id = $1`, [second]);
  await startBot(page, first);
  await startBot(page, second);

  // Bank Two answers in a server of its own…
  await page.goto(`/dashboard/bots/${second}/test`);
  await expect(serverName(page)).toHaveText("Bank Two Test Server");
  await expect(page.getByText("Only this bot is in this server")).toBeVisible();
  await expect(page.getByText("Bank Two is connected")).toBeVisible(runnerWait);
  await sendTestMessage(page, "/balance");
  await expect(replies(page).first()).toBeVisible(runnerWait);

  // …which the other bot's Test tab never shows: its own server, with itself as the only bot.
  await page.goto(`/dashboard/bots/${first}/test`);
  await expect(serverName(page)).toHaveText("Economy Bot Test Server");
  await expect(page.getByText("Economy Bot is connected")).toBeVisible(runnerWait);
  await expect(members(page)).toContainText("Economy Bot");
  await expect(members(page)).not.toContainText("Bank Two");
  await expect(page.getByRole("log")).toContainText("No messages in #bot-commands yet");
  await page.screenshot({ path: testInfo.outputPath("test-server-own.png"), fullPage: true });

  // Both move to the shared server while running: there they meet, and one sees the other answer.
  await moveTo(page, "Shared with your other bots", "Cipher Test Server");
  await expect(page.getByText("Every bot of yours set to the shared server is here")).toBeVisible();
  await page.goto(`/dashboard/bots/${second}/test`);
  await moveTo(page, "Shared with your other bots", "Cipher Test Server");
  await expect(members(page)).toContainText("Economy Bot");
  await expect(members(page)).toContainText("Bank Two");
  // Moved, it reconnects at once and answers in the shared server.
  await expect(page.getByText("Bank Two is connected")).toBeVisible(runnerWait);
  await sendTestMessage(page, "/balance");
  await expect(replies(page).first()).toBeVisible(runnerWait);
  await page.goto(`/dashboard/bots/${first}/test`);
  await expect(replies(page).first()).toBeVisible(slow);
  await page.screenshot({ path: testInfo.outputPath("test-server-shared.png"), fullPage: true });

  // Back in its own server, Bank Two finds what was said there before.
  await page.goto(`/dashboard/bots/${second}/test`);
  await moveTo(page, "Its own server", "Bank Two Test Server");
  await expect(replies(page).first()).toBeVisible(slow);
  await expect(members(page)).not.toContainText("Economy Bot");

  // The Discord Simulator page lists the servers and where each bot is.
  await page.goto("/dashboard/tools/simulator");
  await expect(page.getByRole("heading", { level: 2, name: "Cipher Test Server" })).toBeVisible();
  const bots = page.getByRole("region", { name: /Your bots/ });
  await expect(bots.getByText("In this server")).toHaveCount(1);
  await bots.getByRole("button", { name: "Show Bank Two Test Server" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Bank Two Test Server" })).toBeVisible();
  await expect(page.getByLabel("Server", { exact: true })).toHaveValue(/\d+/);
  await expect(page).toHaveURL(/[?&]server=\d+/);
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Bank Two Test Server" })).toBeVisible();
  await expect(page.getByText("Bank Two's own test server: no other bot is in it.")).toBeVisible();
});
