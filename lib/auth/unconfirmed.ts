/**
 * Accounts whose address was never confirmed. Nobody has proven they own the address, so such an
 * account must never become the address owner's account: it is discarded when Google vouches for
 * the address (pre-hijacking: someone signs up with another person's address and waits for them
 * to use Google), and purged 48 hours after sign-up (lib/auth/unconfirmed-purge-job.ts).
 * An unconfirmed account cannot sign in, so it holds nothing but its sign-up details.
 */
import { db } from "@/lib/db";

import { tokenLifetimes } from "./tokens";

/** How long an unconfirmed sign-up is kept: as long as the mark of the browser that made it. */
export const unconfirmedAccountLifetimeMs = tokenLifetimes["signup-browser"];

/**
 * Deletes the given unconfirmed accounts with everything attached (profile, tokens; a session
 * cookie of theirs no longer finds its user). Confirmed accounts in `ids` are left alone.
 */
async function deleteUnconfirmed(ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [, deleted] = await db.$transaction([
    // Tokens are keyed "<purpose>:<userId>": confirmation links, reset links, the sign-up browser mark.
    db.verificationToken.deleteMany({ where: { OR: ids.map((id) => ({ identifier: { endsWith: `:${id}` } })) } }),
    db.user.deleteMany({ where: { id: { in: ids }, emailVerified: null, accounts: { none: {} } } }),
  ]);
  return deleted.count;
}

/**
 * Google vouched for `email`: an unconfirmed sign-up with that address (password, username and
 * pending links chosen by whoever signed up) is discarded, so Google's user gets a fresh account
 * instead of one someone else holds the password to.
 */
export async function discardUnconfirmedAccount(email: string): Promise<number> {
  const users = await db.user.findMany({
    where: { email: { equals: email, mode: "insensitive" }, emailVerified: null, accounts: { none: {} } },
    select: { id: true },
  });
  const discarded = await deleteUnconfirmed(users.map((user) => user.id));
  if (discarded) console.log(`[auth] discarded ${discarded} unconfirmed sign-up(s) for an address Google verified`);
  return discarded;
}

/**
 * Deletes accounts left unconfirmed for 48 hours. `only` narrows it to the accounts holding an
 * email or username (sign-up frees them at once for the person now signing up).
 */
export async function purgeUnconfirmedAccounts(
  now = new Date(),
  only?: { email: string; username: string },
): Promise<number> {
  const users = await db.user.findMany({
    where: {
      emailVerified: null,
      accounts: { none: {} },
      createdAt: { lt: new Date(now.getTime() - unconfirmedAccountLifetimeMs) },
      ...(only && { OR: [{ email: only.email }, { profile: { username: only.username } }] }),
    },
    select: { id: true },
    take: 1000,
  });
  return deleteUnconfirmed(users.map((user) => user.id));
}
