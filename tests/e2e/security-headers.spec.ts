import type { APIResponse, Page } from "@playwright/test";

import { expect, hasDatabase, hydrated, query, test } from "./support";
import { createAccount, signIn } from "./support-accounts";

/**
 * Every response carries the security headers (lib/http/security-headers.ts), whether the
 * production server answers it from memory or Next.js renders it, and the pages run under their
 * Content-Security-Policy without a single violation.
 */
test.skip(({ isMobile }) => isMobile, "headers and policies do not depend on the screen");

const slow = { timeout: 30_000 };

function directives(response: APIResponse): Map<string, string> {
  const policy = response.headers()["content-security-policy"];
  expect(policy, `a Content-Security-Policy on ${response.url()}`).toBeTruthy();
  return new Map(
    policy!.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

function expectSecurityHeaders(response: APIResponse, referrerPolicy = "strict-origin-when-cross-origin") {
  const headers = response.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe(referrerPolicy);
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // The suite's server is plain HTTP (SITE_URL http://…), where browsers ignore HSTS anyway.
  expect(headers["strict-transport-security"]).toBeUndefined();
}

/** The nonce of a dynamically rendered page: in its policy, fresh per response, and on its scripts. */
async function expectNoncePolicy(response: APIResponse): Promise<string> {
  const csp = directives(response);
  const nonce = /'nonce-([^']+)'/.exec(csp.get("script-src") ?? "")?.[1];
  expect(nonce).toBeTruthy();
  expect(csp.get("script-src")).toBe(`'self' 'nonce-${nonce}' 'strict-dynamic'`);
  expect(csp.get("frame-ancestors")).toBe("'none'");
  expect(csp.get("object-src")).toBe("'none'");
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map(([tag]) => tag);
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
}

