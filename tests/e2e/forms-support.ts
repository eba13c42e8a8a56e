/** Helpers shared by the public form specs (newsletter, contact, partner inquiry). */
import type { Page } from "@playwright/test";

import { expect, query } from "./support";

// One home for the hydration wait (support.ts); the form specs import it from here too.
export { hydrated } from "./support";

export const rateLimitedText = "Too many attempts from your network. Please wait a minute and try again.";

/** Counts server action calls (POSTs carrying a Next-Action header) from now on. */
export function countActionCalls(page: Page): () => number {
  let calls = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.headers()["next-action"]) calls += 1;
  });
  return () => calls;
}

let counter = 0;
/** An address no other test (or project, or run) uses. */
export function uniqueEmail(label: string, project: string): string {
  counter += 1;
  return `${label}-${project}-${Date.now().toString(36)}-${counter}@example.com`;
}

/**
 * Counts the rest of this minute's 10 sends of `bucket` for the test's address, as a burst would
 * (ten real sends can take most of a minute on a loaded 2-core CI machine, and then straddle two
 * windows of the sliding count). The first, real send found the key the server counts under.
 */
export async function spendRestOfMinute(bucket: string, clientIp: string) {
  const [row] = await query<{ key: string }>(`SELECT key FROM "RateLimitWindow" WHERE key LIKE $1 LIMIT 1`, [
    `${bucket}:%${clientIp}%`,
  ]);
  expect(row, "the real send was counted").toBeTruthy();
  const minute = 60_000;
  const start = Math.floor(Date.now() / minute) * minute;
  for (const windowStart of [start, start + minute]) {
    await query(
      `INSERT INTO "RateLimitWindow" (key, "windowStart", count) VALUES ($1, $2, 10)
       ON CONFLICT (key, "windowStart") DO UPDATE SET count = 10`,
      [row!.key, new Date(windowStart)],
    );
  }
}
