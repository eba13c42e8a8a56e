import { beforeEach } from "vitest";

import { db } from "@/lib/db";

/**
 * Signed-in actions are rate-limited per account (lib/rate-limit/subject.ts), so a fresh client
 * address no longer gives a signed-in test a fresh budget; this does, for every account.
 */
export async function forgetAccountRateLimits(): Promise<void> {
  await db.rateLimitWindow.deleteMany({ where: { key: { contains: ":user:" } } });
}

// Each test starts with no counted attempts for any account, as if it were the first in its minute.
beforeEach(forgetAccountRateLimits);
