import type { Page } from "@playwright/test";

import { expect, hasDatabase, query, test } from "./support";
import { createAccount, type TestAccount } from "./support-accounts";
import { codeFor } from "./support-two-factor";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
// Each sign-in hashes a password (argon2); enrolment renders a QR code on the server.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 30_000 };

async function passwordStep(page: Page, account: Pick<TestAccount, "email" | "password">, callbackUrl: string) {
  await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(account.email, slow);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("turn on two-factor in Account Settings, then sign in with a code and with a recovery code", async ({
  page,
  browser,
  clientIp,
}, testInfo) => {
  const account = await createAccount(testInfo, { label: "twofactor" });
  await passwordStep(page, account, "/dashboard/settings");
  await expect(page).toHaveURL((url) => url.pathname === "/dashboard/settings", slow);

  // Enrol: the QR code (drawn on the server) and the key to type by hand, confirmed with a code.
  const security = page.locator("section#security");
  await expect(security.getByRole("heading", { name: "Security" })).toBeVisible();
  await expect(security.getByText("Off", { exact: true })).toBeVisible();
  await security.getByRole("button", { name: "Set Up Two-Factor" }).click();
  const qr = security.getByRole("img", { name: "QR code for your authenticator app" });
  await expect(qr).toBeVisible(slow);
  expect(await qr.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const key = (await security.getByLabel("Setup key").textContent())!.trim();
  expect(key.replace(/\s/g, "")).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: testInfo.outputPath("security-enrolment.png"), fullPage: true });

  const codeField = security.getByLabel("2. Enter the 6-digit code the app shows");
  await codeField.fill("000000");
  await security.getByRole("button", { name: "Turn On" }).click();
  await expect(security.getByText(/That code is not right/)).toBeVisible(slow);
  await codeField.fill(codeFor(key));
  await security.getByRole("button", { name: "Turn On" }).click();

  // The 10 recovery codes, shown once, to copy or download.
  const list = security.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeVisible(slow);
  const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  expect(recoveryCodes).toHaveLength(10);
  const download = page.waitForEvent("download");
  await security.getByRole("button", { name: "Download" }).click();
  expect((await download).suggestedFilename()).toBe("cipher-recovery-codes.txt");
  await page.screenshot({ path: testInfo.outputPath("security-recovery-codes.png"), fullPage: true });
  await security.getByRole("button", { name: "I've saved my codes" }).click();
  await expect(security.getByText("On", { exact: true })).toBeVisible(slow);
  await expect(security.getByText("10 of 10 recovery codes left.")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("security-on.png"), fullPage: true });
  const stored = await query<{ secretSealed: string }>(`SELECT "secretSealed" FROM "TwoFactor" WHERE "userId" = $1`, [
    account.id,
  ]);
  expect(stored[0]?.secretSealed).not.toContain(key.replace(/\s/g, ""));

  // Another browser: the password alone leads to the code step; a wrong code is refused.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp } });
  const second = await other.newPage();
  await passwordStep(second, account, "/dashboard/bots");
  await expect(second).toHaveURL(
    (url) => url.pathname === "/login/two-factor" && url.searchParams.get("callbackUrl") === "/dashboard/bots",
    slow,
  );
  await expect(second.getByRole("heading", { name: "Two-factor authentication" })).toBeVisible();
  // Not signed in yet: the dashboard sends it back to the code step.
  await second.goto("/dashboard/bots");
  await expect(second).toHaveURL((url) => url.pathname === "/login/two-factor", slow);

  const code = second.getByLabel("Authentication code");
  await code.fill("123456");
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(second.getByText(/That code is not right/)).toBeVisible(slow);
  // The code of the next 30-second step: the enrolment's code is used up.
  await code.fill(codeFor(key, 30_000));
  await second.getByRole("button", { name: "Verify" }).click();
  await expect(second).toHaveURL((url) => url.pathname === "/dashboard/bots", slow);
  await other.close();

  // A third browser signs in with a recovery code instead; it then has one code fewer.
  const third = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": clientIp } });
  const thirdPage = await third.newPage();
  await passwordStep(thirdPage, account, "/dashboard/settings");
  await expect(thirdPage).toHaveURL((url) => url.pathname === "/login/two-factor", slow);
  await thirdPage.getByRole("button", { name: "Use a recovery code" }).click();
  await thirdPage.getByLabel("Recovery code").fill(recoveryCodes[0]!);
  await thirdPage.getByRole("button", { name: "Verify" }).click();
  await expect(thirdPage).toHaveURL((url) => url.pathname === "/dashboard/settings", slow);
  await expect(thirdPage.locator("section#security").getByText("9 of 10 recovery codes left.")).toBeVisible(slow);
  await third.close();
});
