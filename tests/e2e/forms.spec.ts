/**
 * What the partner inquiry and contact forms store and send, and how they fail. Their pages'
 * headings, validation markers and success toasts are covered in company-pages.spec.ts.
 */
import type { Page } from "@playwright/test";

import { countActionCalls, hydrated, rateLimitedText, spendRestOfMinute, uniqueEmail } from "./forms-support";
import { expect, hasDatabase, query, test } from "./support";

const supportEmail = "support@cipher.dev";

async function outboxCount(to: string, template: string, containing: string): Promise<number> {
  const rows = await query<{ count: string }>(
    `SELECT count(*) FROM "OutboxEmail" WHERE "to" = $1 AND template = $2 AND html LIKE '%' || $3 || '%'`,
    [to.toLowerCase(), template, containing],
  );
  return Number(rows[0]?.count);
}

function partnerForm(page: Page) {
  const form = page.getByRole("form", { name: "Partner inquiry" });
  return {
    form,
    submit: form.getByRole("button", { name: "Submit Inquiry" }),
    /** Fills the five required fields. */
    async fillRequired(email: string) {
      await form.getByLabel("Company name").fill("Acme Games");
      await form.getByLabel("Partnership type").selectOption("channel");
      await form.getByLabel("Your name").fill("Grace Hopper");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Partnership proposal").fill("Reselling Cipher to our studio network.");
    },
  };
}

function contactForm(page: Page) {
  const form = page.getByRole("form", { name: "Contact form" });
  return {
    form,
    submit: form.getByRole("button", { name: "Send Inquiry" }),
    async fill(email: string, message = "My bot stops responding after a restart.") {
      await form.getByLabel("First name").fill("Ada");
      await form.getByLabel("Last name").fill("Lovelace");
      await form.getByLabel("Email").fill(email);
      await form.getByLabel("Message").fill(message);
    },
  };
}

