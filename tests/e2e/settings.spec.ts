import type { Locator, Page } from "@playwright/test";

import { expect, hasDatabase, query, test } from "./support";
import { createAccount, type TestAccount } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Signing in, changing a password and deleting an account each hash passwords (argon2) and, on a
// development server, may compile pages on first use.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

/** The sonner toast with `title`. */
function toast(page: Page, title: string, type: "error" | "success" | "info" = "success"): Locator {
  return page.locator(`[data-sonner-toast][data-type="${type}"]`).filter({ hasText: title });
}

/** Clicks `button` and waits for the server action it starts to answer. */
async function submit(page: Page, button: Locator): Promise<void> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && Boolean(response.request().headers()["next-action"]),
  );
  await button.click();
  await answered;
}

async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">, path = "/login") {
  await page.goto(path);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
}

async function openSettings(page: Page, account: TestAccount) {
  await signIn(page, account, "/login?callbackUrl=%2Fdashboard%2Fsettings");
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/settings", slow);
  await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
}

function userMenuButton(page: Page): Locator {
  return page.getByRole("button", { name: /^Account menu for / });
}

async function logOut(page: Page) {
  await userMenuButton(page).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/", slow);
}

test.describe("dashboard shell", () => {
  test("the user menu shows the email's initial and name part and opens Account Settings", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "menu" });
    const namePart = account.email.split("@")[0]!;
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard", slow);
    // A first visit greets by the chosen name, without "back".
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, Commander ${account.username}`);
    await expect(page.getByText("0 Bots Active")).toBeVisible();

    const trigger = userMenuButton(page);
    await expect(trigger).toHaveAccessibleName(`Account menu for ${namePart}`);
    await expect(trigger).toContainText("M");
    await trigger.click();
    const menu = page.getByRole("menu");
    await expect(menu).toContainText(namePart);
    await expect(menu).toContainText(account.email);
    for (const [label, href] of [
      ["Billing & Plan", "/dashboard/billing"],
      ["Activity Log", "/dashboard/activity"],
      ["Preferences", "/dashboard/preferences"],
    ]) {
      await expect(menu.getByRole("menuitem", { name: label })).toHaveAttribute("href", href!);
    }
    await menu.getByRole("menuitem", { name: "Account Settings" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/settings", slow);
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();
  });

  test("the sidebar marks the current section; below 768 px it is a drawer", async ({ page, isMobile }, testInfo) => {
    const account = await createAccount(testInfo, { label: "nav" });
    await signIn(page, account);
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard", slow);
    if (isMobile) {
      await expect(page.getByRole("link", { name: "My Bots", exact: true })).toHaveCount(0);
      await page.getByRole("button", { name: "Open navigation" }).click();
      const drawer = page.getByRole("dialog", { name: "Dashboard navigation" });
      await expect(drawer.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await drawer.getByRole("link", { name: "My Bots", exact: true }).click();
      await expect(drawer).toHaveCount(0);
    } else {
      await page
        .getByRole("complementary", { name: "Sidebar" })
        .getByRole("link", { name: "My Bots", exact: true })
        .click();
    }
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard/bots", slow);
    await expect(page.getByRole("heading", { level: 1, name: "My Bots" })).toBeVisible();
    await expect(page.getByText("No bots yet")).toBeVisible();
    if (isMobile) await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(page.getByRole("link", { name: "My Bots", exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("a signed-out visit to /dashboard/settings asks to sign in first", async ({ page }) => {
    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/, slow);
  });
});

test.describe("account settings", () => {
  test("changes the full name and username; a taken username is refused", async ({ page }, testInfo) => {
    const other = await createAccount(testInfo, { label: "other" });
    const account = await createAccount(testInfo, { label: "profile" });
    await openSettings(page, account);
    const profile = page.getByRole("form", { name: "Profile" });
    const username = profile.getByLabel("Username");
    await expect(username).toHaveValue(account.username);

    await username.fill(other.username);
    await submit(page, profile.getByRole("button", { name: "Save Profile" }));
    await expect(profile.getByText("This username is taken. Try another one.")).toBeVisible();
    await expect(username).toHaveAttribute("aria-invalid", "true");

    const newUsername = `${account.username.slice(0, 28)}_new`;
    await username.fill(newUsername);
    await profile.getByLabel("Full name").fill("Renamed Commander");
    await submit(page, profile.getByRole("button", { name: "Save Profile" }));
    await expect(toast(page, "Profile saved")).toBeVisible();

    await page.reload();
    await expect(profile.getByLabel("Username")).toHaveValue(newUsername);
    await expect(profile.getByLabel("Full name")).toHaveValue("Renamed Commander");
    const rows = await query<{ username: string; fullName: string }>(
      `SELECT username, "fullName" FROM "Profile" WHERE "userId" = $1`,
      [account.id],
    );
    expect(rows).toEqual([{ username: newUsername, fullName: "Renamed Commander" }]);
    // The dashboard greets by the new name at once.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`Commander ${newUsername}`);
  });

  test("changes the password: the wrong current one is refused, the new one signs in", async ({ page }, testInfo) => {
    const account = await createAccount(testInfo, { label: "password" });
    await openSettings(page, account);
    const form = page.getByRole("form", { name: "Password" });
    const newPassword = `${account.password}-changed`;

    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
    await form.getByLabel("Confirm new password").fill(newPassword);
    await submit(page, form.getByRole("button", { name: "Change Password" }));
    await expect(form.getByText("Your current password is incorrect.")).toBeVisible();

    await form.getByLabel("Current password").fill(account.password);
    await submit(page, form.getByRole("button", { name: "Change Password" }));
    await expect(toast(page, "Password changed")).toBeVisible();
    await expect(form.getByLabel("Current password")).toHaveValue("");

    // This browser stays signed in with the re-issued session.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account Settings" })).toBeVisible();

    await logOut(page);
    await signIn(page, account);
    await expect(toast(page, "Sign in failed", "error")).toBeVisible();
    await signIn(page, { email: account.email, password: newPassword });
    await expect(page).toHaveURL((url) => url.pathname === "/dashboard", slow);
  });

  test("a password change signs out the account's other sessions", async ({ page, browser }, testInfo) => {
    const account = await createAccount(testInfo, { label: "devices" });
    const otherDevice = await browser.newContext({
      ...testInfo.project.use,
      extraHTTPHeaders: { "x-forwarded-for": `10.250.${testInfo.workerIndex}.${Date.now() % 250}` },
    });
    const otherPage = await otherDevice.newPage();
    try {
      await signIn(otherPage, account);
      await expect(otherPage).toHaveURL((url) => url.pathname === "/dashboard", slow);

      await openSettings(page, account);
      const form = page.getByRole("form", { name: "Password" });
      const newPassword = `${account.password}-devices`;
      await form.getByLabel("Current password").fill(account.password);
      await form.getByRole("textbox", { name: "New password", exact: true }).fill(newPassword);
      await form.getByLabel("Confirm new password").fill(newPassword);
      await submit(page, form.getByRole("button", { name: "Change Password" }));
      await expect(toast(page, "Password changed")).toBeVisible();

      await otherPage.goto("/dashboard/settings");
      await expect(otherPage).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/, slow);
    } finally {
      await otherDevice.close();
    }
  });

  test("deletes the account once its email and password are typed, signs out and goes home", async ({
    page,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "delete" });
    await openSettings(page, account);
    const form = page.getByRole("form", { name: "Delete account" });
    const button = form.getByRole("button", { name: "Delete Account" });
    const confirmation = form.getByLabel(/to confirm$/);

    await expect(button).toBeDisabled();
    await confirmation.fill("someone-else@example.test");
    await expect(button).toBeDisabled();
    await confirmation.fill(account.email);
    await expect(button).toBeEnabled();
    // Re-authentication: the session alone does not delete the account.
    await form.getByLabel("Your password").fill("not-the-password");
    await submit(page, button);
    await expect(form.getByText("That password is not right.")).toBeVisible();
    expect(await query(`SELECT id FROM "User" WHERE id = $1`, [account.id])).toHaveLength(1);
    await form.getByLabel("Your password").fill(account.password);
    await button.click();

    await expect(page).toHaveURL((url) => url.pathname === "/", slow);
    await expect(toast(page, "Account deleted")).toBeVisible();
    expect(await query(`SELECT id FROM "User" WHERE id = $1`, [account.id])).toEqual([]);
    expect(await query(`SELECT "userId" FROM "Profile" WHERE "userId" = $1`, [account.id])).toEqual([]);

    await page.goto("/dashboard/settings");
    await expect(page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/, slow);
  });
});
