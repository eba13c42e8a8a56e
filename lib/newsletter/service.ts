import { db } from "@/lib/db";

/** Records a newsletter subscription; subscribing twice is not an error. */
export async function subscribeToNewsletter(email: string): Promise<{ alreadySubscribed: boolean }> {
  const normalized = email.trim().toLowerCase();
  const existing = await db.newsletterSubscription.findUnique({ where: { email: normalized }, select: { id: true } });
  if (existing) return { alreadySubscribed: true };
  await db.newsletterSubscription.upsert({ where: { email: normalized }, create: { email: normalized }, update: {} });
  return { alreadySubscribed: false };
}
