/**
 * Users' plans, read through the "UserPlan" view (prisma/migrations/*_service_role_views): the
 * runner's database role may read plans there but not the "User" table (scripts/db/roles.ts).
 */
import { db } from "@/lib/db";

/** Each user's plan id, for the users that exist. */
export async function plansOf(userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.$queryRaw<{ userId: string; plan: string }[]>`
    SELECT "userId", plan FROM "UserPlan" WHERE "userId" = ANY(${[...new Set(userIds)]}::text[])`;
  return new Map(rows.map((row) => [row.userId, row.plan]));
}

/** The plan of one user, or null when the user does not exist. */
export async function planOf(userId: string): Promise<string | null> {
  return (await plansOf([userId])).get(userId) ?? null;
}
