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

/** The name after 'Commander' on the dashboard home: the email's name part, else the username. */
export function commanderName(user: { email: string | null | undefined; username: string | null }): string {
  return emailName(user.email) ?? user.username ?? "Agent";
}
