/**
 * Shared by the e2e specs: a `test` whose requests come from their own client address (so
 * per-IP rate limits and the sign-in lockout of one test never affect another), and access to
 * the e2e server's database for checking what was stored and following links that were emailed.
 */
import { existsSync, readFileSync } from "node:fs";

import { test as base, expect, type Locator } from "@playwright/test";
import pg from "pg";

import { extractLinks } from "../../lib/mail/links";
import { e2eDatabaseUrlFile, e2eSimulatorControlKeyFile } from "./server-info";

let counter = 0;
function uniqueClientIp(workerIndex: number): string {
  counter += 1;
  return `10.${(workerIndex % 200) + 1}.${Math.floor(counter / 250) % 250}.${(counter % 250) + 1}`;
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({}, provide, testInfo) => provide(uniqueClientIp(testInfo.workerIndex + (process.pid % 50) * 4)),
  page: async ({ page, clientIp }, provide) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": clientIp });
    await provide(page);
  },
});

export { expect };

/** The suite's own server writes its database URL; with E2E_BASE_URL there may be none. */
export function hasDatabase(): boolean {
  return existsSync(e2eDatabaseUrlFile);
}

/** The simulator's control-API key, as the suite's own server wrote it (undefined when it wrote none). */
export function simulatorControlKey(): string | undefined {
  return existsSync(e2eSimulatorControlKeyFile) ? readFileSync(e2eSimulatorControlKeyFile, "utf8").trim() : undefined;
}

export async function query<Row extends Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: readFileSync(e2eDatabaseUrlFile, "utf8").trim() });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * The path (with query) of the first link to `pathname` in the newest email of `template` sent
 * to `to`. Links carry SITE_URL's origin; tests open the path on the server under test.
 */
export async function emailedLink(to: string, template: string, pathname: string): Promise<string> {
  let html: string | undefined;
  await expect
    .poll(
      async () => {
        const rows = await query<{ html: string }>(
          `SELECT html FROM "OutboxEmail" WHERE "to" = $1 AND template = $2 ORDER BY "createdAt" DESC LIMIT 1`,
          [to.toLowerCase(), template],
        );
        html = rows[0]?.html;
        return Boolean(html);
      },
      { message: `a "${template}" email to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  const link = extractLinks(html!)
    .map((href) => new URL(href))
    .find((url) => url.pathname === pathname);
  if (!link) throw new Error(`No link to ${pathname} in the "${template}" email to ${to}`);
  return `${link.pathname}${link.search}`;
}

/**
 * A client component's control once React has hydrated it: a click that lands before hydration
 * does nothing (a freshly loaded, heavier page on a busy machine).
 */
export async function hydrated(control: Locator) {
  await expect
    .poll(() => control.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactProps"))), {
      timeout: 30_000,
    })
    .toBe(true);
  return control;
}
