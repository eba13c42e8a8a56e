"use client";

import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";

import { Button } from "@/components/ui/button";
import type { ActionResult } from "@/lib/actions";
import { confirmEmailAction } from "@/lib/auth/actions";

import { unexpectedError } from "./auth-messages";
import { AuthNotice } from "./auth-notice";
import { ResendConfirmationForm } from "./resend-confirmation";

type Confirmation = ActionResult<{ redirectTo: string; signedIn: boolean }>;

// The token is single-use: one request per token for the life of the page, however often the
// effect runs (React strict mode runs it twice in development) or the component remounts.
const confirmations = new Map<string, Promise<Confirmation>>();

function confirmOnce(token: string): Promise<Confirmation> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = confirmEmailAction({ token }).catch((error: unknown): Confirmation => {
      console.error("Email confirmation failed", error);
      return { ok: false, error: unexpectedError };
    });
    confirmations.set(token, confirmation);
  }
  return confirmation;
}

/**
 * /auth/confirm?token=…: uses the link once, then a full page load: to the dashboard, signed in,
 * in the browser that signed up; to the sign-in form anywhere else. A link that cannot be used
 * explains why and offers a new one.
 */
export function ConfirmEmail({ token, invalidMessage }: { token: string | null; invalidMessage: string }) {
  const [failure, setFailure] = useState<string | null>(token ? null : invalidMessage);
  const [confirmed, setConfirmed] = useState<{ signedIn: boolean } | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    void confirmOnce(token).then((result) => {
      if (!current) return;
      if (result.ok) {
        setConfirmed({ signedIn: result.data.signedIn });
        window.location.assign(result.data.redirectTo);
      } else {
        setFailure(result.error);
      }
    });
    return () => {
      current = false;
    };
  }, [token]);

  if (failure) {
    return (
      <div className="grid gap-6">
        <AuthNotice tone="error" title="We couldn't confirm your email">
          <p>{failure}</p>
        </AuthNotice>
        <section aria-labelledby="resend-heading" className="grid gap-4">
          <div>
            <h2 id="resend-heading" className="font-semibold">
              Need a new link?
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">
              Enter the address you signed up with and we&apos;ll send a fresh confirmation link.
            </p>
          </div>
          <ResendConfirmationForm />
        </section>
        <Button asChild variant="outline" size="lg" className="w-full">
          <Link href="/login">Go to Sign In</Link>
        </Button>
      </div>
    );
  }

  return (
    <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
      <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
      <p className="text-sm text-muted-foreground">
        {!confirmed
          ? "Confirming your email…"
          : confirmed.signedIn
            ? "Email confirmed. Signing you in…"
            : "Email confirmed. Taking you to sign in…"}
      </p>
    </div>
  );
}
