"use server";

import { AuthError } from "next-auth";

import { unexpectedErrorMessage, validatedAction, type ActionResult } from "@/lib/actions";
import { startPendingTemplate } from "@/lib/bots/quick-start";
import { db } from "@/lib/db";
import { consumeRateLimit, formRateLimit, rateLimitedMessage } from "@/lib/rate-limit";
import { getClientIp } from "@/lib/request/client-ip";

import { defaultAfterSignIn, safeCallbackUrl } from "./callback-url";
import { googleConfigured, signIn, signOut } from "./index";
import { googleNotConfiguredMessage, signOutFailedMessage } from "./messages";
import {
  confirmEmailSchema,
  emailOnlySchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
  type EmailOnlyInput,
  type ResetPasswordInput,
  type SignInInput,
  type SignUpInput,
} from "./schemas";
import {
  confirmEmail,
  invalidCredentialsMessage,
  lockedMessage,
  registerUser,
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  unconfirmedMessage,
  verifyCredentials,
} from "./service";
import { revokeCurrentSession } from "./sessions";
import { bindSignupBrowser, isSignupBrowser } from "./signup-browser";
import { startSession } from "./start-session";
import { isTwoFactorEnabled, twoFactorStepPath } from "./two-factor";

type Fail = Extract<ActionResult<never>, { ok: false }>;

/** Lets a domain refusal (e.g. "username taken") travel through validatedAction as the action's result. */
function unwrap<T>(action: (input: never) => Promise<ActionResult<T | Fail>>) {
  return async (input: unknown): Promise<ActionResult<T>> => {
    const result = await action(input as never);
    if (result.ok && isFail(result.data)) return result.data;
    return result as ActionResult<T>;
  };
}

function isFail(value: unknown): value is Fail {
  return typeof value === "object" && value !== null && "ok" in value && value.ok === false;
}

const signUp = unwrap(
  validatedAction(
    "auth.signUp",
    signUpSchema,
    async (input): Promise<{ email: string } | Fail> => {
      const result = await registerUser(input);
      if (!result.ok) return { ok: false, error: result.error, fieldErrors: result.fieldErrors };
      // Only this browser gets signed in by the confirmation link.
      await bindSignupBrowser(result.userId);
      return { email: input.email };
    },
    { rateLimit: formRateLimit("signup") },
  ),
);

export async function signUpAction(input: SignUpInput): Promise<ActionResult<{ email: string }>> {
  return signUp(input);
}

/**
 * Where a sign-in goes by default: the bot made from the template chosen before signing up (its
 * Test tab), Create New Bot while a bot idea from the landing page waits, else the dashboard.
 */
async function landingAfterSignIn(userId: string): Promise<string> {
  const fromTemplate = await startPendingTemplate(userId);
  if (fromTemplate) return fromTemplate;
  const user = await db.user.findUnique({ where: { id: userId }, select: { pendingPrompt: true } });
  return user?.pendingPrompt ? "/dashboard/bots/new" : defaultAfterSignIn;
}

const signInRateLimit = { bucket: "form:login", limit: 20, windowMs: 60_000 };

export async function signInAction(input: SignInInput): Promise<ActionResult<{ redirectTo: string }>> {
  const ip = await getClientIp();
  const limited = await consumeRateLimit(signInRateLimit, ip);
  if (!limited.allowed) return { ok: false, error: rateLimitedMessage, code: "rate_limited" };
  const parsed = signInSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "Please enter your email and password." };
  try {
    const result = await verifyCredentials({ email: parsed.data.email, password: parsed.data.password, ip });
    if (!result.ok) {
      if (result.reason === "locked")
        return { ok: false, error: lockedMessage(result.retryAfterSeconds), code: "locked" };
      if (result.reason === "unconfirmed") return { ok: false, error: unconfirmedMessage, code: "unconfirmed" };
      return { ok: false, error: invalidCredentialsMessage, code: "invalid" };
    }
    await startSession(result.userId);
    const redirectTo = parsed.data.callbackUrl
      ? safeCallbackUrl(parsed.data.callbackUrl)
      : await landingAfterSignIn(result.userId);
    // Two-factor accounts now hold a pending session: the code is asked on the next page.
    if (await isTwoFactorEnabled(result.userId))
      return { ok: true, data: { redirectTo: twoFactorStepPath(redirectTo) } };
    return { ok: true, data: { redirectTo } };
  } catch (error) {
    console.error("[action:auth.signIn] failed", error);
    return { ok: false, error: unexpectedErrorMessage };
  }
}

