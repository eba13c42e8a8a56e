import { getClientIp } from "@/lib/request/client-ip";

/**
 * Whom a rate limit counts: the signed-in account (however many addresses it uses, and without
 * sharing a budget with others behind the same address), else the client address.
 */
export async function rateLimitSubject(): Promise<string> {
  // Imported when called: lib/auth imports the action wrapper, which imports this file.
  const { getCurrentUser } = await import("@/lib/auth/session");
  const user = await getCurrentUser();
  return user ? `user:${user.id}` : getClientIp();
}
