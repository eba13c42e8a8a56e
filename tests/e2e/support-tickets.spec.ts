import type { Page } from "@playwright/test";

import { hashPassword } from "../../lib/auth/password";
import { e2eSupportAdminConfigured, e2eSupportAdminEmail } from "./server-info";
import { expect, hasDatabase, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";
import { enrolTwoFactor } from "./support-two-factor";

test.skip(!hasDatabase(), "accounts are created directly in the server's database");
test.describe.configure({ timeout: 180_000 });
const slow = { timeout: 60_000 };

/** The operator the e2e server lists in SUPPORT_ADMIN_EMAILS (scripts/e2e-server.ts). */
const adminEmail = e2eSupportAdminEmail;
const adminConfigured = e2eSupportAdminConfigured;

async function openTicket(page: Page, subject: string) {
  const form = page.getByRole("form", { name: "Submit New Ticket" });
  await form.getByLabel("Subject").fill(subject, slow);
  await form.getByLabel("Category").selectOption("technical");
  await form.getByLabel("Description").fill("My moderation bot goes offline a minute after it starts.");
  await form.getByRole("button", { name: "Submit Ticket" }).click();
  await expect(page).toHaveURL(/\/dashboard\/support\/tickets\/TKT-001$/, slow);
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible(slow);
  await expect(page.getByText("TKT-001", { exact: true })).toBeVisible();
}

async function reply(page: Page, body: string) {
  const form = page.getByRole("form", { name: "Reply" });
  await form.getByLabel("Your reply").fill(body);
  await form.getByRole("button", { name: "Send Reply" }).click();
  await expect(page.getByRole("list", { name: "Conversation" }).getByText(body)).toBeVisible(slow);
}

test.describe("support tickets", () => {
  test("draft → resume → submit TKT-001 → reply → close; other users get a 404", async ({
    page,
    browser,
  }, testInfo) => {
    const account = await createAccount(testInfo, { label: "support" });
    await signIn(page, account, "/dashboard/support");
    await expect(page.getByRole("heading", { name: "Support Center" })).toBeVisible(slow);
    await expect(page.getByText("No tickets yet")).toBeVisible();

    // Save Draft keeps the form; Resume brings it back.
    const form = page.getByRole("form", { name: "Submit New Ticket" });
    await form.getByLabel("Subject").fill("Half-written question", slow);
    await form.getByLabel("Category").selectOption("billing");
    await form.getByRole("button", { name: "Save Draft" }).click();
    await expect(page.getByText("Draft saved")).toBeVisible(slow);
    await page.reload();
    await page.getByRole("button", { name: "Resume draft Half-written question" }).click(slow);
    await expect(form.getByLabel("Subject")).toHaveValue("Half-written question");
    await expect(form.getByLabel("Category")).toHaveValue("billing");
    await form.getByLabel("Description").fill("I was charged twice this month.");
    await form.getByRole("button", { name: "Submit Ticket" }).click();
    await expect(page).toHaveURL(/\/dashboard\/support\/tickets\/TKT-001$/, slow);
    await expect(page.getByText("I was charged twice this month.")).toBeVisible();

    await reply(page, "The second charge is dated the 3rd.");
    await page.getByRole("button", { name: "Close Ticket" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Close Ticket" }).click();
    await expect(page.getByText("Resolved", { exact: true }).first()).toBeVisible(slow);

    await page.getByRole("link", { name: "Back to Support" }).click();
    await expect(page.getByRole("list", { name: "Your tickets" }).getByText("Half-written question")).toBeVisible(slow);
    await expect(page.getByRole("button", { name: /Resume draft/ })).toHaveCount(0);
    const stats = page.locator("dl").first();
    await expect(stats).toContainText("Resolved This Month1");

    // FAQ: search narrows the list; opening an entry counts a view.
    await page.getByLabel("Search FAQ").fill("token securely");
    const question = page.getByRole("button", { name: /Is my bot token stored securely/ });
    await expect(question).toBeVisible();
    await expect(page.getByRole("button", { name: /Which languages/ })).toHaveCount(0);
    const [before] = await query<{ views: number }>(`SELECT views FROM "FaqView" WHERE slug = 'token-security'`);
    await question.click();
    await expect(question).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(/AES-256-GCM/)).toBeVisible();
    await expect
      .poll(
        async () =>
          (await query<{ views: number }>(`SELECT views FROM "FaqView" WHERE slug = 'token-security'`))[0]?.views,
        slow,
      )
      .toBe((before?.views ?? 0) + 1);

    // Live Chat opens the support chat widget.
    await page.getByRole("button", { name: "Start Chat" }).click();
    await expect(page.getByRole("dialog", { name: "Cipher Support" })).toBeVisible(slow);

    // Someone else's TKT-001 is a 404 for this user, and the operators' page too.
    const other = await createAccount(testInfo, { label: "other" });
    const otherContext = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": `10.250.${testInfo.workerIndex}.9` },
    });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, other, "/dashboard/support");
    const response = await otherPage.goto("/dashboard/support/tickets/TKT-001");
    expect(response?.status()).toBe(404);
    expect((await otherPage.goto("/dashboard/support/admin"))?.status()).toBe(404);
    await otherContext.close();
  });

  test("open a ticket → reply → the operator answers → the user is notified", async ({ page, browser }, testInfo) => {
    test.skip(!adminConfigured, `the server's SUPPORT_ADMIN_EMAILS must list ${adminEmail}`);
    // One operator account, whose two-factor is set up afresh here: one project runs it.
    test.skip(testInfo.project.name !== "desktop", "the operator's two-factor enrolment runs once, on desktop");
    const account = await createAccount(testInfo, { label: "asker" });
    await signIn(page, account, "/dashboard/support");
    await openTicket(page, "Bot goes offline");
    await reply(page, "It happens on every restart.");

    // The operator: a fixed address with a known password. An upsert rather than delete-and-create,
    // so the desktop and mobile runs of this test never sign each other's operator out.
    const admin = { email: adminEmail, password: "Cipher-e2e-operator-1!" };
    await query(
      `INSERT INTO "User" (id, email, name, "passwordHash", "emailVerified", "updatedAt")
       VALUES ($1, $2, 'Support Operator', $3, now(), now())
       ON CONFLICT (email) DO UPDATE SET "passwordHash" = EXCLUDED."passwordHash", "emailVerified" = now()`,
      [`e2eadmin${Date.now().toString(36)}${testInfo.workerIndex}`, adminEmail, await hashPassword(admin.password)],
    );
    await query(`DELETE FROM "TwoFactor" WHERE "userId" = (SELECT id FROM "User" WHERE email = $1)`, [adminEmail]);
    const adminContext = await browser.newContext({
      extraHTTPHeaders: { "x-forwarded-for": `10.251.${testInfo.workerIndex}.${testInfo.repeatEachIndex + 1}` },
    });
    const adminPage = await adminContext.newPage();
    // Support tools need two-factor: the operator is sent to set it up first, then gets in.
    await adminPage.goto("/login?callbackUrl=%2Fdashboard%2Fsupport%2Fadmin");
    const login = adminPage.getByRole("form", { name: "Sign in" });
    await login.getByLabel("Email").fill(admin.email, slow);
    await login.getByLabel("Password").fill(admin.password);
    await login.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(adminPage).toHaveURL((url) => url.pathname === "/dashboard/settings", slow);
    await expect(adminPage.getByText("Support tools need two-factor authentication.")).toBeVisible();
    await enrolTwoFactor(adminPage);
    await adminPage.goto("/dashboard/support/admin");
    await adminPage.getByRole("link", { name: new RegExp(`Bot goes offline[\\s\\S]*${account.email}`) }).click();
    await expect(adminPage.getByText("It happens on every restart.")).toBeVisible(slow);
    const answer = adminPage.getByRole("form", { name: "Answer as support" });
    await answer.getByLabel("Answer").fill("Your token was reset; paste the new one and restart.");
    await answer.getByRole("button", { name: "Send Answer" }).click();
    await expect(adminPage.getByText("Answer sent")).toBeVisible(slow);
    await adminContext.close();

    // The user: the answer is in the thread, marked as support, and a notification exists.
    await page.reload();
    await expect(page.getByText("Your token was reset; paste the new one and restart.")).toBeVisible(slow);
    await expect(page.getByText("In Progress", { exact: true }).first()).toBeVisible();
    const notifications = await query<{ kind: string; title: string; href: string }>(
      `SELECT kind, title, href FROM "Notification" WHERE "userId" = $1`,
      [account.id],
    );
    expect(notifications).toEqual([
      { kind: "ticket_answered", title: "Support answered TKT-001", href: "/dashboard/support/tickets/TKT-001" },
    ]);
    // The bell shows it once the top bar lists notifications; until then the database is the witness.
    await page.getByRole("button", { name: /Notifications/ }).click();
    const bell = page.getByText("Support answered TKT-001");
    if (await bell.isVisible().catch(() => false)) await expect(bell).toBeVisible();
  });
});
