"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { resetPasswordAction } from "@/lib/auth/actions";
import { accountLimits, resetPasswordSchema, type ResetPasswordInput } from "@/lib/auth/schemas";

import { authToasts, missingTokenMessages, unexpectedError } from "./auth-messages";
import { AuthNotice } from "./auth-notice";

/** Shown instead of the form when the link cannot be used: why, and where to get a new one. */
export function ResetLinkProblem({ message }: { message: string }) {
  return (
    <div className="grid gap-5">
      <AuthNotice tone="error" title="This link can't be used">
        <p>{message}</p>
      </AuthNotice>
      <Button asChild size="lg" className="w-full">
        <Link href="/forgot-password">Request a new link</Link>
      </Button>
    </div>
  );
}

/**
 * /reset-password?token=…: sets the new password; the server then signs the user in (and out
 * everywhere else), and a full page load takes them to the dashboard.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm<ResetPasswordInput, unknown, z.output<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [redirecting, setRedirecting] = useState(false);
  const [linkProblem, setLinkProblem] = useState<string | null>(null);

  async function resetPassword(values: z.output<typeof resetPasswordSchema>) {
    try {
      const result = await resetPasswordAction(values);
      if (result.ok) {
        setRedirecting(true);
        window.location.assign(result.data.redirectTo);
        return;
      }
      if (result.code === "expired" || result.code === "invalid" || result.fieldErrors?.token) {
        setLinkProblem(result.error);
        return;
      }
      for (const field of ["password", "confirmPassword"] as const) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      toast.error(authToasts.resetFailed, { description: result.error });
    } catch (error) {
      console.error("Password reset failed", error);
      toast.error(authToasts.resetFailed, { description: unexpectedError });
    }
  }

  if (linkProblem) return <ResetLinkProblem message={linkProblem} />;

  return (
    <form
      onSubmit={form.handleSubmit(resetPassword, (invalid) => {
        if (invalid.token) setLinkProblem(missingTokenMessages.reset);
      })}
      noValidate
      aria-label="Choose a new password"
      className="grid gap-5"
    >
      <FormField
        id="reset-password"
        label="New password"
        required
        hint={`At least ${accountLimits.password.min} characters. Avoid common passwords.`}
        error={errors.password?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            maxLength={accountLimits.password.max}
            {...form.register("password")}
          />
        )}
      </FormField>
      <FormField
        id="reset-confirm-password"
        label="Confirm new password"
        required
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="new-password"
            maxLength={accountLimits.password.max}
            {...form.register("confirmPassword")}
          />
        )}
      </FormField>
      <FormSubmitButton pending={isSubmitting || redirecting} pendingLabel="Saving..." className="w-full">
        Set new password
      </FormSubmitButton>
    </form>
  );
}
