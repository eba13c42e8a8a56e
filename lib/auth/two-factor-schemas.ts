/** Forms of two-factor sign-in and Account Settings → Security (shared by the forms and the actions). */
import { z } from "zod";

import { accountLimits } from "./schemas";

/** A 6-digit authenticator code or a recovery code ("xxxxx-xxxxx"); spaces are ignored. */
export const secondFactorCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter the code from your authenticator app")
  .max(32, "That code is too long");

/** /login/two-factor. */
export const twoFactorSignInSchema = z.object({
  code: secondFactorCodeSchema,
  callbackUrl: z.string().max(2048).optional(),
});
export type TwoFactorSignInInput = z.input<typeof twoFactorSignInSchema>;

/** Security › confirm the setup with the first code from the app. */
export const confirmTwoFactorSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, "Enter the 6-digit code from your authenticator app")
    .regex(/^\d{3} ?\d{3}$/, "Enter the 6-digit code from your authenticator app"),
});
export type ConfirmTwoFactorInput = z.input<typeof confirmTwoFactorSchema>;

/** The password, when re-authentication asks for it (Google-only accounts have none). */
export const reauthPasswordSchema = z.string().max(accountLimits.password.max, "Password is too long").optional();

/** Security › turn two-factor off: the password (if the account has one) and a current code. */
export const disableTwoFactorSchema = z.object({
  password: reauthPasswordSchema,
  code: secondFactorCodeSchema,
});
export type DisableTwoFactorInput = z.input<typeof disableTwoFactorSchema>;
