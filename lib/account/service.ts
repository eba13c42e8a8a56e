/**
 * Account settings: profile, password and deletion. Called by lib/account/actions.ts (which
 * decides who the user is) and by tests; nothing here touches cookies or sessions.
 */
import { commonPasswordMessage, hashPassword, isCommonPassword, verifyPassword } from "@/lib/auth/password";
import { db } from "@/lib/db";

import { confirmsDeletion, type Profile } from "./schemas";

export type Refusal = { ok: false; error: string; fieldErrors: Record<string, string[]> };
export type Outcome<T> = { ok: true; data: T } | Refusal;

function refuse(field: string, message: string): Refusal {
  return { ok: false, error: message, fieldErrors: { [field]: [message] } };
}

export const usernameTakenMessage = "This username is taken. Try another one.";
export const wrongPasswordMessage = "Your current password is incorrect.";
export const deleteConfirmationMessage = "Type your email address or DELETE to confirm.";

class AccountNotFoundError extends Error {
  constructor(userId: string) {
    super(`No user ${userId}`);
  }
}

/** Saves the username and full name. A username used by someone else is refused on the field. */
export async function updateProfile(userId: string, input: Profile): Promise<Outcome<Profile>> {
  const owner = await db.profile.findUnique({ where: { username: input.username }, select: { userId: true } });
  if (owner && owner.userId !== userId) return refuse("username", usernameTakenMessage);
  try {
    await db.$transaction([
      db.profile.upsert({
        where: { userId },
        create: { userId, username: input.username, fullName: input.fullName },
        update: { username: input.username, fullName: input.fullName },
      }),
      // User.name is what emails greet the user with.
      db.user.update({ where: { id: userId }, data: { name: input.fullName }, select: { id: true } }),
    ]);
  } catch (error) {
    // Two people saving the same new username at once: the unique index decides.
    if (isUniqueViolation(error)) return refuse("username", usernameTakenMessage);
    throw error;
  }
  return { ok: true, data: { username: input.username, fullName: input.fullName } };
}

/**
 * Sets a new password. Accounts that already have one must give it (`currentPassword`); Google-only
 * accounts set their first one without. Bumping sessionVersion signs out every other session;
 * the caller re-issues this browser's session. Outstanding reset links and API sign-ins stop working.
 */
export async function changePassword(
  userId: string,
  input: { currentPassword?: string; newPassword: string },
): Promise<Outcome<{ sessionVersion: number }>> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw new AccountNotFoundError(userId);
  if (user.passwordHash !== null) {
    if (!input.currentPassword) return refuse("currentPassword", "Enter your current password");
    if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
      return refuse("currentPassword", wrongPasswordMessage);
    }
  }
  if (isCommonPassword(input.newPassword)) return refuse("newPassword", commonPasswordMessage);

  const passwordHash = await hashPassword(input.newPassword);
  const [updated] = await db.$transaction([
    db.user.update({
      where: { id: userId },
      data: { passwordHash, sessionVersion: { increment: 1 } },
      select: { sessionVersion: true },
    }),
    db.verificationToken.deleteMany({ where: { identifier: `password-reset:${userId}` } }),
    // Sign-ins to the REST API made with the old password end too (API keys stay).
    db.apiLogin.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: new Date() } }),
  ]);
  return { ok: true, data: { sessionVersion: updated.sessionVersion } };
}

/**
 * Deletes the account and everything that is theirs: profile, linked Google accounts and sessions
 * (cascade), their single-use tokens ("<purpose>:<userId>"), sign-in failures and newsletter
 * subscription under their address. `confirmation` must be their email or DELETE.
 */
export async function deleteAccount(userId: string, confirmation: string): Promise<Outcome<{ email: string }>> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { email: true } });
  if (!user) throw new AccountNotFoundError(userId);
  if (!confirmsDeletion(confirmation, user.email)) return refuse("confirmation", deleteConfirmationMessage);
  await db.$transaction([
    db.verificationToken.deleteMany({ where: { identifier: { endsWith: `:${userId}` } } }),
    db.loginFailure.deleteMany({ where: { email: user.email } }),
    db.newsletterSubscription.deleteMany({ where: { email: user.email } }),
    db.user.delete({ where: { id: userId }, select: { id: true } }),
  ]);
  return { ok: true, data: { email: user.email } };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
}
