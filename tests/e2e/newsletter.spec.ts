import type { Page } from "@playwright/test";

import { countActionCalls, hydrated, rateLimitedText, spendRestOfMinute, uniqueEmail } from "./forms-support";
import { emailedLink, expect, hasDatabase, query, test } from "./support";

type Subscription = { confirmedAt: Date | null; unsubscribedAt: Date | null; unsubscribeToken: string };

async function subscription(email: string): Promise<Subscription | undefined> {
  const rows = await query<Subscription>(
    `SELECT "confirmedAt", "unsubscribedAt", "unsubscribeToken" FROM "NewsletterSubscription" WHERE email = $1`,
    [email.toLowerCase()],
  );
  return rows[0];
}

/** The footer form; its Subscribe button is the one whose name is exactly "Subscribe". */
function footerForm(page: Page) {
  return {
    field: page.getByLabel("Email address"),
    submit: page.getByRole("button", { name: "Subscribe", exact: true }),
  };
}

test.describe("footer newsletter", () => {
  test("an address without @ shows 'Invalid email' and calls nothing", async ({ page }) => {
    const actionCalls = countActionCalls(page);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await field.fill("not-an-email");
    await (await hydrated(submit)).click();
    await expect(page.getByText("Invalid email")).toBeVisible();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(field).toHaveValue("not-an-email");
    expect(actionCalls()).toBe(0);
  });

  test("a valid address is stored unconfirmed, the field clears and the success toast shows", async ({
    page,
  }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    const email = uniqueEmail("reader", testInfo.project.name);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await field.fill(email.toUpperCase());
    await (await hydrated(submit)).click();
    await expect(page.getByText("Successfully subscribed!")).toBeVisible();
    await expect(
      page.getByText("You've been added to our newsletter. Check your email for confirmation."),
    ).toBeVisible();
    await expect(field).toHaveValue("");
    expect(await subscription(email)).toMatchObject({ confirmedAt: null, unsubscribedAt: null });
  });

  test("the emailed link confirms only on the button press, once; the unsubscribe link unsubscribes", async ({
    page,
  }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    test.setTimeout(60_000); // four page loads on a dev server that compiles on demand
    const email = uniqueEmail("double-opt-in", testInfo.project.name);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await field.fill(email);
    await (await hydrated(submit)).click();
    await expect(field).toHaveValue("");

    const confirmLink = await emailedLink(email, "newsletter-confirmation", "/newsletter/confirm");
    await page.goto(confirmLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Confirm your subscription");
    // Opening the link (as mail scanners do) changes nothing.
    expect((await subscription(email))?.confirmedAt).toBeNull();
    await page.getByRole("button", { name: "Confirm subscription" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're subscribed");
    expect((await subscription(email))?.confirmedAt).not.toBeNull();

    await page.goto(confirmLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");

    const unsubscribeLink = await emailedLink(email, "newsletter-confirmation", "/newsletter/unsubscribe");
    await page.goto(unsubscribeLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Unsubscribe from the Cipher newsletter");
    expect((await subscription(email))?.unsubscribedAt).toBeNull();
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
    expect((await subscription(email))?.unsubscribedAt).not.toBeNull();

    await page.goto(unsubscribeLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You have been unsubscribed");
  });

  test("an expired confirmation link says so and confirms nothing", async ({ page }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    const email = uniqueEmail("expired", testInfo.project.name);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await field.fill(email);
    await (await hydrated(submit)).click();
    await expect(field).toHaveValue("");
    const confirmLink = await emailedLink(email, "newsletter-confirmation", "/newsletter/confirm");
    await query(
      `UPDATE "NewsletterSubscription" SET "confirmTokenExpires" = now() - interval '1 minute' WHERE email = $1`,
      [email],
    );

    await page.goto(confirmLink);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link has expired");
    await expect(page.getByRole("button", { name: "Confirm subscription" })).toHaveCount(0);
    expect((await subscription(email))?.confirmedAt).toBeNull();
  });

  test("mail clients can unsubscribe with one click (RFC 8058 POST)", async ({ page, request }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    const email = uniqueEmail("one-click", testInfo.project.name);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await field.fill(email);
    await (await hydrated(submit)).click();
    await expect(field).toHaveValue("");
    const { unsubscribeToken } = (await subscription(email))!;

    const refused = await request.post(`/api/newsletter/unsubscribe?token=not-a-token`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(refused.status()).toBe(404);
    const response = await request.post(`/api/newsletter/unsubscribe?token=${unsubscribeToken}`, {
      form: { "List-Unsubscribe": "One-Click" },
    });
    expect(response.status()).toBe(200);
    expect((await subscription(email))?.unsubscribedAt).not.toBeNull();
  });

  test("link pages without a token say the link is not valid and are not indexed", async ({ page }) => {
    for (const path of ["/newsletter/confirm", "/newsletter/unsubscribe?token=nope"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link is not valid");
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    }
  });

  test("the 11th subscription in a minute from one address shows 'Subscription failed' with the reason", async ({
    page,
    clientIp,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto("/");
    const { field, submit } = footerForm(page);
    await hydrated(submit);
    // With the server's database at hand one real send, then the rest of the minute counted; else ten real sends.
    for (let attempt = 1; attempt <= (hasDatabase() ? 1 : 10); attempt += 1) {
      await field.fill(uniqueEmail(`burst-${attempt}`, testInfo.project.name));
      await submit.click();
      await expect(field).toHaveValue("");
    }
    if (hasDatabase()) await spendRestOfMinute("form:newsletter", clientIp);
    const refused = uniqueEmail("burst-refused", testInfo.project.name);
    await field.fill(refused);
    await submit.click();
    await expect(page.getByText("Subscription failed")).toBeVisible();
    await expect(page.getByText(rateLimitedText)).toBeVisible();
    await expect(field).toHaveValue(refused);
    if (hasDatabase()) expect(await subscription(refused)).toBeUndefined();
  });
});
