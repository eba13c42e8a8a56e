import { expect, test } from "@playwright/test";

test("GET /api/health reports the app and its database as up", async ({ request, isMobile }) => {
  test.skip(isMobile, "an API check; one project is enough");
  const response = await request.get("/api/health");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("no-store");
  const body = await response.json();
  expect(body).toMatchObject({ status: "ok", database: "ok" });
  expect(typeof body.databaseLatencyMs).toBe("number");
});
