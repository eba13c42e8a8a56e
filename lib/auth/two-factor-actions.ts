"use server";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { recordAudit } from "@/lib/audit/service";
import { formRateLimit } from "@/lib/rate-limit";

import { safeCallbackUrl } from "./callback-url";
import { signOut } from "./index";
import { getPendingTwoFactor } from "./session";
import { revokeCurrentSession } from "./sessions";
import { startSession } from "./start-session";
import { verifySecondFactor } from "./two-factor";
import { twoFactorSignInSchema, type TwoFactorSignInInput } from "./two-factor-schemas";

const expired = {
  ok: false,
  error: "Your sign-in has expired. Enter your email and password again.",
  code: "expired",
} as const;

/**
 * The second step of signing in: the authenticator code (or a recovery code, used up) for the
 * account whose password this browser just gave. Guesses are limited per account
 * (lib/auth/two-factor.ts) and per address (below). Success replaces the pending session.
 */
export async function verifyTwoFactorSignInAction(
  input: TwoFactorSignInInput,
): Promise<ActionResult<{ redirectTo: string; usedRecoveryCode: boolean }>> {
  const pending = await getPendingTwoFactor();
  if (!pending) return expired;
  return validatedAction(
    "auth.twoFactorSignIn",
    twoFactorSignInSchema,
    async ({ code, callbackUrl }) => {
      const factor = await verifySecondFactor(pending.userId, code);
      await revokeCurrentSession();
      await startSession(pending.userId, { secondFactorVerified: true });
      if (factor === "recovery-code") {
        await recordAudit(pending.userId, "auth.recovery_code_used", { type: "account", label: "Recovery code" });
      }
      return { redirectTo: safeCallbackUrl(callbackUrl), usedRecoveryCode: factor === "recovery-code" };
    },
    { rateLimit: formRateLimit("two-factor-sign-in") },
  )(input);
}

/** "Use another account": ends the pending session. */
export async function cancelTwoFactorSignInAction(): Promise<ActionResult<void>> {
  try {
    await revokeCurrentSession();
    await signOut({ redirect: false });
    return { ok: true, data: undefined };
  } catch (error) {
    console.error("[action:auth.cancelTwoFactorSignIn] failed", error);
    return { ok: false, error: "An unexpected error occurred." };
  }
}
