import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Saving compiles the bot; starting it runs deploy-commands.js and the bot in the real runner.
test.describe.configure({ timeout: 270_000 });
const runnerWait = { timeout: 45_000 };
const slow = { timeout: 30_000 };

test("build a bot in the Builder from nothing, save it, run it in the Test tab; a hand edit is noticed", async ({
  page,
  isMobile,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "builder" });
  await signIn(page, account, "/dashboard/bots/new");

  const start = page.getByRole("region", { name: "Start from scratch in the Builder" });
  await start.getByLabel("Name").fill("Greeter");
  await start.getByRole("button", { name: "Start in the Builder" }).click();
  await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/builder$/, slow);
  const botUrl = new URL(page.url()).pathname.replace(/\/builder$/, "");
  const outline = page.getByRole("navigation", { name: "Bot outline" });
  await expect(outline.getByRole("button", { name: "/ping" })).toBeVisible();

  // A second command: /greet [member], answering with an if/else on whether a member was given.
  // (Clicked until it takes: a click before the page has hydrated does nothing.)
  const added = outline.getByRole("button", { name: "/command" });
  await expect(async () => {
    if (!(await added.count())) await outline.getByRole("button", { name: "Add command" }).click();
    await expect(added).toBeVisible({ timeout: 1_000 });
  }).toPass(slow);
  const editor = page.getByRole("region", { name: "Selected item" });
  await editor.getByLabel("Name", { exact: true }).fill("greet");
  await editor.getByLabel("Description", { exact: true }).fill("Say hello");
  await editor.getByRole("button", { name: "Add option" }).click();
  const options = editor.getByRole("region", { name: "Options" });
  await options.getByLabel("Name", { exact: true }).fill("member");
  await options.getByLabel("Type").selectOption("user");
  await options.getByLabel("Description").fill("Who to greet");

  await editor.getByRole("button", { name: "Add action" }).click();
  await page.getByPlaceholder("Search actions…").fill("if");
  await page.getByRole("option", { name: /If \/ else/ }).click();
  await editor.getByLabel("Condition").selectOption("isSet");
  await editor.getByLabel("Value", { exact: true }).fill("{option.member}");

  const then = editor.getByRole("region", { name: "Then" });
  await then.getByRole("button", { name: "Add action" }).click();
  await page.getByPlaceholder("Search actions…").fill("reply");
  await page.getByRole("option", { name: /^Reply/ }).click();
  // Placeholders are offered after a "{".
  const thenText = then.getByLabel("Text");
  // (The last letter is typed: suggestions follow typing; tried again if a re-render closed them.)
  await expect(async () => {
    await thenText.fill("Hello {option.me");
    await thenText.press("m");
    await expect(page.getByRole("option", { name: "{option.member.mention}" })).toBeVisible({ timeout: 2_000 });
  }).toPass(slow);
  await thenText.fill("Hello {option.member.mention}, from {user.name}!");

  const otherwise = editor.getByRole("region", { name: "Else" });
  await otherwise.getByRole("button", { name: "Add action" }).click();
  await page.getByPlaceholder("Search actions…").fill("reply");
  await page.getByRole("option", { name: /^Reply/ }).click();
  await otherwise.getByLabel("Text").fill("Hello {option.nobody}");
  // The server's own rules, live, at the field.
  await expect(otherwise.getByText(/there is no option "nobody"/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Save" })).toBeDisabled();
  await otherwise.getByLabel("Text").fill("Hello {user.mention}!");
  await expect(page.getByText("Ready to save")).toBeVisible();

  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Saved as version 2")).toBeVisible(slow);

  // Check it: the saved code runs in a private test server against checks derived from the blueprint.
  await page.getByRole("button", { name: "Check it" }).click();
  await expect(page.locator("#proof-status")).toHaveText(/^Checking…|^All checks passed/, slow);
  await expect(page.locator("#proof-status")).toHaveText(/^All checks passed/, { timeout: 120_000 });
  await page.getByRole("button", { name: "Show details" }).click();
  const checks = page.getByRole("list", { name: "Checks" });
  await expect(checks.getByText(/\/greet/).first()).toBeVisible();
  await expect(checks.getByText(/\/ping/).first()).toBeVisible();
  // Each check opens to its conversation with the bot.
  await checks.getByRole("button", { name: /^Passed: \/greet with member given/ }).click();
  const transcript = checks.getByRole("list", { name: "What happened" });
  await expect(transcript.getByText(/runs/).first()).toBeVisible();
  await expect(transcript.getByText(/Hello @/).first()).toBeVisible();
  await page.getByRole("region", { name: "Check results" }).screenshot({
    path: testInfo.outputPath(`builder-check-${isMobile ? "mobile" : "desktop"}.png`),
  });
  await page.screenshot({
    path: testInfo.outputPath(`builder-${isMobile ? "mobile" : "desktop"}.png`),
    fullPage: true,
  });

  // The compiled bot runs: start it and use /greet in the Test tab.
  await page.getByRole("button", { name: "Start", exact: true }).click();
  await expect(page.locator("[data-status]").first()).toHaveText("Online", runnerWait);
  await page.goto(`${botUrl}/test`);
  await expect(page.getByText("Greeter is connected")).toBeVisible(runnerWait);
  await page.getByRole("tab", { name: "Slash command" }).click();
  await page.getByLabel("Command").selectOption("greet");
  // (Clicked until it takes: a click before the freshly loaded page has hydrated does nothing.)
  const log = page.getByRole("log", { name: "Messages" });
  await expect(async () => {
    if (!(await log.getByText(/^Hello @/).count())) await page.getByRole("button", { name: "Run /greet" }).click();
    await expect(log.getByText(/^Hello @/).first()).toBeVisible({ timeout: 5_000 });
  }).toPass(slow);
  await page.getByRole("button", { name: "Stop", exact: true }).click();

  // A hand edit in the Code tab: the Builder says so and offers both ways.
  await page.goto(`${botUrl}/history`);
  const versions = page.getByText(/Builder: added \/greet/);
  await expect(versions).toBeVisible(slow);
  await page.goto(`${botUrl}/code`);
  // The editor opens on the entry file, index.js: generated by the Builder.
  const code = page.locator(".cm-content");
  await expect(code).toBeVisible(slow);
  await code.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type("\n// my own change\n");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page.getByText(/Saved as version 3/)).toBeVisible(slow);
  await page.goto(`${botUrl}/builder`);
  const notice = page.getByRole("alert").filter({ hasText: "The code was edited by hand" });
  await expect(notice).toBeVisible(slow);
  await expect(notice).toContainText("index.js");
  await expect(notice.getByRole("link", { name: "Keep my edits (Code tab)" })).toBeVisible();
  await expect(notice.getByRole("button", { name: "Generate the code again" })).toBeVisible();
});
