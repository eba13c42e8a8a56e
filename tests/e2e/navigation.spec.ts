import { expect, test } from "@playwright/test";

test.describe("navigation", () => {
  test("the mobile menu starts closed, opens, and closes when a link is chosen", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the toggle menu exists below 768 px");
    await page.goto("/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeHidden();

    await toggle.click();
    const menu = page.locator("#mobile-menu");
    await expect(menu).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-expanded", "true");
    await expect(menu.getByRole("link")).toHaveText([
      "Features",
      "Docs",
      "Pricing",
      "Templates",
      "Migration",
      "Blog",
      "Sign In",
      "Get Started",
    ]);

    await menu.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");
  });

  test("Escape closes the mobile menu", async ({ page, isMobile }) => {
    test.skip(!isMobile, "the toggle menu exists below 768 px");
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.locator("#mobile-menu")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.locator("#mobile-menu")).toHaveCount(0);
  });

  test("desktop shows the links inline with Sign In and Get Started", async ({ page, isMobile }) => {
    test.skip(isMobile, "inline links are for wide screens");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Migration" })).toHaveAttribute("href", "/bot-migration");
    await expect(nav.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(nav.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/signup");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
  });

  test("an unknown path answers 404 with the not-found page and a link home", async ({ page }) => {
    const response = await page.goto("/this/page/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the view starts at the top after following a footer link", async ({ page }) => {
    await page.goto("/");
    const footerLink = page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About" });
    await footerLink.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    await footerLink.click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test("the skip link moves keyboard focus to the main content", async ({ page, isMobile }) => {
    test.skip(isMobile, "keyboard navigation is checked on desktop");
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/#main$/);
  });
});
