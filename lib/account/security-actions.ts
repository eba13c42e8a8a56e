"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { z } from "zod/mini";

import { ActionRefusal, validatedAction, type ActionResult } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { googleConfigured, signIn } from "@/lib/auth";
import { googleNotConfiguredMessage } from "@/lib/auth/messages";
import { requireReauthentication } from "@/lib/auth/reauth";
import { getCurrentUser } from "@/lib/auth/session";
import { endAllSessions, endSession } from "@/lib/auth/sessions";
import { startSession } from "@/lib/auth/start-session";
import {
  beginEnrolment,
  confirmEnrolment,
  disableTwoFactor,
  verifySecondFactor,
  type Enrolment,
} from "@/lib/auth/two-factor";
import {
  confirmTwoFactorSchema,
  disableTwoFactorSchema,
  type ConfirmTwoFactorInput,
  type DisableTwoFactorInput,
} from "@/lib/auth/two-factor-schemas";
import { formRateLimit } from "@/lib/rate-limit";
import { sessionEnded } from "@/lib/user-action";

const settingsPath = "/dashboard/settings";

/** Security › Set up: a new secret, its QR code and the key to type by hand. */
export async function startTwoFactorSetupAction(): Promise<ActionResult<Enrolment>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  return validatedAction("account.twoFactor.start", z.object({}), () => beginEnrolment(user.id), {
    rateLimit: formRateLimit("two-factor-setup"),
  })({});
}

/** Security › confirm with the first code: two-factor is on; the recovery codes are answered once. */
export async function confirmTwoFactorSetupAction(
  input: ConfirmTwoFactorInput,
): Promise<ActionResult<{ recoveryCodes: string[] }>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const result = await validatedAction(
    "account.twoFactor.confirm",
    confirmTwoFactorSchema,
    async ({ code }) => {
      const codes = await confirmEnrolment(user.id, code);
      await recordAudit(user.id, "auth.two_factor_enabled", { type: "account", label: "Authenticator app" });
      return codes;
    },
    { rateLimit: formRateLimit("two-factor-setup") },
  )(input);
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

/** Security › Turn off: the password (or a fresh Google sign-in) and a current code. */
export async function disableTwoFactorAction(input: DisableTwoFactorInput): Promise<ActionResult<void>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const result = await validatedAction(
    "account.twoFactor.disable",
    disableTwoFactorSchema,
    async ({ password, code }) => {
      await requireReauthentication(user, password);
      await verifySecondFactor(user.id, code);
      await disableTwoFactor(user.id);
      await recordAudit(user.id, "auth.two_factor_disabled", { type: "account", label: "Authenticator app" });
    },
    { rateLimit: formRateLimit("two-factor-disable") },
  )(input);
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

/**
 * Sign out everywhere: every session of the account ends at once (session version); this browser
 * gets a new session and comes back to Account Settings (the redirect's render sees the new
 * cookie, as after a password change).
 */
export async function signOutEverywhereAction(): Promise<ActionResult<never>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const result = await validatedAction(
    "account.signOutEverywhere",
    z.object({}),
    async () => {
      await endAllSessions(user.id);
      await recordAudit(user.id, "auth.signed_out_everywhere", { type: "account", label: "All devices" });
    },
    { rateLimit: formRateLimit("sign-out-everywhere") },
  )({});
  if (!result.ok) return result;
  try {
    await startSession(user.id, { secondFactorVerified: true });
  } catch (error) {
    console.error("[action:account.signOutEverywhere] re-issuing this session failed", error);
    return { ok: false, error: "You were signed out everywhere. Please sign in again." };
  }
  redirect(settingsPath);
}

/**
 * Security › Sessions › Sign Out on one device: that session ends at once (its row goes, so its
 * cookie, and any copy, stops working). This browser's own session is ended with Log Out instead.
 */
export async function endSessionAction(input: { sessionId: string }): Promise<ActionResult<void>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  const result = await validatedAction(
    "account.endSession",
    z.object({ sessionId: z.string().check(z.minLength(1), z.maxLength(100)) }),
    async ({ sessionId }) => {
      if (sessionId === user.session.id) {
        throw new ActionRefusal("This is the browser you are using: use Log Out to end it.");
      }
      // Already ended (another tab, it expired): the list is simply out of date.
      if (await endSession(user.id, sessionId)) {
        await recordAudit(user.id, "auth.session_ended", { type: "account", label: "One device" });
      }
    },
    { rateLimit: formRateLimit("sign-out-everywhere") },
  )(input);
  if (result.ok) revalidatePath(settingsPath);
  return result;
}

/**
 * Re-authentication for Google-only accounts: a fresh Google sign-in that comes back to Account
 * Settings (the riskiest changes accept it for 10 minutes, lib/auth/reauth.ts).
 */
export async function reauthenticateWithGoogleAction(): Promise<ActionResult<{ redirectTo: string }>> {
  const user = await getCurrentUser();
  if (!user) return sessionEnded;
  if (!googleConfigured) return { ok: false, error: googleNotConfiguredMessage, code: "google_unconfigured" };
  try {
    const url = await signIn("google", { redirect: false, redirectTo: settingsPath });
    return { ok: true, data: { redirectTo: String(url) } };
  } catch (error) {
    console.error("[action:account.reauthenticateWithGoogle] failed", error);
    return { ok: false, error: "Google sign-in could not start." };
  }
}
