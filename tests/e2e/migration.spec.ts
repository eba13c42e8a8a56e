import { readFileSync } from "node:fs";
import path from "node:path";

import type { Page } from "@playwright/test";

import { guideProjectZip } from "../../lib/bots/import/fixtures/guide-project";
import { expect, hasDatabase, test } from "./support";
import { createAccount, type TestAccount } from "./support-accounts";

const slow = { timeout: 30_000 };
const bdfdExport = readFileSync(path.join(import.meta.dirname, "../../lib/bots/import/fixtures/bdfd-export.json"));

async function signIn(page: Page, account: TestAccount) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent("/bot-migration")}`);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/bot-migration", slow);
  await expect(page.getByRole("heading", { name: "Upload a file" })).toBeVisible(slow);
}

const upload = (page: Page, name: string, buffer: Buffer | Uint8Array, mimeType = "application/octet-stream") =>
  page.getByLabel("Bot file").setInputFiles({ name, mimeType, buffer: Buffer.from(buffer) });

test("a signed-out visitor sees 'Sign In Required' with links to sign in or sign up", async ({ page }) => {
  await page.goto("/bot-migration");
  // Signed-in state is decided in the browser after /api/session answers.
  await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible(slow);
  await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute(
    "href",
    "/login?callbackUrl=/bot-migration",
  );
  await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("heading", { name: "Upload a file" })).toHaveCount(0);
});

test.describe("signed in", () => {
  test.skip(!hasDatabase(), "accounts are created directly in the server's database");
  test.describe.configure({ timeout: 90_000 });

  test("a BDFD export: detected commands, Complete Migration, the report, and the bot in My Bots", async ({
    page,
  }, testInfo) => {
    await signIn(page, await createAccount(testInfo, { label: "bdfd" }));
    await upload(page, "helper.json", bdfdExport, "application/json");
    await expect(page.getByText("File uploaded successfully")).toBeVisible();
    await expect(page.getByText("Parsed helper.json - Ready for migration")).toBeVisible();

    await expect(page.getByRole("heading", { name: "Review your bot" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /Detected commands \(10\) · 6 can be converted/ })).toBeVisible();
    const detected = page.getByRole("list", { name: /Detected commands/ });
    await expect(detected.getByRole("listitem").filter({ hasText: "!ping" }).first()).toContainText("Converted");
    await expect(detected.getByRole("listitem").filter({ hasText: "!ban" }).first()).toContainText("$ban");
    await expect(page.getByLabel("Bot name")).toHaveValue("Helper Bot");
    const name = `Helper ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.getByLabel("Bot name").fill(name);
    await page.getByRole("button", { name: "Complete Migration" }).click();

    await expect(page.getByRole("heading", { name: "Migration completed" })).toBeVisible(slow);
    await expect(page.getByText("Migration completed!")).toBeVisible();
    await expect(page.getByText("Your bot has been successfully imported")).toBeVisible();
    await expect(page.getByRole("list", { name: "Conversion report" }).getByRole("listitem").first()).toContainText(
      "/ping",
    );
    await expect(page.getByRole("link", { name: "Browse templates" })).toHaveAttribute("href", "/templates");
    await expect(page.getByRole("link", { name: "Getting started" })).toHaveAttribute("href", "/getting-started");

    await page.getByRole("link", { name: "Open your bot" }).click();
    await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+$/, slow);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("MIGRATION.md")).toBeVisible();
    await expect(page.getByText("commands/ping.js")).toBeVisible();
    await page.goto("/dashboard/bots");
    await expect(page.getByRole("link", { name: new RegExp(name) })).toBeVisible();
  });

  test("a discord.js guide-layout zip keeps its files", async ({ page }, testInfo) => {
    await signIn(page, await createAccount(testInfo, { label: "zip" }));
    await upload(page, "guide-bot.zip", guideProjectZip(), "application/zip");
    await expect(page.getByText("Parsed guide-bot.zip - Ready for migration")).toBeVisible();
    await expect(page.getByLabel("Bot name")).toHaveValue("guide-bot");
    await expect(page.getByRole("list", { name: /Slash commands/ })).toContainText("/ping");
    await expect(page.getByRole("list", { name: /Slash commands/ })).toContainText("/user");
    await expect(page.getByRole("list", { name: /Events/ })).toContainText("ClientReady");
    await page.getByRole("button", { name: "Complete Migration" }).click();
    await expect(page.getByRole("heading", { name: "Migration completed" })).toBeVisible(slow);

    await page.getByRole("link", { name: "Open your bot" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "guide-bot" })).toBeVisible(slow);
    for (const file of [
      "commands/utility/ping.js",
      "events/ready.js",
      "deploy-commands.js",
      "config.json",
      "package.json",
    ]) {
      await expect(page.getByText(file, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("node_modules")).toHaveCount(0);
  });

  test("empty pasted code and a broken JSON file answer with the spec's toasts", async ({ page }, testInfo) => {
    await signIn(page, await createAccount(testInfo, { label: "toasts" }));
    await page.getByLabel("Bot code").fill("   \n ");
    await page.getByRole("button", { name: "Process Code" }).click();
    await expect(page.getByText("No code provided")).toBeVisible();
    await expect(page.getByText("Please paste your bot code")).toBeVisible();

    await upload(page, "broken.json", Buffer.from("{ not json"), "application/json");
    await expect(page.getByText("Error parsing file")).toBeVisible();
    await expect(page.getByText("Please check your file format and try again")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Upload a file" })).toBeVisible();
  });
});
