import { expect, test } from "@playwright/test";

test.describe("landing page", () => {
  test("shows the hero, the four steps, use cases and testimonials", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/Cipher/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Cipher builds it");

    const steps = page.locator("#how-it-works ol > li h3");
    await expect(steps).toHaveText(["Paste Token", "Prompt AI", "Edit Code", "Host Bot"]);

    await expect(page.getByRole("link", { name: "Migrate your bot" })).toHaveAttribute("href", "/bot-migration");
    await expect(page.getByRole("link", { name: "See hosting plans" })).toHaveAttribute("href", "/pricing");
    await expect(page.getByRole("link", { name: "Create Custom Bot" })).toHaveAttribute("href", "/getting-started");
    await expect(page.getByRole("heading", { name: "Loved by community builders" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
  });

  test("Start building carries the typed prompt to /signup", async ({ page }) => {
    await page.goto("/");
    const prompt = "A bot that welcomes new members & gives them the Newbie role";
    await page.getByLabel("Describe your bot").fill(prompt);
    await page.getByRole("button", { name: "Start building" }).click();
    await expect(page).toHaveURL(/\/signup\?prompt=/);
    expect(new URL(page.url()).searchParams.get("prompt")).toBe(prompt);
  });

  test("Start building with an empty prompt goes to plain /signup", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Start building" }).click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("an example prompt fills the prompt box", async ({ page }) => {
    await page.goto("/");
    const example = page.getByRole("list", { name: "Example prompts" }).getByRole("button").first();
    const text = await example.getAttribute("title");
    await example.click();
    await expect(page.getByLabel("Describe your bot")).toHaveValue(text ?? "");
  });

  test("the navigation bar is fixed and fades in over 0.6 s", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header).toHaveCSS("position", "fixed");
    await expect(header).toHaveCSS("animation-duration", "0.6s");
    await page.mouse.wheel(0, 2000);
    await expect(header).toBeInViewport();
  });

  test("nothing overflows the page sideways", async ({ page }) => {
    await page.goto("/");
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
