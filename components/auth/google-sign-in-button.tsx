"use client";

import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { googleSignInAction } from "@/lib/auth/actions";

import { authToasts, unexpectedError } from "./auth-messages";
import { useHydrated } from "./use-hydrated";

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.21 3.31v2.77h3.57c2.08-1.92 3.28-4.74 3.28-8.09Z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23Z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.09A6.6 6.6 0 0 1 5.49 12c0-.73.13-1.43.35-2.09V7.07H2.18A11 11 0 0 0 1 12c0 1.78.43 3.45 1.18 4.93l3.66-2.84Z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15A10.6 10.6 0 0 0 12 1 11 11 0 0 0 2.18 7.07l3.66 2.84C6.71 7.31 9.14 5.38 12 5.38Z"
      />
    </svg>
  );
}

/**
 * Continue with Google: asks the server for Google's sign-in address and goes there. When Google
 * sign-in is not set up (or fails to start) the visitor gets the spec's 'Google sign in failed' toast.
 */
export function GoogleSignInButton({ pendingLabel, disabled = false }: { pendingLabel: string; disabled?: boolean }) {
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();

  async function continueWithGoogle() {
    setPending(true);
    try {
      const result = await googleSignInAction();
      if (result.ok) {
        // Stays pending: the browser is leaving for Google.
        window.location.assign(result.data.redirectTo);
        return;
      }
      toast.error(authToasts.googleFailed, { description: result.error });
    } catch (error) {
      console.error("Google sign-in failed to start", error);
      toast.error(authToasts.googleFailed, { description: unexpectedError });
    }
    setPending(false);
  }

  return (
    <Button
      type="button"
      variant="outline"
      size="lg"
      className="w-full"
      disabled={!hydrated || pending || disabled}
      onClick={continueWithGoogle}
    >
      <GoogleIcon />
      {pending ? pendingLabel : "Continue with Google"}
    </Button>
  );
}

/** The "or" rule between the email form and the Google button. */
export function AuthDivider() {
  return (
    <div className="flex items-center gap-3 text-xs tracking-wide text-muted-foreground uppercase" aria-hidden="true">
      <span className="h-px flex-1 bg-border" />
      or
      <span className="h-px flex-1 bg-border" />
    </div>
  );
}
