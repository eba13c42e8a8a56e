import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { publicPages } from "../../lib/site/routes";

const blogSlugs = [
  "future-of-discord-bot-development",
  "building-engaging-communities",
  "security-best-practices",
  "monetizing-discord-bot",
  "advanced-command-patterns",
  "scaling-bot-million-users",
];
const tutorialSlugs = [
  "getting-started",
  "moderation-bot",
  "music-bot",
  "custom-commands",
  "api-integration",
  "analytics-monitoring",
];
const allPaths = [
  ...publicPages.map((page) => page.path),
  ...blogSlugs.map((slug) => `/blog/${slug}`),
  ...tutorialSlugs.map((slug) => `/tutorials/${slug}`),
];

/**
 * At 390 px axe runs on one page of each layout (marketing, article, legal, auth): the narrow
 * header, menu and footer are the same on every page, and axe is the slowest part of these tests.
 */
const axeAtPhoneWidth = new Set([
  "/",
  "/pricing",
  "/blog/future-of-discord-bot-development",
  "/privacy",
  "/login",
  "/api",
]);

test.describe("every public page", () => {
  for (const path of allPaths) {
    test(`${path} answers 200 with one h1, a canonical URL, no sideways scroll and no serious axe violation`, async ({
      page,
      isMobile,
    }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1")).toHaveCount(1);
      await expect(page.locator("h1")).toBeVisible();
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        "href",
        new RegExp(`${path === "/" ? "/?" : path}$`),
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveCount(1);

      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, "horizontal overflow in px").toBeLessThanOrEqual(0);

      if (isMobile && !axeAtPhoneWidth.has(path)) return;
      // Check the settled page: forms enable their submit buttons once hydrated, and a colour
      // transition caught halfway would be measured as low contrast.
      await expect(page.locator('button[type="submit"]:disabled')).toHaveCount(0);
      await page.addStyleTag({ content: "*, *::before, *::after { transition: none !important; }" });
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map(
          (v) =>
            `${v.id}: ${v.help} (${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")})`,
        ),
      ).toEqual([]);
    });
  }
});
