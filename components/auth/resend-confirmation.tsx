"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { resendConfirmationAction } from "@/lib/auth/actions";
import { accountLimits, emailOnlySchema, type EmailOnlyInput } from "@/lib/auth/schemas";

import { authToasts, resendSentDescription, unexpectedError } from "./auth-messages";
import { useHydrated } from "./use-hydrated";

/** Asks for a new confirmation link; answers true when the server took the request. */
async function resendConfirmation(email: string): Promise<boolean> {
  try {
    const result = await resendConfirmationAction({ email });
    if (result.ok) {
      toast.success(authToasts.resendSent, { description: resendSentDescription(email) });
      return true;
    }
    toast.error(authToasts.resendFailed, { description: result.error });
  } catch (error) {
    console.error("Resending the confirmation email failed", error);
    toast.error(authToasts.resendFailed, { description: unexpectedError });
  }
  return false;
}

/** A button that sends a new confirmation link to an address the form already knows. */
export function ResendConfirmationButton({
  email,
  children,
  variant = "outline",
}: {
  email: string;
  children: React.ReactNode;
  variant?: "outline" | "secondary";
}) {
  const [pending, setPending] = useState(false);
  const hydrated = useHydrated();
  return (
    <Button
      type="button"
      variant={variant}
      size="sm"
      disabled={!hydrated || pending}
      onClick={async () => {
        setPending(true);
        await resendConfirmation(email);
        setPending(false);
      }}
    >
      {pending ? "Sending..." : children}
    </Button>
  );
}

/** A small form for a new confirmation link when the address is not known (e.g. an expired link). */
export function ResendConfirmationForm() {
  const form = useForm<EmailOnlyInput, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: "" },
  });
  const { errors, isSubmitting } = form.formState;

  return (
    <form
      noValidate
      aria-label="Resend the confirmation link"
      className="grid gap-4"
      onSubmit={form.handleSubmit(async ({ email }) => {
        if (await resendConfirmation(email)) form.reset({ email: "" });
      })}
    >
      <FormField id="resend-email" label="Email" required error={errors.email?.message}>
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
      <FormSubmitButton pending={isSubmitting} pendingLabel="Sending..." className="w-full">
        Send a new confirmation link
      </FormSubmitButton>
    </form>
  );
}
