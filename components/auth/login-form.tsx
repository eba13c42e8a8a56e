"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import type { z } from "zod";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { mountToasterNow } from "@/components/toasts/deferred-toaster";
import { Input } from "@/components/ui/input";
import { signInAction } from "@/lib/auth/actions";
import { accountLimits, signInSchema, type SignInInput } from "@/lib/auth/schemas";

import { authLinkClass } from "./auth-card";
import { authToasts, oauthErrorMessage, unexpectedError } from "./auth-messages";
import { AuthNotice } from "./auth-notice";
import { AuthDivider, GoogleSignInButton } from "./google-sign-in-button";
import { ResendConfirmationButton } from "./resend-confirmation";

type Problem = { code: "unconfirmed"; email: string; message: string } | { code: "locked"; message: string };

/**
 * /login. Success is a full page load to where the visitor was going (the callback URL, else
 * /dashboard) so every layout sees the new session. An unconfirmed address gets a way to resend
 * the link; a locked sign-in gets a way to reset the password. `confirmed`: a confirmation link
 * was opened in a browser other than the one that signed up, which is asked for the password.
 */
export function LoginForm({
  callbackUrl,
  oauthError,
  confirmed = false,
}: {
  callbackUrl?: string;
  oauthError?: string;
  confirmed?: boolean;
}) {
  const form = useForm<SignInInput, unknown, z.output<typeof signInSchema>>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [redirecting, setRedirecting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  useOauthErrorToast(oauthError);

  async function signIn(values: z.output<typeof signInSchema>) {
    setProblem(null);
    try {
      const result = await signInAction({ email: values.email, password: values.password, callbackUrl });
      if (result.ok) {
        setRedirecting(true);
        window.location.assign(result.data.redirectTo);
        return;
      }
      toast.error(authToasts.signInFailed, { description: result.error });
      if (result.code === "unconfirmed")
        setProblem({ code: "unconfirmed", email: values.email, message: result.error });
      if (result.code === "locked") setProblem({ code: "locked", message: result.error });
    } catch (error) {
      console.error("Sign-in failed", error);
      toast.error(authToasts.signInFailed, { description: unexpectedError });
    }
  }

  const pending = isSubmitting || redirecting;

  return (
    <div className="grid gap-6">
      {confirmed && !problem && (
        <AuthNotice tone="success" title="Email confirmed">
          <p>Your email address is confirmed. Sign in with your password to continue.</p>
        </AuthNotice>
      )}
      {problem?.code === "unconfirmed" && (
        <AuthNotice tone="warning" title="Confirm your email address">
          <p>
            {problem.message} Look for the email we sent to{" "}
            <strong className="[overflow-wrap:anywhere] text-foreground">{problem.email}</strong> (check your spam
            folder too).
          </p>
          <ResendConfirmationButton email={problem.email}>Resend confirmation email</ResendConfirmationButton>
        </AuthNotice>
      )}
      {problem?.code === "locked" && (
        <AuthNotice tone="error" title="Sign-in is paused">
          <p>{problem.message}</p>
          <p>
            <Link href="/forgot-password" className={authLinkClass}>
              Reset your password
            </Link>
          </p>
        </AuthNotice>
      )}

      <form onSubmit={form.handleSubmit(signIn)} noValidate aria-label="Sign in" className="grid gap-5">
        <FormField id="login-email" label="Email" required error={errors.email?.message}>
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
        <div className="grid gap-2">
          <FormField id="login-password" label="Password" required error={errors.password?.message}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                maxLength={accountLimits.password.max}
                {...form.register("password")}
              />
            )}
          </FormField>
          <Link href="/forgot-password" className={`${authLinkClass} justify-self-end text-sm`}>
            Forgot your password?
          </Link>
        </div>
        <FormSubmitButton pending={pending} pendingLabel="Signing in..." className="w-full">
          Sign In
        </FormSubmitButton>
      </form>

      <AuthDivider />
      <GoogleSignInButton pendingLabel="Signing in..." disabled={pending} />
    </div>
  );
}

/**
 * Auth.js returns a failed Google sign-in to /login?error=…: one toast, then the parameter leaves
 * the address bar so a reload does not repeat it. The fixed toast id keeps strict mode's second
 * effect run from showing it twice.
 */
function useOauthErrorToast(code: string | undefined) {
  useEffect(() => {
    if (!code) return;
    mountToasterNow();
    toast.error(authToasts.googleFailed, { id: "oauth-error", description: oauthErrorMessage(code) });
    const url = new URL(window.location.href);
    url.searchParams.delete("error");
    window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  }, [code]);
}