const resend = validatedAction("auth.resendConfirmation", emailOnlySchema, ({ email }) => resendConfirmation(email), {
  rateLimit: formRateLimit("resend-confirmation"),
});

/** Same answer whether or not the address has an unconfirmed account. */
export async function resendConfirmationAction(input: EmailOnlyInput): Promise<ActionResult<void>> {
  return resend(input);
}

/**
 * Confirms the address. The browser that signed up is signed in and goes to the dashboard; any
 * other browser (a forwarded or planted link) is asked to sign in with the password.
 */
export async function confirmEmailAction(input: {
  token: string;
}): Promise<ActionResult<{ redirectTo: string; signedIn: boolean }>> {
  const parsed = confirmEmailSchema.safeParse(input);
  if (!parsed.success) return { ok: false, error: "This confirmation link is invalid.", code: "invalid" };
  try {
    const result = await confirmEmail(parsed.data.token);
    if (!result.ok) {
      return result.reason === "expired"
        ? { ok: false, error: "This confirmation link has expired. Request a new one below.", code: "expired" }
        : {
            ok: false,
            error: "This confirmation link is invalid or was already used. If your address is confirmed, just sign in.",
            code: "invalid",
          };
    }
    if (!(await isSignupBrowser(result.userId))) {
      return { ok: true, data: { redirectTo: "/login?confirmed=1", signedIn: false } };
    }
    await startSession(result.userId);
    return { ok: true, data: { redirectTo: await landingAfterSignIn(result.userId), signedIn: true } };
  } catch (error) {
    console.error("[action:auth.confirmEmail] failed", error);
    return { ok: false, error: unexpectedErrorMessage };
  }
}

const requestReset = validatedAction(
  "auth.requestPasswordReset",
  emailOnlySchema,
  ({ email }) => requestPasswordReset(email),
  {
    rateLimit: formRateLimit("password-reset"),
  },
);

/** Same answer whether or not an account uses the address. */
export async function requestPasswordResetAction(input: EmailOnlyInput): Promise<ActionResult<void>> {
  return requestReset(input);
}

const reset = unwrap(
  validatedAction(
    "auth.resetPassword",
    resetPasswordSchema,
    async ({ token, password }): Promise<{ redirectTo: string } | Fail> => {
      const result = await resetPassword(token, password);
      if (!result.ok) {
        if ("fieldErrors" in result) return { ok: false, error: result.error, fieldErrors: result.fieldErrors };
        return {
          ok: false,
          code: result.reason,
          error:
            result.reason === "expired"
              ? "This reset link has expired. Request a new one."
              : "This reset link is invalid or was already used. Request a new one.",
        };
      }
      await startSession(result.userId);
      return { redirectTo: "/dashboard" };
    },
    { rateLimit: formRateLimit("password-reset-confirm") },
  ),
);

export async function resetPasswordAction(input: ResetPasswordInput): Promise<ActionResult<{ redirectTo: string }>> {
  return reset(input);
}

/** Starts Google sign-in: answers the Google URL to go to, or why it cannot start. */
export async function googleSignInAction(): Promise<ActionResult<{ redirectTo: string }>> {
  if (!googleConfigured) return { ok: false, error: googleNotConfiguredMessage, code: "google_unconfigured" };
  try {
    const url = await signIn("google", { redirect: false, redirectTo: "/" });
    return { ok: true, data: { redirectTo: String(url) } };
  } catch (error) {
    console.error("[action:auth.googleSignIn] failed", error);
    return {
      ok: false,
      error: error instanceof AuthError ? "Google sign-in could not start." : unexpectedErrorMessage,
    };
  }
}

/** Signs out this browser, and ends its session on the server too, so a copied cookie stops working. */
export async function signOutAction(): Promise<ActionResult<void>> {
  try {
    await revokeCurrentSession();
    await signOut({ redirect: false });
    return { ok: true, data: undefined };
  } catch (error) {
    console.error("[action:auth.signOut] failed", error);
    return { ok: false, error: signOutFailedMessage };
  }
}
