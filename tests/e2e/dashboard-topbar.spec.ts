import { randomUUID } from "node:crypto";

import type { Locator, Page } from "@playwright/test";

import { expect, hasDatabase, hydrated, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Sign-in hashes passwords and a development server compiles each page on first use.
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 60_000 };

function userMenuButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Account menu for / });
}

/** Opens the user menu (retrying until the page is hydrated) and follows `item`. */
async function openFromUserMenu(page: Page, item: string, path: string) {
  const link = page.getByRole("menuitem", { name: item });
  await expect(async () => {
    if (!(await link.isVisible())) await userMenuButton(page).click();
    await expect(link).toBeVisible({ timeout: 2_000 });
  }).toPass(slow);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === path, slow);
  await expect(page.getByRole("heading", { level: 1, name: item })).toBeVisible(slow);
}

test.describe("dashboard top bar", () => {
  test("search finds a bot: Ctrl+K, type part of its name, Enter opens it", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "search" });
    await signIn(page, account, "/dashboard/bots/new");
    await (await hydrated(page.getByRole("button", { name: "Use Moderation Bot" }))).click();
    await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
    const botId = new URL(page.url()).pathname.split("/")[3]!;
    const name = `Sentinel ${randomUUID().slice(0, 8)}`;
    await query(`UPDATE "Bot" SET name = $1 WHERE id = $2`, [name, botId]);

    await page.goto("/dashboard");
    await expect(page.getByRole("button", { name: "Search bots, logs, settings..." })).toBeVisible(slow);
    const palette = page.getByRole("dialog", { name: "Search" });
    await expect(async () => {
      await page.keyboard.press("ControlOrMeta+k");
      await expect(palette).toBeVisible({ timeout: 1_000 });
    }).toPass(slow);

    const box = palette.getByRole("combobox", { name: "Search" });
    await expect(box).toBeFocused();
    await box.fill(name.slice(0, 12).toLowerCase());
    const option = palette.getByRole("option", { name: new RegExp(name) });
    await expect(option).toBeVisible(slow);
    await expect(option).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL((url) => url.pathname === `/dashboard/bots/${botId}`, slow);
    await expect(palette).toBeHidden();

    // Another query: the arrow keys move the choice; nothing found says so; Escape closes.
    await page.keyboard.press("ControlOrMeta+k");
    await box.fill("billing");
    await expect(palette.getByRole("option", { name: /Billing & Plan/ })).toBeVisible(slow);
    await box.fill(`no such thing ${randomUUID()}`);
    await expect(palette.getByText(/No results for/)).toBeVisible(slow);
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
  });

  test("the bell shows an unread notification, and Mark all as read clears it", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "bell" });
    const id = `e2e${randomUUID().replace(/-/g, "")}`;
    await query(
      `INSERT INTO "Notification" (id, "userId", kind, title, body, href) VALUES ($1, $2, 'bot_crashed', $3, $4, '/dashboard/bots')`,
      [id, account.id, "Sentinel crashed", "The process exited with code 1."],
    );
    await signIn(page, account, "/dashboard");

    const bell = page.getByRole("button", { name: "Notifications, 1 unread" });
    await expect(bell).toBeVisible(slow);
    await expect(page.getByTestId("notifications-badge")).toHaveText("1");
    await expect(async () => {
      await bell.click();
      await expect(page.getByRole("list", { name: "Notifications" })).toBeVisible({ timeout: 2_000 });
    }).toPass(slow);
    const list = page.getByRole("list", { name: "Notifications" });
    await expect(list).toContainText("Sentinel crashed");
    await expect(list).toContainText("The process exited with code 1.");
    await expect(list).toContainText("just now");

    await page.getByRole("button", { name: "Mark all as read" }).click();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible(slow);
    await expect(page.getByTestId("notifications-badge")).toHaveCount(0);
    await expect
      .poll(
        async () =>
          (await query<{ readAt: Date | null }>(`SELECT "readAt" FROM "Notification" WHERE id = $1`, [id]))[0]?.readAt,
        slow,
      )
      .not.toBeNull();
    await page.reload();
    await expect(page.getByRole("button", { name: "Notifications", exact: true })).toBeVisible(slow);
  });

  test("the user menu leads to the Activity Log, Preferences and Billing & Plan", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "menu" });
    await signIn(page, account, "/dashboard");

    await openFromUserMenu(page, "Activity Log", "/dashboard/activity");
    const table = page.getByRole("table");
    await expect(table.getByRole("columnheader")).toHaveText(["Time (UTC)", "Action", "Target", "IP address"]);
    await expect(table.getByRole("cell", { name: "Signed in", exact: true }).first()).toBeVisible();

    await openFromUserMenu(page, "Preferences", "/dashboard/preferences");
    const form = page.getByRole("form", { name: "Preferences" });
    await expect(form.getByRole("radio", { name: /System/ })).toBeChecked();
    await form.getByText("Light", { exact: true }).click();
    await form.getByRole("switch", { name: "Product news" }).click();
    await expect(form.getByRole("switch", { name: "Product news" })).toBeChecked();
    await form.getByRole("button", { name: "Save Preferences" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Preferences saved" })).toBeVisible(slow);
    await expect(page.locator("html")).toHaveClass(/(^|\s)light(\s|$)/);
    const [saved] = await query<{ theme: string; emailProductNews: boolean }>(
      `SELECT theme, "emailProductNews" FROM "UserPreferences" WHERE "userId" = $1`,
      [account.id],
    );
    expect(saved).toEqual({ theme: "light", emailProductNews: true });
    await page.reload();
    await expect(form.getByRole("radio", { name: /Light/ })).toBeChecked(slow);

    await openFromUserMenu(page, "Billing & Plan", "/dashboard/billing");
    await expect(page.getByText("30-day free trial").first()).toBeVisible();
    await expect(page.getByText("30 of 30 days left")).toBeVisible();
    await expect(page.getByText("$5 in credits", { exact: true })).toBeVisible();
    // The trial is Core until plans can be bought: unlimited bots.
    await expect(page.getByText("0 used · Unlimited")).toBeVisible();
    // Its one cap: three bots running at once.
    await expect(page.getByRole("meter", { name: "Running at once" })).toHaveAttribute("aria-valuemax", "3");
    await expect(page.getByText("0 of 3 used")).toBeVisible();
    const credits = page.getByRole("region", { name: "AI credits" });
    await expect(credits.getByText("$0.00 of $5")).toBeVisible();
    await expect(credits.getByText("No build has spent credits in the trial.")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("billing.png"), fullPage: true });
    await expect(page.getByText("Payments aren't available yet.")).toBeVisible();
    for (const plan of ["Starter", "Core", "Teams", "Enterprise"]) {
      await expect(page.getByRole("heading", { level: 3, name: plan, exact: true })).toBeVisible();
    }
  });
});
