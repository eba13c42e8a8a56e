/** How often each FAQ entry was opened: one row per slug, incremented atomically. */
import { db } from "@/lib/db";

import { faqEntries } from "./faq";

/** Counts one view of `slug` and returns the new total (an insert-or-increment in one statement). */
export async function recordFaqView(slug: string): Promise<number> {
  const rows = await db.$queryRaw<{ views: number }[]>`
    INSERT INTO "FaqView" (slug, views) VALUES (${slug}, 1)
    ON CONFLICT (slug) DO UPDATE SET views = "FaqView".views + 1
    RETURNING views`;
  return rows[0]?.views ?? 1;
}

/** Views per slug for every FAQ entry (0 when never opened). */
export async function faqViewCounts(): Promise<Record<string, number>> {
  const rows = await db.faqView.findMany({ where: { slug: { in: faqEntries.map((entry) => entry.slug) } } });
  const counts: Record<string, number> = Object.fromEntries(faqEntries.map((entry) => [entry.slug, 0]));
  for (const row of rows) counts[row.slug] = row.views;
  return counts;
}
