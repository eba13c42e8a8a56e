/**
 * Accounts: sign-up with email confirmation, password sign-in with lockout, password reset.
 * Called by the auth actions (lib/auth/actions.ts) and by tests; nothing here touches cookies.
 */
import type { z } from "zod";

import PasswordReset, {
  subject as passwordResetSubject,
  templateName as passwordResetTemplate,
} from "@/emails/password-reset";
import SignupConfirmation, {
  subject as confirmationSubject,
  templateName as confirmationTemplate,
} from "@/emails/signup-confirmation";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

import {
  commonPasswordMessage,
  hashPassword,
  isCommonPassword,
  verifyAgainstNothing,
  verifyPassword,
} from "./password";
import type { signUpSchema } from "./schemas";
import { dropEndedSessions } from "./sessions";
import { consumeToken, issueToken, mailedSecret } from "./tokens";
import { purgeUnconfirmedAccounts } from "./unconfirmed";

type SignUp = z.infer<typeof signUpSchema>;

export type FieldProblem = { ok: false; fieldErrors: Record<string, string[]>; error: string };

export const lockout = { failures: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * Failures for one email from every address together: an attacker spreading guesses over many
 * addresses is held to this many per 15 minutes. Higher than the per-address lockout so someone
 * mistyping their own password meets that one first; a password reset clears both.
 */
export const accountLockout = { failures: 20, windowMs: 15 * 60 * 1000 } as const;

export const invalidCredentialsMessage = "Invalid email or password.";
export const unconfirmedMessage = "Please confirm your email address first. We can send you a new confirmation link.";

export function lockedMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}, or reset your password.`;
}

function siteLink(path: string, token: string): string {
  const url = new URL(path, env.SITE_URL);
  url.searchParams.set("token", token);
  return url.toString();
}

async function sendConfirmation(user: { id: string; email: string; name: string | null }) {
  const token = await issueToken("confirm-email", user.id);
  await sendEmail({
    to: user.email,
    subject: confirmationSubject,
    template: confirmationTemplate,
    react: <SignupConfirmation name={user.name ?? ""} confirmUrl={siteLink("/auth/confirm", token)} />,
    secrets: mailedSecret("confirm-email", token),
  });
}

/**
 * Creates an unconfirmed account with its profile and emails the confirmation link. If the email
 * cannot be sent the account is removed again, so the visitor can simply submit the form again.
 */
export async function registerUser(input: SignUp): Promise<{ ok: true; userId: string } | FieldProblem> {
  const fieldErrors: Record<string, string[]> = {};
  if (isCommonPassword(input.password)) fieldErrors.password = [commonPasswordMessage];
  // A sign-up left unconfirmed for 48 hours no longer holds its email or username.
  await purgeUnconfirmedAccounts(new Date(), { email: input.email, username: input.username });
  const [emailTaken, usernameTaken] = await Promise.all([
    db.user.findUnique({ where: { email: input.email }, select: { id: true } }),
    db.profile.findUnique({ where: { username: input.username }, select: { userId: true } }),
  ]);
  if (emailTaken) fieldErrors.email = ["An account with this email already exists. Sign in instead."];
  if (usernameTaken) fieldErrors.username = ["This username is taken. Try another one."];
  if (Object.keys(fieldErrors).length > 0) {
    return { ok: false, fieldErrors, error: Object.values(fieldErrors)[0]![0]! };
  }

  const passwordHash = await hashPassword(input.password);
  let user;
  try {
    user = await db.user.create({
      data: {
        email: input.email,
        name: input.fullName,
        passwordHash,
        pendingPrompt: input.prompt || null,
        pendingTemplate: input.template ?? null,
        profile: { create: { username: input.username, fullName: input.fullName } },
      },
      select: { id: true, email: true, name: true },
    });
  } catch (error) {
    // Two sign-ups racing for the same email or username: the unique index decides.
    if (isUniqueViolation(error)) {
      return { ok: false, fieldErrors: {}, error: "That email or username was just taken. Please try again." };
    }
    throw error;
  }
  try {
    await sendConfirmation(user);
  } catch (error) {
    await db.user.delete({ where: { id: user.id } }).catch(() => {});
    throw error;
  }
  return { ok: true, userId: user.id };
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "P2002";
}

/** Sends a new confirmation link if the address belongs to an unconfirmed account. Same answer either way. */
export async function resendConfirmation(email: string): Promise<void> {
  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, email: true, name: true, emailVerified: true },
  });
  if (!user || user.emailVerified) return;
  await sendConfirmation(user);
}

/** Uses a confirmation link: marks the address confirmed and answers the user to sign in. */
export async function confirmEmail(
  token: string,
): Promise<{ ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" }> {
  const consumed = await consumeToken("confirm-email", token);
  if (!consumed.ok) return consumed;
  const user = await db.user.findUnique({ where: { id: consumed.subject }, select: { id: true, emailVerified: true } });
  if (!user) return { ok: false, reason: "invalid" };
  if (!user.emailVerified) await db.user.update({ where: { id: user.id }, data: { emailVerified: new Date() } });
  return { ok: true, userId: user.id };
}

export type CredentialsResult =
  | { ok: true; userId: string }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "unconfirmed" }
  | { ok: false; reason: "locked"; retryAfterSeconds: number };

/**
 * Checks an email and password. Wrong email and wrong password look the same (same message, same
 * time). Five failures for one email from one IP within 15 minutes lock that pair for 15 minutes
 * after the last failure; a successful sign-in clears that pair's failures. Twenty failures for
 * one email from any mix of addresses lock the email the same way (accountLockout).
 */
export async function verifyCredentials(
  { email, password, ip }: { email: string; password: string; ip: string },
  now = new Date(),
): Promise<CredentialsResult> {
  const windowStart = new Date(now.getTime() - lockout.windowMs);
  for (const [rule, where] of [
    [lockout, { email, ip }],
    [accountLockout, { email }],
  ] as const) {
    const recent = await db.loginFailure.findMany({
      where: { ...where, createdAt: { gt: new Date(now.getTime() - rule.windowMs) } },
      orderBy: { createdAt: "desc" },
      take: rule.failures,
      select: { createdAt: true },
    });
    if (recent.length >= rule.failures) {
      const lockedUntil = recent[0]!.createdAt.getTime() + rule.windowMs;
      return { ok: false, reason: "locked", retryAfterSeconds: Math.ceil((lockedUntil - now.getTime()) / 1000) };
    }
  }

  const user = await db.user.findUnique({
    where: { email },
    select: { id: true, passwordHash: true, emailVerified: true },
  });
  const matches = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!user || !matches) {
    await db.loginFailure.create({ data: { email, ip, createdAt: now } });
    await db.loginFailure.deleteMany({ where: { email, createdAt: { lt: windowStart } } });
    return { ok: false, reason: "invalid" };
  }
  await db.loginFailure.deleteMany({ where: { email, ip } });
  if (!user.emailVerified) return { ok: false, reason: "unconfirmed" };
  return { ok: true, userId: user.id };
}

/** Emails a reset link (valid 1 hour) if an account uses this address. Same answer either way. */
export async function requestPasswordReset(email: string): Promise<void> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, email: true, name: true } });
  if (!user) return;
  const token = await issueToken("password-reset", user.id);
  await sendEmail({
    to: user.email,
    subject: passwordResetSubject,
    template: passwordResetTemplate,
    react: <PasswordReset name={user.name ?? ""} resetUrl={siteLink("/reset-password", token)} />,
    secrets: mailedSecret("password-reset", token),
  });
}

/**
 * Uses a reset link: sets the new password, signs out every existing session (session version),
 * confirms the address (the link proved it) and clears the lockout for it.
 */
export async function resetPassword(
  token: string,
  password: string,
): Promise<{ ok: true; userId: string } | { ok: false; reason: "invalid" | "expired" } | FieldProblem> {
  if (isCommonPassword(password)) {
    return { ok: false, fieldErrors: { password: [commonPasswordMessage] }, error: commonPasswordMessage };
  }
  const consumed = await consumeToken("password-reset", token);
  if (!consumed.ok) return consumed;
  const passwordHash = await hashPassword(password);
  const user = await db.user
    .update({
      where: { id: consumed.subject },
      data: { passwordHash, sessionVersion: { increment: 1 }, emailVerified: new Date() },
      select: { id: true, email: true, emailVerified: true },
    })
    .catch(() => null);
  if (!user) return { ok: false, reason: "invalid" };
  // Every session of the account ended with the version bump: their rows go too.
  await dropEndedSessions(user.id);
  await db.loginFailure.deleteMany({ where: { email: user.email } });
  return { ok: true, userId: user.id };
}
