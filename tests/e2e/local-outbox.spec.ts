/**
 * A newcomer on the machine running Cipher, with no mail service configured: "Check your email"
 * links to the local outbox, which shows the confirmation email and its link. From any other
 * address the outbox answers 404 and the notice does not link to it. (The suite's server trusts
 * one proxy hop, the browser on loopback: X-Forwarded-For says who the client is.)
 */
import type { Page } from "@playwright/test";

import { emailedLink, expect, test } from "./support";
import { newAccountDetails } from "./support-accounts";

test.skip(({ isMobile }) => isMobile, "server flow, covered once on desktop");

async function signUp(page: Page, account: ReturnType<typeof newAccountDetails>) {
  await page.goto("/signup");
  const field = (label: string) => page.getByRole("main").getByLabel(new RegExp(`^${label}`));
  await field("Full name").fill(account.fullName);
  await field("Username").fill(account.username);
  await field("Email").fill(account.email);
  await field("Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  const notice = page.getByRole("main").getByRole("status").filter({ hasText: "Check your email" });
  await expect(notice).toContainText(account.email);
  return notice;
}

test("on this machine, 'Check your email' links to the local outbox, which holds the confirmation link", async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": "127.0.0.1" });
  const account = newAccountDetails(testInfo, "outbox");
  const notice = await signUp(page, account);
  const link = notice.getByRole("link", { name: "local outbox" });
  await expect(link).toHaveAttribute("href", "/dev/outbox");

  const [outbox] = await Promise.all([page.waitForEvent("popup"), link.click()]);
  await outbox.setExtraHTTPHeaders({ "x-forwarded-for": "127.0.0.1" });
  await expect(outbox.getByRole("heading", { level: 1 })).toHaveText("Outbox");
  await outbox
    .getByRole("link")
    .filter({ hasText: `To ${account.email}` })
    .first()
    .click();
  const confirm = await emailedLink(account.email, "signup-confirmation", "/auth/confirm");
  const shown = outbox.getByTestId("outbox-links").getByRole("link");
  await expect(shown.filter({ hasText: confirm })).toHaveCount(1);
});

test("from another address the outbox is a 404 and the notice does not link to it", async ({ page }, testInfo) => {
  const response = await page.goto("/dev/outbox");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("Outbox", { exact: true })).toHaveCount(0);
  const notice = await signUp(page, newAccountDetails(testInfo, "outbox-remote"));
  await expect(notice.getByRole("link", { name: "local outbox" })).toHaveCount(0);
});
