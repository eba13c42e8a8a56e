import { expect, test } from "@playwright/test";

import { hydrated } from "./support";

const pages = [
  { path: "/about", h1: "About Cipher" },
  { path: "/contact", h1: "Contact Us" },
  { path: "/partners", h1: "Partner with Cipher" },
  { path: "/partner-inquiry", h1: "Partner Inquiry" },
  { path: "/privacy", h1: "Privacy Policy" },
  { path: "/terms", h1: "Terms of Service" },
  { path: "/cookies", h1: "Cookie Policy" },
  { path: "/security", h1: "Security" },
];

test.describe("company and legal pages", () => {
  for (const { path, h1 } of pages) {
    test(`${path} answers 200 and shows its heading`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    });
  }

  test("about shows the marketing stats, the 2025 story, values and the founder", async ({ page }) => {
    await page.goto("/about");
    for (const value of ["99.9%", "24/7", "4.9/5", "2.3M+", "50k+"]) {
      await expect(page.getByText(value)).toBeVisible();
    }
    await expect(page.getByText(/began in 2025/)).toBeVisible();
    await expect(page.getByRole("heading", { name: "What we care about" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Meet the founder" })).toBeVisible();
  });

  test("partners lists three partnership types whose Apply links go to the inquiry form", async ({ page }) => {
    await page.goto("/partners");
    for (const type of ["Technology Partners", "Channel Partners", "Integration Partners"]) {
      await expect(page.getByRole("heading", { name: type })).toBeVisible();
    }
    const applyLinks = page.locator("#partnership-types").getByRole("link", { name: /^Apply/ });
    await expect(applyLinks).toHaveCount(3);
    for (const link of await applyLinks.all()) await expect(link).toHaveAttribute("href", "/partner-inquiry");
  });

  test("legal pages carry the June 15, 2025 date and the terms state the billing commitments", async ({ page }) => {
    await page.goto("/terms");
    await expect(page.getByText("Last updated: June 15, 2025")).toBeVisible();
    await expect(page.getByText(/billed in advance, monthly or annually/)).toBeVisible();
    await expect(page.getByText(/All fees are non-refundable/)).toBeVisible();
    await expect(page.getByText(/at least 30 days' notice of any price change/)).toBeVisible();
    await expect(page.getByText(/may be deleted 30 days after cancellation/)).toBeVisible();
    await expect(page.getByText(/the amount you paid Cipher in the 12 months before/)).toBeVisible();

    await page.goto("/security");
    await expect(page.getByText(/notify affected stakeholders within 1 hour of confirming it/)).toBeVisible();
  });

  test("the cookies page's Update Cookie Preferences button shows an alert", async ({ page }) => {
    await page.goto("/cookies");
    const dialog = new Promise<{ type: string; message: string }>((resolve) => {
      page.once("dialog", async (d) => {
        resolve({ type: d.type(), message: d.message() });
        await d.accept();
      });
    });
    await (await hydrated(page.getByRole("button", { name: "Update Cookie Preferences" }))).click();
    const shown = await dialog;
    expect(shown.type).toBe("alert");
    expect(shown.message).toContain("cookies");
  });
});

test.describe("partner inquiry form", () => {
  test("a Back to Partners link leads to /partners", async ({ page }) => {
    await page.goto("/partner-inquiry");
    await expect(page.getByRole("link", { name: "Back to Partners" })).toHaveAttribute("href", "/partners");
  });

  test("submitting with required fields missing shows 'Missing Information' and marks the fields", async ({ page }) => {
    await page.goto("/partner-inquiry");
    const inquiry = page.getByRole("form", { name: "Partner inquiry" });
    await expect(inquiry.getByRole("button", { name: "Submit Inquiry" })).toBeEnabled();
    await inquiry.getByLabel("Company name").fill("Acme Games");
    await inquiry.getByRole("button", { name: "Submit Inquiry" }).click();

    await expect(page.getByText("Missing Information")).toBeVisible();
    await expect(page.getByText("Please fill in all required fields marked with *")).toBeVisible();
    const yourName = inquiry.getByLabel("Your name");
    await expect(yourName).toHaveAttribute("aria-invalid", "true");
    await expect(yourName).toHaveAccessibleDescription("Your name is required");
    await expect(inquiry.getByLabel("Company name")).not.toHaveAttribute("aria-invalid", "true");
    await expect(inquiry.getByLabel("Company name")).toHaveValue("Acme Games");
  });

  test("a complete inquiry shows 'Inquiry Submitted!' and clears the form", async ({ page }) => {
    await page.goto("/partner-inquiry");
    const inquiry = page.getByRole("form", { name: "Partner inquiry" });
    await expect(inquiry.getByRole("button", { name: "Submit Inquiry" })).toBeEnabled();
    await inquiry.getByLabel("Company name").fill("Acme Games");
    await inquiry.getByLabel("Partnership type").selectOption({ label: "Integration Partnership" });
    await inquiry.getByLabel("Your name").fill("Grace Hopper");
    await inquiry.getByLabel("Your title").fill("Head of Partnerships");
    await inquiry.getByLabel("Email").fill("grace@acme.example");
    await inquiry.getByLabel("Company size").selectOption("51-200");
    await inquiry.getByLabel("Company website").fill("https://acme.example");
    await inquiry.getByLabel("Partnership proposal").fill("Our leaderboard API as a Cipher integration.");
    await inquiry.getByLabel("Timeline").selectOption("short");
    await inquiry.getByRole("button", { name: "Submit Inquiry" }).click();

    await expect(page.getByText("Inquiry Submitted!")).toBeVisible();
    await expect(
      page.getByText("Thank you for your partnership inquiry. We'll get back to you within 2-3 business days."),
    ).toBeVisible();
    for (const label of ["Company name", "Your name", "Email", "Partnership proposal", "Company website"]) {
      await expect(inquiry.getByLabel(label)).toHaveValue("");
    }
    await expect(inquiry.getByLabel("Partnership type")).toHaveValue("");
    await expect(inquiry.getByRole("button", { name: "Submit Inquiry" })).toBeEnabled();
  });
});

test.describe("contact page", () => {
  test("the subject defaults to General Inquiry and offers the five subjects", async ({ page }) => {
    await page.goto("/contact");
    const subject = page.getByRole("form", { name: "Contact form" }).getByLabel("Subject");
    await expect(subject).toHaveValue("General Inquiry");
    await expect(subject.locator("option")).toHaveText([
      "General Inquiry",
      "Technical Support",
      "Billing Question",
      "Feature Request",
      "Partnership",
    ]);
  });

  test("copying the support email puts it on the clipboard and confirms with a toast", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/contact");
    await (await hydrated(page.getByRole("button", { name: "Copy email address" }))).click();
    await expect(page.getByText("Email address copied to clipboard!")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("support@cipher.dev");
  });

  test("when the browser refuses the clipboard, the toast gives the address instead", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "clipboard", {
        value: { writeText: () => Promise.reject(new DOMException("Write permission denied.", "NotAllowedError")) },
      });
    });
    await page.goto("/contact");
    await (await hydrated(page.getByRole("button", { name: "Copy email address" }))).click();
    await expect(
      page.getByText("Failed to copy email. Please contact support at support@cipher.dev directly."),
    ).toBeVisible();
  });

  test("a message with missing fields is not sent and the errors sit next to the fields", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(form.getByRole("button", { name: "Send Inquiry" })).toBeEnabled();
    await form.getByRole("button", { name: "Send Inquiry" }).click();
    for (const [label, error] of [
      ["First name", "First name is required"],
      ["Last name", "Last name is required"],
      ["Email", "Email is required"],
      ["Message", "Message is required"],
    ] as const) {
      await expect(form.getByLabel(label)).toHaveAccessibleDescription(error);
    }
    await expect(form.getByLabel("First name")).toBeFocused();
  });

  test("a complete message is sent, confirmed and the form cleared", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await expect(form.getByRole("button", { name: "Send Inquiry" })).toBeEnabled();
    await form.getByLabel("First name").fill("Ada");
    await form.getByLabel("Last name").fill("Lovelace");
    await form.getByLabel("Email").fill("ada@example.com");
    await form.getByLabel("Subject").selectOption("Technical Support");
    await form.getByLabel("Message").fill("My bot stops responding after a restart.");
    await form.getByRole("button", { name: "Send Inquiry" }).click();

    await expect(page.getByText("Message sent")).toBeVisible();
    await expect(page.getByText("We'll get back to you within 24 hours.", { exact: true })).toBeVisible();
    await expect(form.getByLabel("First name")).toHaveValue("");
    await expect(form.getByLabel("Subject")).toHaveValue("General Inquiry");
  });

  test("the Live Chat card asks the support chat to open", async ({ page }) => {
    await page.addInitScript(() => {
      window.addEventListener("cipher:open-support-chat", () => document.body.setAttribute("data-chat-requested", ""));
    });
    await page.goto("/contact");
    await (await hydrated(page.getByRole("button", { name: "Start live chat" }))).click();
    await expect(page.locator("body")).toHaveAttribute("data-chat-requested", "");
  });
});
