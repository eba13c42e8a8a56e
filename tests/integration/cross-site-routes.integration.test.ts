/**
 * Cross-site request forgery against the route handlers: a page on another site makes the
 * browser send a state-changing request with the visitor's real session cookie. Every such route
 * under app/api goes through `userRoute` (lib/user-route.ts), which refuses it.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { getCurrentUser } from "@/lib/auth/session";
import { startSession } from "@/lib/auth/start-session";
import { db } from "@/lib/db";
import { freshClientIp, testRequest } from "@/tests/setup/test-request";

vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

const root = join(import.meta.dirname, "..", "..");
const unsafeMethods = ["POST", "PUT", "PATCH", "DELETE"] as const;
/** Not signed in by cookie: Auth.js (its own CSRF token) and one-click unsubscribe (a token in the URL, posted by mail clients). */
const notCookieAuthenticated = ["app/api/auth/[...nextauth]/route.ts", "app/api/newsletter/unsubscribe/route.ts"];
/** The public REST API takes only a bearer API key: the session cookie a forged request carries is ignored. */
const bearerOnly = (path: string) => path.startsWith("app/api/v1/");
/** Signing in to the REST API: the credentials are the body's (email and password, a refresh token), never a cookie. */
const credentialsInBody = ["app/api/v1/auth/login/route.ts", "app/api/v1/auth/refresh/route.ts"];

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(join(dir, entry.name)) : entry.name === "route.ts" ? [join(dir, entry.name)] : [],
  );
}

const stamp = Date.now().toString(36);
let userId: string;
let session: Map<string, string>;

beforeAll(async () => {
  const user = await db.user.create({ data: { email: `cross-site-${stamp}@example.com`, emailVerified: new Date() } });
  userId = user.id;
  testRequest.cookies.clear();
  await startSession(userId);
  session = new Map(testRequest.cookies);
});
beforeEach(() => {
  freshClientIp();
  testRequest.cookies = new Map(session);
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: userId } });
});

function importRequest(headers: Record<string, string>) {
  const form = new FormData();
  form.set("name", "Pasted bot");
  form.set("code", "console.log('hello');");
  return new Request("http://localhost:3000/api/bots/import", {
    method: "POST",
    body: form,
    headers: { host: "localhost:3000", ...headers },
  });
}

describe("state-changing route handlers with a valid session cookie", () => {
  it("the session is real: the signed-in user is found from the cookie", async () => {
    expect((await getCurrentUser())?.id).toBe(userId);
  });

  it("every POST/PUT/PATCH/DELETE under app/api refuses a request from another site with 403", async () => {
    const checked: string[] = [];
    for (const file of routeFiles(join(root, "app", "api"))) {
      const path = relative(root, file);
      if (notCookieAuthenticated.includes(path)) continue;
      const handlers = (await import(file)) as Record<string, unknown>;
      for (const method of unsafeMethods) {
        const handler = handlers[method];
        if (typeof handler !== "function") continue;
        const request = new Request("http://localhost:3000/api/x", {
          method,
          headers: { host: "localhost:3000", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
          body: "{}",
        });
        const response = (await handler(request, { params: Promise.resolve({ id: "x" }) })) as Response;
        if (credentialsInBody.includes(path)) {
          // The forged "{}" has no credentials: refused as invalid, whatever the cookie says.
          expect([415, 422], `${method} ${path}`).toContain(response.status);
          expect(await response.json(), `${method} ${path}`).toMatchObject({ code: "invalid" });
          checked.push(`${method} ${path}`);
          continue;
        }
        if (bearerOnly(path)) {
          // Nothing runs on the strength of the cookie: no key, 401.
          expect(response.status, `${method} ${path}`).toBe(401);
          expect(await response.json(), `${method} ${path}`).toMatchObject({ code: "unauthorized" });
          checked.push(`${method} ${path}`);
          continue;
        }
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(await response.json(), `${method} ${path}`).toMatchObject({ ok: false, code: "cross_site" });
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked).toContain("POST app/api/bots/import/route.ts");
    expect(checked).toContain("PUT app/api/v1/bots/[id]/files/route.ts");
  });

  it("a cross-site import creates nothing; the same import from the site's own page creates the bot", async () => {
    const { POST } = await import("@/app/api/bots/import/route");
    const bots = () => db.bot.count({ where: { userId } });

    const forged = await POST(importRequest({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }));
    expect(forged.status).toBe(403);
    // Browsers without Sec-Fetch-Site are judged by Origin.
    expect((await POST(importRequest({ origin: "https://evil.example" }))).status).toBe(403);
    expect(await bots()).toBe(0);

    const own = await POST(importRequest({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" }));
    expect(own.status).toBe(201);
    expect(await own.json()).toMatchObject({ ok: true, data: { name: "Pasted bot" } });
    expect(await bots()).toBe(1);
  });
});
