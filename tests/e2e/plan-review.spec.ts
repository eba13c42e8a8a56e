/**
 * The plan before the code (issue 34), in Chromium at 1440 and 390 px: a description with a
 * command the words do not explain and words the builder cannot read stops at its plan, which
 * asks "What should /rules show?", marks what it did not understand and offers each line to fix;
 * the user answers, rewrites a reply, builds, starts the bot and sees it answer as the fixed plan
 * says in its Test tab.
 */
import type { Page } from "@playwright/test";

import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { sendTestMessage } from "./support-bots";

test.skip(!hasDatabase(), "the account is made in the database");
// Building proves the bot in the real runner; starting it runs it there too.
test.describe.configure({ timeout: 300_000 });
const runnerWait = { timeout: 90_000 };
const slow = { timeout: 30_000 };

const description =
  'A /greet command that replies "Hello there!". A /rules command that shows our rules. It should also keep track of the moon phases.';

async function shot(page: Page, path: string) {
  await page.screenshot({ path, fullPage: true });
}

test("describe → the plan asks and marks what it did not understand → fix a line → build → the bot answers in its Test tab", async ({
  page,
}, testInfo) => {
  const width = page.viewportSize()?.width ?? 0;
  await page.setViewportSize({ width: width > 500 ? 1440 : 390, height: 900 });
  const account = await createAccount(testInfo, { label: "plan" });
  await signIn(page, account, "/dashboard/bots/new");
  const describe = page.getByRole("form", { name: "Describe your bot" });
  await describe.getByLabel(/^What should your bot do\?/).fill(description);
  await describe.getByRole("button", { name: "Build it" }).click();

  await expect(page).toHaveURL(/\/dashboard\/builds\/[^/]+$/, slow);
  const review = page.getByRole("form", { name: "Check the plan" });
  await expect(review).toBeVisible(runnerWait);
  await expect(page.getByText("Waiting for you", { exact: true })).toBeVisible();
  // Nothing is built yet: no bot, no checks.
  await expect(page.getByRole("heading", { name: /Checks in the simulator/ })).toHaveCount(0);
  // What it did not understand is shown, marked in the words.
  const notUnderstood = review.getByRole("region", { name: /Not understood/ });
  await expect(notUnderstood.locator("mark").filter({ hasText: "moon phases" })).toBeVisible();
  // Each line with the words it came from.
  const plan = review.getByRole("region", { name: "The plan" });
  await expect(plan.getByText('/greet: replies "Hello there!"', { exact: true })).toBeVisible();
  await expect(plan.getByText('A /greet command that replies "Hello there!".')).toBeVisible();
  await shot(page, testInfo.outputPath(`plan-${width > 500 ? 1440 : 390}.png`));

  // The question, answered; a line fixed.
  await review.getByLabel("What should /rules show?").fill("1. Be kind. 2. No spam.");
  await review.getByRole("button", { name: "Fix /greet" }).click();
  await expect(review.getByRole("button", { name: "Fix /greet" })).toHaveAttribute("aria-expanded", "true");
  const reply = review.getByRole("group", { name: "Fix /greet" }).getByLabel("Reply");
  await expect(reply).toHaveValue("Hello there!");
  // A reply cannot be empty: refused on the field, nothing built.
  await reply.fill("");
  await review.getByRole("button", { name: "Build it" }).click();
  const refusal = "Write what the bot says, or leave the text as it was.";
  await expect(review.getByRole("alert")).toHaveText(refusal, slow);
  // Said on the field too, which has the focus.
  await expect(reply).toHaveAccessibleDescription(refusal);
  await expect(reply).toBeFocused();
  await expect(page.getByText("Waiting for you", { exact: true })).toBeVisible();
  await reply.fill("Hello, friend!");
  await shot(page, testInfo.outputPath(`plan-fixed-${width > 500 ? 1440 : 390}.png`));
  await review.getByRole("button", { name: "Build it" }).click();

  await expect(page.getByText(/^Built/).first()).toBeVisible(runnerWait);
  await expect(page.getByText("Built, 1 part left out", { exact: true })).toBeVisible();
  const done = page.getByRole("region", { name: "The plan" });
  await expect(done.getByText('/rules: replies "1. Be kind. 2. No spam."', { exact: true })).toBeVisible();
  await expect(done.getByText('/greet: replies "Hello, friend!"', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole("list", { name: "Checks" })
      .getByText(/^Passed: /)
      .first(),
  ).toBeVisible();
  await shot(page, testInfo.outputPath(`built-${width > 500 ? 1440 : 390}.png`));

  await page.getByRole("button", { name: "Start and test it" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
  await expect(page.locator("[data-status]").first()).toHaveText("Online", runnerWait);
  const log = page.getByRole("log", { name: "Messages" });
  await expect(async () => {
    if (!(await log.getByText("1. Be kind. 2. No spam.").count())) await sendTestMessage(page, "/rules");
    await expect(log.getByText("1. Be kind. 2. No spam.").first()).toBeVisible({ timeout: 5_000 });
  }).toPass(runnerWait);
  await sendTestMessage(page, "/greet");
  await expect(log.getByText("Hello, friend!").first()).toBeVisible(slow);
  await shot(page, testInfo.outputPath(`test-tab-${width > 500 ? 1440 : 390}.png`));
});