test.describe("security headers", () => {
  for (const path of ["/", "/pricing"]) {
    test(`${path}, answered from memory, allows exactly its own inline scripts by hash`, async ({ request }) => {
      // The cache fills as the server starts; from memory, a page has an ETag.
      await expect.poll(async () => (await request.get(path)).headers()["etag"], slow).toMatch(/^W\//);
      const response = await request.get(path);
      expectSecurityHeaders(response);
      const scriptSrc = directives(response).get("script-src")!;
      expect(scriptSrc).not.toContain("unsafe-inline");
      expect(scriptSrc).not.toContain("nonce-");
      const html = await response.text();
      const inline = [...html.matchAll(/<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].filter(
        ([, text]) => text,
      );
      expect(inline.length).toBeGreaterThan(0);
      const hashes = scriptSrc.split(" ").filter((source) => source.startsWith("'sha256-"));
      expect(hashes.length).toBe(new Set(inline.map(([, text]) => text)).size);
      expect(directives(response).get("frame-ancestors")).toBe("'none'");
    });
  }

  test("a /_next/static file answered from memory", async ({ page, request }) => {
    await page.goto("/");
    const src = await page.locator("script[src^='/_next/static/']").first().getAttribute("src");
    const response = await request.get(src!);
    expect(response.status()).toBe(200);
    expectSecurityHeaders(response);
  });

  test("a dynamic page gets a fresh nonce that Next.js puts on its scripts", async ({ request }) => {
    const first = await request.get("/login");
    expect(first.status()).toBe(200);
    expectSecurityHeaders(first);
    const nonce = await expectNoncePolicy(first);
    expect(await expectNoncePolicy(await request.get("/login"))).not.toBe(nonce);
  });

  test("pages with a token in their URL send no referrer at all", async ({ request }) => {
    for (const path of ["/reset-password?token=abc", "/auth/confirm?token=abc", "/newsletter/unsubscribe?token=abc"]) {
      const response = await request.get(path);
      expectSecurityHeaders(response, "no-referrer");
      await expectNoncePolicy(response);
    }
  });

  test("an API route and a 404 page", async ({ request }) => {
    const api = await request.get("/api/session");
    expect(api.status()).toBe(200);
    expectSecurityHeaders(api);
    expect(directives(api).get("frame-ancestors")).toBe("'none'");

    const missing = await request.get("/no/such/page");
    expect(missing.status()).toBe(404);
    expectSecurityHeaders(missing);
    await expectNoncePolicy(missing);
  });

  test("the signed-in dashboard", async ({ page }, testInfo) => {
    test.skip(!hasDatabase(), "accounts are created directly in the server's database");
    const account = await createAccount(testInfo, { label: "headers" });
    await signIn(page, account, "/dashboard");
    const response = await page.request.get("/dashboard");
    expect(response.url()).toMatch(/\/dashboard$/);
    expectSecurityHeaders(response);
    await expectNoncePolicy(response);
  });
});

test.describe("requests another site's page sends with the visitor's session", () => {
  test("a server action is refused by Next.js's own origin check; from the site itself it runs", async ({
    page,
  }, testInfo) => {
    test.skip(!hasDatabase(), "accounts are created directly in the server's database");
    const account = await createAccount(testInfo, { label: "action-origin" });
    const bots = async () =>
      Number(
        (await query<{ count: string }>(`SELECT count(*) FROM "Bot" WHERE "userId" = $1`, [account.id]))[0]!.count,
      );
    await signIn(page, account, "/dashboard/bots/new");
    const action = page.waitForRequest((request) => request.method() === "POST" && !!request.headers()["next-action"]);
    await (await hydrated(page.getByRole("button", { name: "Use Economy Bot" }))).click();
    const sent = await action;
    await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
    expect(await bots()).toBe(1);

    // The same call again, with the browser's cookies, once as if from another site's page.
    const headers = await sent.allHeaders();
    const replay = (origin: string) =>
      page.request.post(sent.url(), {
        headers: {
          "next-action": headers["next-action"]!,
          "next-router-state-tree": headers["next-router-state-tree"] ?? "",
          "content-type": headers["content-type"]!,
          accept: "text/x-component",
          origin,
        },
        data: sent.postDataBuffer()!,
      });
    expect((await replay("https://evil.example")).status()).toBe(500);
    expect(await bots()).toBe(1);
    expect((await replay(new URL(sent.url()).origin)).ok()).toBe(true);
    expect(await bots()).toBe(2);
  });
});

/** Collects every CSP violation (the event, and the console's report of one) on the page. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction("reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation;
      void report(`${location.pathname}: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe("pages under their Content-Security-Policy", () => {
  test.describe.configure({ timeout: 120_000 });

  test("landing page with the chat widget, login, dashboard, bot editor and analytics: no violation", async ({
    page,
  }, testInfo) => {
    test.skip(!hasDatabase(), "accounts are created directly in the server's database");
    const violations = await watchViolations(page);

    // Served from memory: its scripts run (the chat widget opens and answers).
    await page.goto("/");
    await page.getByRole("button", { name: "Open support chat" }).click();
    const chat = page.getByRole("dialog", { name: "Cipher Support" });
    await expect(chat).toBeVisible();
    await chat.getByRole("list", { name: "Quick questions" }).getByRole("button").first().click();
    await expect(chat.getByRole("list", { name: "Messages" }).getByRole("listitem").nth(1)).toBeVisible({
      timeout: 10_000,
    });

    // Dynamic pages: the login form (zod, react-hook-form) signs in, the dashboard renders.
    const account = await createAccount(testInfo, { label: "csp" });
    await signIn(page, account, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    // The code editor (CodeMirror) and the charts (recharts).
    await page.goto("/dashboard/bots/new");
    await (await hydrated(page.getByRole("button", { name: "Use Economy Bot" }))).click();
    await expect(page).toHaveURL(/\/dashboard\/bots\/[^/]+\/test$/, slow);
    await page.goto(new URL(page.url()).pathname.replace(/\/test$/, "/code"));
    await expect(page.locator(".cm-content")).toBeVisible(slow);
    await page.locator(".cm-content").click();
    await page.keyboard.type("// typed under the policy");
    await expect(page.locator(".cm-content")).toContainText("typed under the policy");
    await page.goto("/dashboard/analytics");
    await expect(page.locator(".recharts-responsive-container, .recharts-wrapper").first()).toBeVisible(slow);

    expect(violations).toEqual([]);
  });
});
