import { existsSync, readFileSync } from "node:fs";

import { expect, test } from "@playwright/test";
import pg from "pg";

import { e2eDatabaseUrlFile } from "./server-info";

async function subscriptionCount(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: readFileSync(e2eDatabaseUrlFile, "utf8") });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: string }>(
      `SELECT count(*) FROM "NewsletterSubscription" WHERE email = $1`,
      [email],
    );
    return Number(rows[0]?.count);
  } finally {
    await client.end();
  }
}

test.describe("footer newsletter", () => {
  test("an address without @ shows 'Invalid email' and stores nothing", async ({ page }) => {
    await page.goto("/");
    const field = page.getByLabel("Email address");
    await field.fill("not-an-email");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(field).toHaveValue("not-an-email");
  });

  test("a valid address is stored, the field clears and the success toast shows", async ({ page }, testInfo) => {
    test.skip(!existsSync(e2eDatabaseUrlFile), "needs the database of the server the suite started (not E2E_BASE_URL)");
    const email = `reader-${testInfo.project.name}-${Date.now()}@example.com`;
    await page.goto("/");
    const field = page.getByLabel("Email address");
    await field.fill(email.toUpperCase());
    await page.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByText("Successfully subscribed!")).toBeVisible();
    await expect(field).toHaveValue("");
    expect(await subscriptionCount(email)).toBe(1);
  });
});
