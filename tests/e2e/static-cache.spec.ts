import { expect, test } from "@playwright/test";

/**
 * The production server (scripts/server.ts) answers prerendered pages from memory. What a
 * visitor gets must not change: the same HTML and headers as Next.js, client-side navigation
 * still served by Next.js, unknown paths still a logged 404.
 */
test.describe("in-memory cache of the production server", () => {
  test.skip(({ isMobile }) => isMobile, "a server test; one browser project is enough");

  // Headers that describe one transfer, or that only the cache adds. The cache also gives a page
  // its own Content-Security-Policy (hashes instead of a nonce; security-headers.spec.ts).
  const perTransfer = new Set([
    "date",
    "connection",
    "keep-alive",
    "transfer-encoding",
    "content-length",
    "etag",
    "content-security-policy",
  ]);
  const contentHeaders = (headers: { name: string; value: string }[]) =>
    headers
      .filter(({ name }) => !perTransfer.has(name.toLowerCase()))
      .map(({ name, value }) => `${name.toLowerCase()}: ${value}`)
      .sort();

  for (const path of ["/", "/pricing", "/features"]) {
    test(`${path} from memory has the HTML and headers Next.js sends`, async ({ request }) => {
      const headers = { "accept-encoding": "identity" };
      const cached = await request.get(path, { headers });
      // The cache fills just after the server starts listening; wait until it answers.
      await expect
        .poll(async () => (await request.get(path, { headers })).headers()["etag"], { timeout: 30_000 })
        .toMatch(/^W\/"/);
      const fromMemory = await request.get(path, { headers });
      const fromNext = await request.get(path, { headers: { ...headers, "x-cipher-cache": "bypass" } });
      expect(fromNext.headers()["etag"]).toBeUndefined();
      expect(fromMemory.status()).toBe(200);
      expect(await fromMemory.text()).toBe(await fromNext.text());
      expect(contentHeaders(fromMemory.headersArray())).toEqual(contentHeaders(fromNext.headersArray()));
      expect(cached.status()).toBe(200);
    });
  }

  test("a browser gets the page compressed and revalidates it with its ETag", async ({ request }) => {
    const first = await request.get("/", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(first.headers()["content-encoding"]).toBe("br");
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get("/", { headers: { "if-none-match": etag! } });
    expect(again.status()).toBe(304);
  });

  test("client-side navigation still gets its RSC payload from Next.js", async ({ page }) => {
    // Next.js may prefetch the link as soon as it is visible, so listen before loading the page.
    const payload = page.waitForResponse(
      (response) => new URL(response.url()).pathname === "/pricing" && response.request().headers()["rsc"] === "1",
    );
    await page.goto("/");
    await page.getByRole("link", { name: "See hosting plans" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    const response = await payload;
    expect(response.headers()["content-type"]).toContain("text/x-component");
    expect(response.headers()["etag"]).toBeUndefined();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("an unknown path is still a 404 with the not-found page", async ({ request }) => {
    const response = await request.get("/no/such/cached-page");
    expect(response.status()).toBe(404);
    expect(await response.text()).toContain("Oops! Page not found");
  });

  test("/_next/static files are served with immutable caching", async ({ page, request }) => {
    await page.goto("/");
    const src = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
    const response = await request.get(src!, { headers: { "accept-encoding": "br" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("br");
  });
});
