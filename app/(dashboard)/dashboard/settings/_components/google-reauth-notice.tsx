"use client";

import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { reauthenticateWithGoogleAction } from "@/lib/account/security-actions";

import { unexpectedErrorMessage } from "./action-results";

/**
 * Google-only accounts confirm it's them with a fresh Google sign-in (valid 10 minutes) before
 * the riskiest changes; the sign-in comes back to Account Settings.
 */
export function GoogleReauthNotice({ action }: { action: string }) {
  const [pending, setPending] = useState(false);

  async function confirmWithGoogle() {
    setPending(true);
    try {
      const result = await reauthenticateWithGoogleAction();
      if (result.ok) {
        window.location.assign(result.data.redirectTo);
        return;
      }
      toast.error("Could not start Google sign-in", { description: result.error });
    } catch (error) {
      console.error("Google re-authentication failed to start", error);
      toast.error("Could not start Google sign-in", { description: unexpectedErrorMessage });
    }
    setPending(false);
  }

  return (
    <div className="grid gap-3 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm sm:flex sm:items-center sm:justify-between">
      <p className="flex gap-2">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <span>To {action}, confirm it&apos;s you: sign in with Google again. It counts for 10 minutes.</span>
      </p>
      <Button type="button" variant="outline" size="sm" disabled={pending} onClick={confirmWithGoogle}>
        {pending ? "Opening Google..." : "Confirm with Google"}
      </Button>
    </div>
  );
}
