"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { requestPasswordResetAction } from "@/lib/auth/actions";
import { accountLimits, emailOnlySchema, type EmailOnlyInput } from "@/lib/auth/schemas";

import { authToasts, passwordResetRequested, unexpectedError } from "./auth-messages";
import { AuthNotice } from "./auth-notice";

/** /forgot-password: the answer is the same whether or not an account uses the address. */
export function ForgotPasswordForm() {
  const form = useForm<EmailOnlyInput, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [requested, setRequested] = useState(false);

  async function requestReset(values: z.output<typeof emailOnlySchema>) {
    try {
      const result = await requestPasswordResetAction(values);
      if (result.ok) {
        form.reset({ email: "" });
        setRequested(true);
        return;
      }
      if (result.fieldErrors?.email?.[0]) form.setError("email", { message: result.fieldErrors.email[0] });
      toast.error(authToasts.resetRequestFailed, { description: result.error });
    } catch (error) {
      console.error("Password reset request failed", error);
      toast.error(authToasts.resetRequestFailed, { description: unexpectedError });
    }
  }

  if (requested) {
    return (
      <AuthNotice tone="success" title="Check your email">
        <p>{passwordResetRequested}</p>
        <p>If nothing arrives within a few minutes, check your spam folder or try again.</p>
        <Button type="button" variant="outline" size="sm" onClick={() => setRequested(false)}>
          Send another link
        </Button>
      </AuthNotice>
    );
  }

  return (
    <form onSubmit={form.handleSubmit(requestReset)} noValidate aria-label="Reset your password" className="grid gap-5">
      <FormField id="forgot-email" label="Email" required error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            maxLength={accountLimits.email}
            {...form.register("email")}
          />
        )}
      </FormField>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Sending link..." className="w-full">
        Send reset link
      </FormSubmitButton>
    </form>
  );
}
