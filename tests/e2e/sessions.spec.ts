/**
 * Sessions end on the server, through the real production server: a session cookie copied before
 * Log Out does not work afterwards (neither /api/session nor a dashboard page), and Account
 * Settings → Security lists the devices and signs one out at once.
 */
import type { BrowserContext, Page } from "@playwright/test";

import { expect, hasDatabase, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function whoAmI(page: Page): Promise<unknown> {
  const response = await page.request.get("/api/session");
  return ((await response.json()) as { user: unknown }).user;
}

let devices = 0;

/** Another browser (a device of its own, with its own client address), optionally with `userAgent`. */
async function otherBrowser(
  context: BrowserContext,
  userAgent?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  devices += 1;
  const other = await context.browser()!.newContext({
    ...test.info().project.use,
    ...(userAgent ? { userAgent } : {}),
    extraHTTPHeaders: { "x-forwarded-for": `10.251.${test.info().workerIndex % 250}.${(Date.now() + devices) % 250}` },
  });
  return { context: other, page: await other.newPage() };
}

test("a session cookie copied before Log Out stops working everywhere", async ({ page, context }, testInfo) => {
  const account = await createAccount(testInfo, { label: "copied-cookie" });
  await signIn(page, account, "/dashboard");
  const copy = await otherBrowser(context);
  try {
    await copy.context.addCookies(await context.cookies());
    expect(await whoAmI(copy.page)).toMatchObject({ email: account.email });

    await page.getByRole("button", { name: /^Account menu for / }).click();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/", slow);

    expect(await whoAmI(copy.page)).toBeNull();
    await copy.page.goto("/dashboard/settings");
    await expect(copy.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/, slow);
  } finally {
    await copy.context.close();
  }
});

test("Security lists the signed-in devices and signs one out at once", async ({ page, context }, testInfo) => {
  const account = await createAccount(testInfo, { label: "devices-list" });
  const phone = await otherBrowser(context, iphone);
  try {
    await signIn(phone.page, account, "/dashboard");
    await signIn(page, account, "/dashboard/settings");
    const list = page.getByRole("list", { name: "Signed-in devices" });
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").first()).toContainText("This device");
    const phoneRow = list.getByRole("listitem").filter({ hasText: "Safari on iPhone" });
    await expect(phoneRow).toContainText(/IP .* · Active now · Signed in/);

    await phoneRow.getByRole("button", { name: "Sign out Safari on iPhone" }).click();
    await expect(
      page.locator('[data-sonner-toast][data-type="success"]').filter({ hasText: "Signed out" }),
    ).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveCount(1);

    expect(await whoAmI(phone.page)).toBeNull();
    await phone.page.goto("/dashboard/settings");
    await expect(phone.page).toHaveURL(/\/login\?callbackUrl=%2Fdashboard%2Fsettings$/, slow);
    expect(await whoAmI(page)).toMatchObject({ email: account.email });
  } finally {
    await phone.context.close();
  }
});