test.describe("partner inquiry form", () => {
  test("required fields holding only spaces show 'Missing Information' and nothing is sent", async ({ page }) => {
    const actionCalls = countActionCalls(page);
    await page.goto("/partner-inquiry");
    const { form, submit, fillRequired } = partnerForm(page);
    await fillRequired("grace@acme.example");
    await form.getByLabel("Your name").fill("   ");
    await (await hydrated(submit)).click();

    await expect(page.getByText("Missing Information")).toBeVisible();
    await expect(page.getByText("Please fill in all required fields marked with *")).toBeVisible();
    await expect(form.getByLabel("Company name")).toHaveValue("Acme Games");
    expect(actionCalls()).toBe(0);
  });

  test("a submitted inquiry is stored and both emails are sent", async ({ page }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    const email = uniqueEmail("partner", testInfo.project.name);
    await page.goto("/partner-inquiry");
    const { form, submit, fillRequired } = partnerForm(page);
    await fillRequired(email);
    await form.getByLabel("Company website").fill("https://acme.example");
    await (await hydrated(submit)).click();

    await expect(page.getByText("Inquiry Submitted!")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue("");
    const rows = await query<Record<string, string | null>>(
      `SELECT "companyName", "partnershipType", "yourName", "website", "timeline" FROM "PartnerInquiry" WHERE email = $1`,
      [email],
    );
    expect(rows).toEqual([
      {
        companyName: "Acme Games",
        partnershipType: "channel",
        yourName: "Grace Hopper",
        website: "https://acme.example",
        timeline: null,
      },
    ]);
    expect(await outboxCount(email, "partner-inquiry-received", "Acme Games")).toBe(1);
    expect(await outboxCount(supportEmail, "partner-inquiry-notification", email)).toBe(1);
  });

  test("the 11th inquiry in a minute from one address shows 'Submission Failed' and keeps the form", async ({
    page,
    clientIp,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto("/partner-inquiry");
    const { form, submit, fillRequired } = partnerForm(page);
    await hydrated(submit);
    // With the server's database at hand one real send, then the rest of the minute counted; else ten real sends.
    for (let attempt = 1; attempt <= (hasDatabase() ? 1 : 10); attempt += 1) {
      await fillRequired(uniqueEmail(`partner-burst-${attempt}`, testInfo.project.name));
      await submit.click();
      await expect(form.getByLabel("Email")).toHaveValue("");
    }
    if (hasDatabase()) await spendRestOfMinute("form:partner-inquiry", clientIp);
    const refused = uniqueEmail("partner-refused", testInfo.project.name);
    await fillRequired(refused);
    await submit.click();

    await expect(page.getByText("Submission Failed")).toBeVisible();
    await expect(page.getByText(rateLimitedText)).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(refused);
    if (hasDatabase()) {
      expect(await query(`SELECT 1 FROM "PartnerInquiry" WHERE email = $1`, [refused])).toHaveLength(0);
    }
  });
});

test.describe("contact form", () => {
  test("a sent message is stored and emailed to support", async ({ page }, testInfo) => {
    test.skip(!hasDatabase(), "needs the database of the server under test");
    const email = uniqueEmail("contact", testInfo.project.name);
    await page.goto("/contact");
    const { form, submit, fill } = contactForm(page);
    await fill(email);
    await form.getByLabel("Subject").selectOption("Billing Question");
    await (await hydrated(submit)).click();

    await expect(page.getByText("Message sent")).toBeVisible();
    const rows = await query<{ subject: string; message: string }>(
      `SELECT subject, message FROM "ContactMessage" WHERE email = $1`,
      [email],
    );
    expect(rows).toEqual([{ subject: "Billing Question", message: "My bot stops responding after a restart." }]);
    expect(await outboxCount(supportEmail, "contact-message", email)).toBe(1);
  });

  test("the 11th message in a minute from one address shows 'Message failed' with the reason", async ({
    page,
    clientIp,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.goto("/contact");
    const { form, submit, fill } = contactForm(page);
    await hydrated(submit);
    for (let attempt = 1; attempt <= (hasDatabase() ? 1 : 10); attempt += 1) {
      await fill(uniqueEmail(`contact-burst-${attempt}`, testInfo.project.name));
      await submit.click();
      await expect(form.getByLabel("Email")).toHaveValue("");
    }
    if (hasDatabase()) await spendRestOfMinute("form:contact", clientIp);
    const refused = uniqueEmail("contact-refused", testInfo.project.name);
    await fill(refused);
    await submit.click();

    await expect(page.getByText("Message failed")).toBeVisible();
    await expect(page.getByText(rateLimitedText)).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveValue(refused);
    if (hasDatabase()) {
      expect(await query(`SELECT 1 FROM "ContactMessage" WHERE email = $1`, [refused])).toHaveLength(0);
    }
  });

  test("a message stops at 5,000 characters, and a longer one is refused beside the field", async ({ page }) => {
    const actionCalls = countActionCalls(page);
    await page.goto("/contact");
    const { form, submit, fill } = contactForm(page);
    await fill("ada@example.com", "m".repeat(6000));
    await expect(form.getByLabel("Message")).toHaveValue("m".repeat(5000));

    // Past the maxlength (pasted by a script, say): the shared schema refuses it before any request.
    await form.getByLabel("Message").evaluate((element: HTMLTextAreaElement) => {
      element.removeAttribute("maxlength");
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(element, "m ".repeat(3000));
      element.dispatchEvent(new Event("input", { bubbles: true }));
    });
    await (await hydrated(submit)).click();
    await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Message must be at most 5000 characters");
    expect(actionCalls()).toBe(0);
  });

  test("a request over the 1 MB body limit is refused with 413 and the form keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    const { form, submit, fill } = contactForm(page);
    await page.route("**/contact", async (route) => {
      const request = route.request();
      if (request.method() !== "POST" || !request.headers()["next-action"]) return route.continue();
      const body = (request.postData() ?? "").replace('"message":"Hi"', `"message":"${"m".repeat(1200 * 1024)}"`);
      await route.continue({ postData: body });
    });
    await fill("ada@example.com", "Hi");
    const response = page.waitForResponse((res) => res.request().method() === "POST" && res.url().endsWith("/contact"));
    await (await hydrated(submit)).click();

    expect((await response).status()).toBe(413);
    await expect(page.getByText("Message failed")).toBeVisible();
    await expect(page.getByText("An unexpected error occurred. Please try again.")).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveValue("Hi");
  });
});
