/**
 * Two-factor in e2e tests: turning it on through Account Settings → Security as a user would, and
 * the codes an authenticator app would show.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";

import { expect } from "./support";

const slow = { timeout: 30_000 };

/** What an authenticator app shows for `key` (as the page shows it), `offsetMs` from now. */
export function codeFor(key: string, offsetMs = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(key.replace(/\s/g, "")), digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + offsetMs });
}

/** On /dashboard/settings: sets two-factor up and answers the key and the 10 recovery codes. */
export async function enrolTwoFactor(page: Page): Promise<{ key: string; recoveryCodes: string[] }> {
  const security = page.locator("section#security");
  await security.getByRole("button", { name: "Set Up Two-Factor" }).click(slow);
  const key = (await security.getByLabel("Setup key").textContent(slow))!.trim();
  await security.getByLabel("2. Enter the 6-digit code the app shows").fill(codeFor(key));
  await security.getByRole("button", { name: "Turn On" }).click();
  const list = security.getByRole("list", { name: "Recovery codes" });
  await expect(list).toBeVisible(slow);
  const recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((code) => code.trim());
  await security.getByRole("button", { name: "I've saved my codes" }).click();
  await expect(security.getByText("On", { exact: true })).toBeVisible(slow);
  return { key, recoveryCodes };
}
