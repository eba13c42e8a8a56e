import { expect, test } from "@playwright/test";

test.describe("blog and tutorials", () => {
  test("the blog shows a featured post, the six categories and filters recent posts by category", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The Cipher Blog");
    await expect(page.getByText("Featured", { exact: true })).toBeVisible();
    const sidebar = page.getByRole("complementary");
    for (const category of [
      "AI & Technology",
      "Community Building",
      "Security",
      "Business",
      "Development",
      "Performance",
    ]) {
      await expect(sidebar.getByRole("button", { name: new RegExp(`^${category}`) })).toBeVisible();
    }
    const recent = page.locator('section[aria-labelledby="recent-posts"] li');
    await expect(recent).toHaveCount(6);
    await sidebar.getByRole("button", { name: /^Security/ }).click();
    await expect(page.getByRole("heading", { name: "Security", level: 2 })).toBeVisible();
    await expect(recent).toHaveCount(1);
    await recent.first().getByRole("link").click();
    await expect(page).toHaveURL(/\/blog\/security-best-practices$/);
  });

  test("a post shows author, date, reading time, highlighted code and previous/next links", async ({ page }) => {
    await page.goto("/blog/advanced-command-patterns");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d{2}-\d{2}$/);
    // Highlighted at build time: shiki marks tokens with inline colours, no client script needed.
    await expect(page.locator("figure[data-rehype-pretty-code-figure] span[style*='color']").first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "More articles" }).getByRole("link")).not.toHaveCount(0);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(jsonLd["@type"]).toBe("BlogPosting");
  });

  test("tutorials list the six in order and link from one to the next", async ({ page }) => {
    await page.goto("/tutorials");
    await expect(page.locator("ol > li")).toHaveCount(6);
    await page.goto("/tutorials/getting-started");
    const more = page.getByRole("navigation", { name: "More articles" });
    await expect(more.getByText("Previous")).toHaveCount(0);
    await more.getByRole("link").click();
    await expect(page).toHaveURL(/\/tutorials\/custom-commands$/);
  });

  test("the moderation tutorial teaches the strike ladder", async ({ page }) => {
    await page.goto("/tutorials/moderation-bot");
    const body = page.locator("article");
    await expect(body).toContainText("1-hour timeout");
    await expect(body).toContainText("24-hour ban");
    await expect(body).toContainText("permanent ban");
  });

  test("unknown slugs answer 404 with 'Post Not Found' / 'Tutorial Not Found' and a way back", async ({ page }) => {
    // Twice: the second answer must not be a cached page whose scripts carry another request's
    // CSP nonce (it would stay blank).
    let response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
    response = await page.goto("/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Post Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(/\/blog$/);

    response = await page.goto("/tutorials/no-such-tutorial");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Tutorial Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Tutorials" })).toHaveAttribute("href", "/tutorials");
  });
});

test.describe("SEO files", () => {
  test("sitemap.xml lists every public page and all twelve articles", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    for (const path of ["/pricing", "/privacy", "/blog/scaling-bot-million-users", "/tutorials/music-bot"]) {
      expect(xml).toContain(`${path}</loc>`);
    }
    expect(xml.match(/<url>/g)?.length).toBeGreaterThanOrEqual(20 + 12);
  });

  test("robots.txt allows the site, keeps crawlers out of the dashboard and names the sitemap", async ({ request }) => {
    const text = await (await request.get("/robots.txt")).text();
    expect(text).toContain("Disallow: /dashboard");
    expect(text).toMatch(/Sitemap: .*\/sitemap\.xml/);
  });

  test("the blog RSS feed has every post", async ({ request }) => {
    const response = await request.get("/blog/rss.xml");
    expect(response.headers()["content-type"]).toContain("application/rss+xml");
    const xml = await response.text();
    expect(xml.match(/<item>/g)).toHaveLength(6);
    expect(xml).toContain("/blog/security-best-practices</link>");
  });
});

test.describe("API reference and migration", () => {
  test("the API reference lists every operation of the API's OpenAPI document, with bearer auth", async ({ page }) => {
    const document = (await (await page.request.get("/api/v1/openapi.json")).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.values(document.paths).flatMap((item) => Object.keys(item)).length;
    expect(operations).toBeGreaterThanOrEqual(19);
    await page.goto("/api");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("API Reference");
    await expect(page.getByText("Authorization: Bearer cph_…")).toBeVisible();
    await expect(page.locator("article[id]")).toHaveCount(operations);
    await expect(page.locator("#get-bots-id-analytics")).toContainText("/api/v1/bots/{id}/analytics");
    await expect(page.locator("#put-bots-id-files")).toContainText("scope: deploy");
  });

  test("the migration wizard asks a signed-out visitor to sign in", async ({ page }) => {
    await page.goto("/bot-migration");
    await expect(page.getByRole("heading", { name: "Sign In Required" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign In" }).last()).toHaveAttribute("href", /^\/login/);
    await expect(page.getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/signup");
  });
});
