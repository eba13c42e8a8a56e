/** Texts the account screens show; toast titles and texts follow the spec's error catalogue (section 8). */

import { unexpectedErrorMessage } from "@/lib/action-result";
import { signOutFailedMessage } from "@/lib/auth/messages";

/** The generic text for an action that threw (spec: sign-up, sign-in and Google exceptions). */
export const unexpectedError = unexpectedErrorMessage;
/** Sign-out's generic text is shorter in the spec. */
export const signOutUnexpectedError = signOutFailedMessage;

export const authToasts = {
  signUpFailed: "Sign up failed",
  signUpSent: {
    title: "Check your email",
    description: "We've sent you a confirmation link to complete your registration.",
  },
  signInFailed: "Sign in failed",
  googleFailed: "Google sign in failed",
  signOutFailed: "Sign out failed",
  resendFailed: "Could not send the email",
  resendSent: "Confirmation email sent",
  resetRequestFailed: "Could not send the reset link",
  resetFailed: "Password reset failed",
} as const;

export function resendSentDescription(email: string): string {
  return `If ${email} belongs to an account that still needs confirming, a new link is on its way.`;
}

export const passwordResetRequested =
  "If an account uses this address, we've sent a link to reset your password. It is valid for 1 hour.";

export const missingTokenMessages = {
  confirm: "This confirmation link is invalid or was already used. If your address is confirmed, just sign in.",
  reset: "This reset link is invalid or was already used. Request a new one.",
} as const;

/** Where the landing hero's prompt waits for the bot builder after sign-up. */
export const pendingPromptStorageKey = "cipher:pending-prompt";

/**
 * Auth.js sends a failed Google sign-in back to /login?error=<code>
 * (https://authjs.dev/reference/core/errors). The codes mean little to people, so each gets a sentence.
 */
export function oauthErrorMessage(code: string): string {
  switch (code) {
    case "OAuthAccountNotLinked":
      return "This email address already belongs to an account that signs in another way. Sign in with your email and password.";
    case "AccessDenied":
      return "Google did not allow the sign-in, or your Google address is not verified.";
    case "Configuration":
      return "Google sign-in is not set up correctly on this server. Please use your email and password.";
    case "Verification":
      return "The sign-in link is no longer valid. Please try again.";
    default:
      return "Google sign-in did not complete. Please try again.";
  }
}
