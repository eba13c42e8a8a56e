"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { signUpAction } from "@/lib/auth/actions";
import { accountLimits, signUpSchema, type SignUpInput } from "@/lib/auth/schemas";

import { authLinkClass } from "./auth-card";
import { authToasts, unexpectedError } from "./auth-messages";
import { AuthNotice } from "./auth-notice";
import { AuthDivider, GoogleSignInButton } from "./google-sign-in-button";
import { ResendConfirmationButton } from "./resend-confirmation";

const emptySignUp: SignUpInput = { fullName: "", username: "", email: "", password: "" };
const fieldNames = Object.keys(emptySignUp) as (keyof SignUpInput)[];

/**
 * /signup: creates the account and asks the visitor to confirm the address. On failure every
 * field keeps what was typed and the server's reasons (taken email or username, a common
 * password) appear under their fields. `outboxHref`: no mail service is configured and this
 * visitor may open the local outbox, where the email waits (lib/mail/outbox-access.ts).
 */
export function SignupForm({
  outboxHref = null,
  prompt,
  template,
  intro,
}: {
  outboxHref?: string | null;
  prompt?: string;
  template?: string;
  /** Above the form, gone with it once the email is sent (Get Started's two ways in). */
  intro?: React.ReactNode;
}) {
  const form = useForm<SignUpInput, unknown, z.output<typeof signUpSchema>>({
    resolver: zodResolver(signUpSchema),
    defaultValues: emptySignUp,
  });
  const { errors, isSubmitting } = form.formState;
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function createAccount(values: z.output<typeof signUpSchema>) {
    try {
      // The landing page's bot idea goes with the account: Create New Bot opens with it.
      const result = await signUpAction({ ...values, prompt, template });
      if (result.ok) {
        form.reset(emptySignUp);
        setSentTo(result.data.email);
        toast.success(authToasts.signUpSent.title, { description: authToasts.signUpSent.description });
        return;
      }
      for (const field of fieldNames) {
        const message = result.fieldErrors?.[field]?.[0];
        if (message) form.setError(field, { message });
      }
      toast.error(authToasts.signUpFailed, { description: result.error });
    } catch (error) {
      console.error("Sign-up failed", error);
      toast.error(authToasts.signUpFailed, { description: unexpectedError });
    }
  }

  // Sent: the notice takes the form's place (the form would only invite a second account).
  if (sentTo) {
    return (
      <div className="grid gap-6">
        <AuthNotice tone="success" title="Check your email">
          <p>
            We&apos;ve sent a confirmation link to{" "}
            <strong className="[overflow-wrap:anywhere] text-foreground">{sentTo}</strong>. Open it to finish creating
            your account. It can take a minute to arrive; if it doesn&apos;t, check your spam folder.
          </p>
          {outboxHref && (
            <p>
              No mail service is set up on this server yet, so the email waits in the{" "}
              <a href={outboxHref} target="_blank" rel="noopener" className={authLinkClass}>
                local outbox
              </a>
              : open it there to confirm your account.
            </p>
          )}
          <ResendConfirmationButton email={sentTo}>Resend the link</ResendConfirmationButton>
        </AuthNotice>
        <p className="text-center text-sm text-muted-foreground">
          Wrong address?{" "}
          <button type="button" onClick={() => setSentTo(null)} className={authLinkClass}>
            Sign up again
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {intro}
      <form
        onSubmit={form.handleSubmit(createAccount)}
        noValidate
        aria-label="Create your account"
        className="grid gap-5"
      >
        <FormField id="signup-full-name" label="Full name" required error={errors.fullName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              placeholder="Ada Lovelace"
              maxLength={accountLimits.name}
              {...form.register("fullName")}
            />
          )}
        </FormField>
        <FormField
          id="signup-username"
          label="Username"
          required
          hint="Lowercase letters, digits and underscores."
          error={errors.username?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="ada_builds"
              maxLength={accountLimits.username.max}
              {...form.register("username")}
            />
          )}
        </FormField>
        <FormField id="signup-email" label="Email" required error={errors.email?.message}>
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
        <FormField
          id="signup-password"
          label="Password"
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
        <FormSubmitButton pending={isSubmitting} pendingLabel="Creating account..." className="w-full">
          Create Account
        </FormSubmitButton>
      </form>

      <AuthDivider />
      <GoogleSignInButton pendingLabel="Signing up..." disabled={isSubmitting} />
    </div>
  );
}
