import { z } from "zod";

import { accountLimits, fullNameSchema, newPasswordSchema, usernameSchema } from "@/lib/auth/schemas";

/** The answer of every account action whose session is no longer valid. */
export const sessionEndedMessage = "Your session has ended. Please sign in again.";

/** Settings › Profile: shared by the form and `updateProfileAction`. */
export const profileSchema = z.object({ username: usernameSchema, fullName: fullNameSchema });
export type ProfileInput = z.input<typeof profileSchema>;
export type Profile = z.infer<typeof profileSchema>;

const repeatedPassword = z.string().min(1, "Repeat the new password");
const passwordsMatch = {
  path: ["confirmPassword"],
  message: "The passwords do not match",
};

/** Settings › Password for accounts that have one: the current password proves it is really them. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, "Enter your current password")
      .max(accountLimits.password.max, "Password is too long"),
    newPassword: newPasswordSchema,
    confirmPassword: repeatedPassword,
  })
  .refine((value) => value.newPassword === value.confirmPassword, passwordsMatch);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** Settings › Password for Google-only accounts, which have no password to confirm yet. */
export const setPasswordSchema = z
  .object({ newPassword: newPasswordSchema, confirmPassword: repeatedPassword })
  .refine((value) => value.newPassword === value.confirmPassword, passwordsMatch);
export type SetPasswordInput = z.input<typeof setPasswordSchema>;

/** The word that also confirms a deletion, besides the account's email address. */
export const deleteConfirmationWord = "DELETE";

/**
 * Settings › Delete account. What was typed is checked against the account on the server, and so
 * is the password (re-authentication; Google-only accounts sign in with Google again instead).
 */
export const deleteAccountSchema = z.object({
  confirmation: z.string().trim().min(1, "Type your email address or DELETE to confirm").max(accountLimits.email),
  password: z.string().max(accountLimits.password.max, "Password is too long").optional(),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** True when `typed` is the account's email (any case) or the word DELETE. */
export function confirmsDeletion(typed: string, email: string): boolean {
  const value = typed.trim();
  return value === deleteConfirmationWord || value.toLowerCase() === email.toLowerCase();
}
