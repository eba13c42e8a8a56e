/**
 * Accounts for e2e tests that are not about signing up: created straight in the e2e server's
 * database (confirmed or not), each with an address and username no other test or project uses.
 */
import { randomUUID } from "node:crypto";

import type { Page, TestInfo } from "@playwright/test";

import { hashPassword } from "../../lib/auth/password";
import { expect, query } from "./support";

export type TestAccount = { id: string; email: string; username: string; fullName: string; password: string };

let sequence = 0;

/** A short suffix no other test, project or run shares (lowercase, for emails and usernames). */
function uniqueSuffix(testInfo: TestInfo): string {
  sequence += 1;
  const project = testInfo.project.name.replace(/[^a-z0-9]/gi, "").toLowerCase();
  return `${project}_${Date.now().toString(36)}${process.pid.toString(36)}${testInfo.workerIndex}${sequence}`;
}

/** Fresh sign-up details for `label` ("signup", "dupe"…): nothing in the database uses them yet. */
export function newAccountDetails(testInfo: TestInfo, label: string): Omit<TestAccount, "id"> {
  const suffix = uniqueSuffix(testInfo);
  return {
    email: `${label}-${suffix.replace(/_/g, "-")}@example.test`,
    // Usernames allow [a-z0-9_] and at most 32 characters.
    username: `u${suffix}`.slice(-32),
    fullName: `E2E ${label}`,
    password: `Cipher-e2e-${suffix}!`,
  };
}

/** Creates an account with its profile; confirmed unless `confirmed: false`. */
export async function createAccount(
  testInfo: TestInfo,
  { label = "user", confirmed = true }: { label?: string; confirmed?: boolean } = {},
): Promise<TestAccount> {
  const details = newAccountDetails(testInfo, label);
  const id = `e2e${randomUUID().replace(/-/g, "")}`;
  await query(
    `INSERT INTO "User" (id, email, name, "passwordHash", "emailVerified", "updatedAt")
     VALUES ($1, $2, $3, $4, $5, now())`,
    [id, details.email, details.fullName, await hashPassword(details.password), confirmed ? new Date() : null],
  );
  await query(`INSERT INTO "Profile" ("userId", username, "fullName", "updatedAt") VALUES ($1, $2, $3, now())`, [
    id,
    details.username,
    details.fullName,
  ]);
  return { id, ...details };
}

/** Signs in through the form with `callbackUrl` and waits until that page is open. */
export async function signIn(page: Page, account: Pick<TestAccount, "email" | "password">, callbackUrl: string) {
  const slow = { timeout: 30_000 };
  await page.goto(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email").fill(account.email, slow);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === callbackUrl, slow);
}
