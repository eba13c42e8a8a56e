"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cancelTwoFactorSignInAction, verifyTwoFactorSignInAction } from "@/lib/auth/two-factor-actions";
import { twoFactorSignInSchema, type TwoFactorSignInInput } from "@/lib/auth/two-factor-schemas";

import { authToasts, unexpectedError } from "./auth-messages";

/**
 * /login/two-factor: the authenticator code, or a recovery code (used up). Success is a full page
 * load to where the visitor was going, like the password step.
 */
export function TwoFactorForm({ callbackUrl }: { callbackUrl: string }) {
  const [recovery, setRecovery] = useState(false);
  const form = useForm<TwoFactorSignInInput, unknown, z.output<typeof twoFactorSignInSchema>>({
    resolver: zodResolver(twoFactorSignInSchema),
    defaultValues: { code: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [leaving, setLeaving] = useState(false);

  async function verify(values: z.output<typeof twoFactorSignInSchema>) {
    try {
      const result = await verifyTwoFactorSignInAction({ code: values.code, callbackUrl });
      if (result.ok) {
        setLeaving(true);
        window.location.assign(result.data.redirectTo);
        return;
      }
      if (result.code === "expired") {
        toast.error(authToasts.signInFailed, { description: result.error });
        setLeaving(true);
        // A full load: the layouts must see that the pending session is gone.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign(`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`);
        return;
      }
      const message = result.fieldErrors?.code?.[0];
      if (message) form.setError("code", { message }, { shouldFocus: true });
      else toast.error(authToasts.signInFailed, { description: result.error });
    } catch (error) {
      console.error("Two-factor sign-in failed", error);
      toast.error(authToasts.signInFailed, { description: unexpectedError });
    }
  }

  async function useAnotherAccount() {
    setLeaving(true);
    await cancelTwoFactorSignInAction().catch(() => undefined);
    // A full load, so the sign-in page renders without the ended session.
    // eslint-disable-next-line @next/next/no-location-assign-relative-destination
    window.location.assign("/login");
  }

  return (
    <div className="grid gap-6">
      <form onSubmit={form.handleSubmit(verify)} noValidate aria-label="Two-factor code" className="grid gap-5">
        <FormField
          id="two-factor-code"
          label={recovery ? "Recovery code" : "Authentication code"}
          required
          hint={
            recovery
              ? "One of the 10 codes you saved when you turned on two-factor. Each works once."
              : "The 6-digit code your authenticator app shows for Cipher."
          }
          error={errors.code?.message}
        >
          {(control) => (
            <Input
              {...control}
              key={recovery ? "recovery" : "totp"}
              autoFocus
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              inputMode={recovery ? "text" : "numeric"}
              placeholder={recovery ? "xxxxx-xxxxx" : "123456"}
              maxLength={32}
              className="font-mono tracking-widest"
              {...form.register("code")}
            />
          )}
        </FormField>
        <FormSubmitButton pending={isSubmitting || leaving} pendingLabel="Verifying..." className="w-full">
          Verify
        </FormSubmitButton>
      </form>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <Button
          type="button"
          variant="link"
          className="h-auto px-0"
          onClick={() => {
            setRecovery((value) => !value);
            form.reset({ code: "" });
          }}
        >
          {recovery ? "Use your authenticator app" : "Use a recovery code"}
        </Button>
        <Button
          type="button"
          variant="link"
          className="h-auto px-0 text-muted-foreground"
          disabled={leaving}
          onClick={useAnotherAccount}
        >
          Use another account
        </Button>
      </div>
    </div>
  );
}
