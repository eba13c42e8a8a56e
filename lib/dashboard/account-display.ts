/** How the signed-in user is shown in the dashboard's user menu and greeting. */

/** The part of the email before the @, or null when there is none. */
function emailName(email: string | null | undefined): string | null {
  const name = email?.split("@")[0]?.trim();
  return name ? name : null;
}

/** The user menu: the email's first letter upper-cased and the part before the @ (fallbacks 'U' and 'Agent'). */
export function accountBadge(email: string | null | undefined): { initial: string; name: string } {
  const first = email?.trim().charAt(0);
  return { initial: first ? first.toUpperCase() : "U", name: emailName(email) ?? "Agent" };
}

/**
 * The name after 'Commander' on the dashboard home: the one the user chose (username, else full
 * name), else the email's name part.
 */
export function commanderName(user: {
  email: string | null | undefined;
  username: string | null;
  fullName?: string | null;
}): string {
  return user.username?.trim() || user.fullName?.trim() || emailName(user.email) || "Agent";
}

/**
 * Whether the dashboard greets with "Welcome back": the user saw it before this sign-in, or more
 * than an hour ago. The first visit of a new account says "Welcome".
 */
export function isReturning(seen: Date | undefined, signedInAt: Date | null, now = new Date()): boolean {
  if (!seen) return false;
  return (signedInAt !== null && seen < signedInAt) || now.getTime() - seen.getTime() > 60 * 60 * 1000;
}
