/**
 * The AI builder end to end (issue 20): an idea typed into the landing hero survives sign-up and
 * email confirmation, opens Create New Bot pre-filled, builds into a bot whose plan and every check
 * are shown passing, starts, and answers in the Test tab; then "Change it with words" adds a
 * command, shown as a diff, saved as a version only when accepted, and proven again.
 */
import type { Page } from "@playwright/test";

import { emailedLink, expect, hasDatabase, test } from "./support";
import { newAccountDetails } from "./support-accounts";

test.skip(!hasDatabase(), "the confirmation email is read from the server's outbox");
// One full build flow is enough for CI's time budget; the narrow layout is checked in screenshots.
test.skip(({ isMobile }) => isMobile, "desktop only");
// Building proves the bot in the real runner; starting it runs it there too.
test.describe.configure({ timeout: 300_000 });
const runnerWait = { timeout: 60_000 };
const slow = { timeout: 30_000 };

const idea =
  "A /roll command that rolls a die with an optional number of sides, default 6, and a /coinflip command that flips a coin.";

/** A full-page picture at desktop and phone width, kept with the test's output for a look. */
async function snapshot(page: Page, path: string) {
  const size = page.viewportSize();
  await page.screenshot({ path: `${path}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${path}-390.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

function field(page: Page, label: string) {
  return page.getByRole("main").getByLabel(new RegExp(`^${label}`));
}

test("an idea from the landing page becomes a proven bot, runs in the Test tab, and changes with words", async ({
  page,
}, testInfo) => {
  await page.goto("/");
  await page.getByLabel("Describe your bot").fill(idea);
  await page.getByRole("button", { name: "Start building" }).click();
  await expect(page).toHaveURL(/\/signup\?prompt=/, slow);

  const account = newAccountDetails(testInfo, "ai-builder");
  await field(page, "Full name").fill(account.fullName);
  await field(page, "Username").fill(account.username);
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("main").getByRole("status").filter({ hasText: "Check your email" })).toBeVisible(slow);

  // Confirmed in the browser that signed up: straight to Create New Bot with the idea.
  await page.goto(await emailedLink(account.email, "signup-confirmation", "/auth/confirm"));
  await expect(page).toHaveURL(/\/dashboard\/bots\/new$/, slow);
  const describe = page.getByRole("form", { name: "Describe your bot" });
  await expect(describe.getByLabel(/^What should your bot do\?/)).toHaveValue(idea);
  await snapshot(page, testInfo.outputPath("create-new-bot"));
  await describe.getByRole("button", { name: "Build it" }).click();

  await expect(page).toHaveURL(/\/dashboard\/builds\/[^/]+$/, slow);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Building your bot");
  await expect(page.getByText("Built and proven", { exact: true })).toBeVisible(runnerWait);
  const plan = page.getByRole("region", { name: "The plan" });
  await expect(plan.getByText(/^\/roll: rolls a die/)).toBeVisible();
  await expect(plan.getByText(/^\/coinflip: flips a coin/)).toBeVisible();
  const checks = page.getByRole("list", { name: "Checks" }).getByRole("listitem");
  expect(await checks.count()).toBeGreaterThan(2);
  await expect(page.getByRole("list", { name: "Checks" }).getByText(/^Passed: /)).toHaveCount(await checks.count());
  // The plan's checks, then the ones taken from the user's own words.
  await expect(page.getByText(/^All \d+ checks passed, and all \d+ from your words\.$/)).toBeVisible();
  await expect(page.getByRole("list", { name: "From your words" }).getByRole("listitem").first()).toBeVisible();
  await snapshot(page, testInfo.outputPath("build-done"));

  // Start it and use it.
  await page.getByRole("button", { name: "Start and test it" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
  const botUrl = new URL(page.url()).pathname.replace(/\/test$/, "");
  await expect(page.getByText(/is connected/).first()).toBeVisible(runnerWait);
  await page.getByRole("tab", { name: "Slash command" }).click();
  await page.getByLabel("Command").selectOption("coinflip");
  const log = page.getByRole("log", { name: "Messages" });
  await expect(async () => {
    if (!(await log.getByText(/heads|tails/i).count()))
      await page.getByRole("button", { name: "Run /coinflip" }).click();
    await expect(log.getByText(/heads|tails/i).first()).toBeVisible({ timeout: 5_000 });
  }).toPass(slow);

  // Change it with words: a diff first, saved only when accepted, then proven again.
  await page.goto(botUrl);
  const change = page.getByRole("region", { name: "Change it with words" });
  await change.getByLabel(/^What should change\?/).fill("Also add a /ping command that replies Pong!");
  await change.getByRole("button", { name: "Plan the change" }).click();
  await expect(page).toHaveURL(/\/dashboard\/builds\/[^/]+$/, slow);
  await expect(page.getByRole("heading", { name: "Review the change" })).toBeVisible(runnerWait);
  await expect(page.getByRole("region", { name: "Review the change" }).getByText(/^Adds \/ping/)).toBeVisible();
  await snapshot(page, testInfo.outputPath("change-review"));
  await expect(page.getByRole("button", { name: /cipher\.blueprint\.json/ })).toBeVisible();
  await page.getByRole("button", { name: "Save as a new version" }).click();
  await expect(page.getByText("Built and proven", { exact: true })).toBeVisible(runnerWait);
  await expect(
    page
      .getByRole("list", { name: "Checks" })
      .getByText(/\/ping/)
      .first(),
  ).toBeVisible();

  await page.goto(`${botUrl}/history`);
  await expect(page.getByText(/Changed with words: added \/ping/)).toBeVisible(slow);
});
