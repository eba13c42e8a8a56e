import { z } from "zod";

import { isTemplateId } from "@/lib/bots/template-ids";
import { storable } from "@/lib/validation/text";

export const accountLimits = { name: 100, email: 254, username: { min: 3, max: 32 }, password: { min: 8, max: 256 } };

const email = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(accountLimits.email, `Email must be at most ${accountLimits.email} characters`)
  .pipe(z.email("Enter a valid email address"))
  .transform((value) => value.toLowerCase());

/**
 * At least 8 characters (the spec's 6 raised by issue 18, as NIST SP 800-63B asks); breached and
 * common passwords are refused on the server (lib/auth/password).
 */
export const newPasswordSchema = z
  .string()
  .min(1, "Password is required")
  .min(accountLimits.password.min, `Password must be at least ${accountLimits.password.min} characters`)
  .max(accountLimits.password.max, `Password must be at most ${accountLimits.password.max} characters`);

export const usernameSchema = z
  .string()
  .trim()
  .min(1, "Username is required")
  .min(accountLimits.username.min, `Username must be at least ${accountLimits.username.min} characters`)
  .max(accountLimits.username.max, `Username must be at most ${accountLimits.username.max} characters`)
  .regex(/^[a-z0-9_]+$/, "Use only lowercase letters, digits and underscores");

export const fullNameSchema = z
  .string()
  .trim()
  .min(1, "Full name is required")
  .max(accountLimits.name, `Full name must be at most ${accountLimits.name} characters`)
  .superRefine(storable("Your name"));

/** /signup: shared by the form (react-hook-form) and `signUpAction`. */
/** The landing hero's bot idea, carried through sign-up (components/landing/hero-prompt.tsx). */
export const maxCarriedPrompt = 2000;

export const signUpSchema = z.object({
  fullName: fullNameSchema,
  username: usernameSchema,
  email,
  password: newPasswordSchema,
  prompt: z.string().trim().max(maxCarriedPrompt, "This bot idea is too long.").optional(),
  /** The template chosen on /templates (a slug of lib/bots/templates.ts); anything else is dropped. */
  template: z
    .string()
    .max(64)
    .optional()
    .transform((value) => (value && isTemplateId(value) ? value : undefined)),
});
export type SignUpInput = z.input<typeof signUpSchema>;

/** /login. The password is only checked for presence and a sane size: old accounts may predate rules. */
export const signInSchema = z.object({
  email,
  password: z.string().min(1, "Password is required").max(accountLimits.password.max, "Password is too long"),
  callbackUrl: z.string().max(2048).optional(),
});
export type SignInInput = z.input<typeof signInSchema>;

/** "Resend the confirmation link" and "Forgot your password?" ask only for the address. */
export const emailOnlySchema = z.object({ email });
export type EmailOnlyInput = z.input<typeof emailOnlySchema>;

/** /reset-password: the token from the email link and the new password typed twice. */
export const resetPasswordSchema = z
  .object({
    token: z.string().min(1, "This reset link is incomplete").max(200, "This reset link is invalid"),
    password: newPasswordSchema,
    confirmPassword: z.string().min(1, "Repeat the new password"),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** /auth/confirm: the token from the confirmation email. */
export const confirmEmailSchema = z.object({ token: z.string().min(1).max(200) });
