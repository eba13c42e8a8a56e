import { expect, test, type Locator, type Page } from "@playwright/test";

const pages = [
  { path: "/features", h1: "Everything you need to build a Discord bot" },
  { path: "/pricing", h1: "Simple pricing for every bot builder" },
  { path: "/templates", h1: "Start from a proven bot" },
  { path: "/integrations", h1: "Connect your bot to the services your community loves" },
  { path: "/docs", h1: "Cipher documentation" },
  { path: "/getting-started", h1: "Your first bot in four steps" },
  { path: "/advanced-features", h1: "Power tools for serious bots" },
];

/**
 * Presses a billing-period button until it reports pressed: a press that lands before hydration
 * (slow in `next dev`) does nothing. Choosing a period is idempotent, so pressing again is safe.
 */
async function choose(button: Locator, press: (button: Locator) => Promise<void>) {
  await expect(async () => {
    await press(button);
    await expect(button).toHaveAttribute("aria-pressed", "true", { timeout: 1_000 });
  }).toPass();
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("product pages", () => {
  for (const { path, h1 } of pages) {
    test(`${path} answers 200 with its heading and no sideways scroll`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
      await expect(page).toHaveTitle(/Cipher/);
      await expectNoSidewaysScroll(page);
    });
  }

  test("features shows five Available features and Third-party Integrations coming soon", async ({ page }) => {
    await page.goto("/features");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(cards.getByText("Available", { exact: true })).toHaveCount(5);
    await expect(cards.getByText("Coming Soon", { exact: true })).toHaveCount(1);
    const card = (name: string) => cards.filter({ has: page.getByRole("heading", { name }) });
    await expect(card("Third-party Integrations").getByText("Coming Soon")).toBeVisible();
    await expect(card("Real-time Testing").getByText("Available")).toBeVisible();
    await expect(card("Visual Bot Builder").getByText("Available")).toBeVisible();
    // What exists beyond the six cards is on the page too: the AI builder, hosting, the API and CLI.
    const around = page.getByRole("region", { name: "Around the toolkit" });
    await expect(around.getByRole("heading", { level: 3 })).toHaveText([
      "Describe it, Cipher writes it",
      "Hosting with live logs and metrics",
      "REST API and command line",
    ]);
    await expect(around.getByRole("link", { name: "See the API: REST API and command line" })).toHaveAttribute(
      "href",
      "/api",
    );
    await expect(page.getByRole("link", { name: "Get started free" })).toHaveAttribute("href", "/signup");
  });

  test("pricing toggles between monthly and yearly prices", async ({ page }) => {
    await page.goto("/pricing");
    const monthly = page.getByRole("button", { name: "Monthly" });
    const yearly = page.getByRole("button", { name: /Yearly/ });
    const core = page.getByRole("article", { name: "Core" });

    await expect(monthly).toHaveAttribute("aria-pressed", "true");
    await expect(yearly).toHaveAttribute("aria-pressed", "false");
    await expect(core.getByText("Most Popular")).toBeVisible();
    await expect(core.getByText("$25", { exact: true })).toBeVisible();
    await expect(core.getByText("$20", { exact: true })).toBeHidden();
    await expect(core.getByText("Save $60")).toBeHidden();
    await expect(page.getByText("Every account starts with a 30-day free trial with $5 in credits.")).toBeVisible();

    await choose(yearly, (button) => button.click());
    await expect(monthly).toHaveAttribute("aria-pressed", "false");
    await expect(core.getByText("$20", { exact: true })).toBeVisible();
    await expect(core.getByText("$25/mo billed monthly")).toBeVisible();
    await expect(core.getByText("Save $60", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: "Starter" }).getByText("$4", { exact: true })).toBeVisible();
    await expect(page.getByRole("article", { name: "Teams" }).getByText("$32", { exact: true })).toBeVisible();

    await choose(monthly, (button) => button.click());
    await expect(core.getByText("$25", { exact: true })).toBeVisible();
    await expect(core.getByText("Save $60")).toBeHidden();
    await expect(core.getByText("$25/mo billed monthly")).toBeHidden();
  });

  test("the billing toggle works from the keyboard", async ({ page, isMobile }) => {
    test.skip(isMobile, "keyboard navigation is checked on desktop");
    await page.goto("/pricing");
    const yearly = page.getByRole("button", { name: /Yearly/ });
    await choose(yearly, async (button) => {
      await button.focus();
      await page.keyboard.press("Enter");
    });
    await expect(page.getByRole("article", { name: "Core" }).getByText("Save $60")).toBeVisible();
  });

  test("plan buttons go to sign-up, Enterprise's Contact Sales to /contact", async ({ page }) => {
    await page.goto("/pricing");
    for (const plan of ["Starter", "Core", "Teams"]) {
      await expect(
        page.getByRole("article", { name: plan }).getByRole("link", { name: /Start Free Trial/ }),
      ).toHaveAttribute("href", "/signup");
    }
    const enterprise = page.getByRole("article", { name: "Enterprise" });
    await expect(enterprise.getByText("Custom", { exact: true })).toBeVisible();
    await enterprise.getByRole("link", { name: /Contact Sales/ }).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("templates offer four starters and Import Existing Bot goes to /bot-migration", async ({ page }) => {
    await page.goto("/templates");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards.getByRole("heading", { level: 3 })).toHaveText([
      "Moderation Bot",
      "Music Bot",
      "Economy Bot",
      "Custom Commands",
    ]);
    for (const category of ["Moderation", "Entertainment", "Gaming", "Utility"]) {
      await expect(cards.getByText(category, { exact: true })).toBeVisible();
    }
    // The Music Bot says plainly that it plays no audio.
    await expect(cards.filter({ hasText: "Music Bot" })).toContainText("It does not play audio");
    await expect(cards.filter({ hasText: "Music Bot" })).toContainText("No audio playback yet");
    await expect(page.getByRole("link", { name: "Open in Builder Music Bot" })).toHaveAttribute(
      "href",
      "/dashboard/bots/new#music-bot",
    );
    await page.getByRole("link", { name: "Import Existing Bot" }).first().click();
    await expect(page).toHaveURL(/\/bot-migration$/);
    // Signed out, Use Template goes to sign-up carrying the choice.
    await page.goto("/templates");
    await page.getByRole("button", { name: "Use Template Music Bot" }).click();
    await expect(page).toHaveURL(/\/signup\?template=music-bot$/);
    await expect(page.getByText("Music Bot", { exact: false }).first()).toBeVisible();
  });

  test("integrations are all Coming Soon, as /features says, and the page says what works today", async ({ page }) => {
    await page.goto("/integrations");
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(6);
    await expect(cards.getByText("Coming Soon", { exact: true })).toHaveCount(6);
    await expect(cards.getByText("Available", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("main")).toContainText("call any of these services over HTTPS");
    await page.goto("/features");
    await expect(
      page.getByRole("main").getByRole("article").filter({ hasText: "Third-party Integrations" }),
    ).toContainText("Coming Soon");
  });

  test("docs links its four sections, quick links and the community invite", async ({ page }) => {
    await page.goto("/docs");
    const main = page.getByRole("main");
    const sections: [name: string, href: string][] = [
      ["Getting Started", "/getting-started"],
      ["API Reference", "/api"],
      ["Advanced Features", "/advanced-features"],
      ["Tutorials", "/tutorials"],
    ];
    for (const [name, href] of sections) {
      await expect(main.getByRole("heading", { name }).getByRole("link")).toHaveAttribute("href", href);
    }
    await expect(main.getByRole("link", { name: "Bot Templates" })).toHaveAttribute("href", "/templates");
    const invite = main.getByRole("link", { name: /Community Server/ });
    await expect(invite).toHaveAttribute("href", "https://discord.gg/cipher");
    await expect(invite).toHaveAttribute("target", "_blank");
    await expect(invite).toHaveAttribute("rel", "noopener noreferrer");
    await expect(main.getByRole("link", { name: "Get Started", exact: true })).toHaveAttribute(
      "href",
      "/getting-started",
    );
    await expect(main.getByRole("link", { name: "View API Docs" })).toHaveAttribute("href", "/api");
  });

  test("getting started walks through four steps and links to sign-up and templates", async ({ page }) => {
    await page.goto("/getting-started");
    await expect(page.getByRole("main").getByRole("heading", { level: 3 })).toHaveText([
      "Step 1: Create your account",
      "Step 2: Connect your bot token",
      "Step 3: Build your bot",
      "Step 4: Edit, test and host",
    ]);
    await expect(page.getByRole("link", { name: "Create your account" }).first()).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("link", { name: "Browse templates" })).toHaveAttribute("href", "/templates");
  });

  test("advanced features shows six features, a code example and links to sign-up and contact", async ({ page }) => {
    await page.goto("/advanced-features");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
    await expect(page.getByText("SlashCommandBuilder").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Cipher for organisations" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Contact Sales" })).toHaveAttribute("href", "/contact");
    await expect(page.getByRole("link", { name: "Start building" })).toHaveAttribute("href", "/signup");
  });
});
