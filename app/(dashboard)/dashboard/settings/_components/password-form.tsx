"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Info } from "lucide-react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { changePasswordAction } from "@/lib/account/actions";
import { changePasswordSchema, setPasswordSchema, type ChangePasswordInput } from "@/lib/account/schemas";
import { accountLimits } from "@/lib/auth/schemas";

import { isRedirectSignal, showFailure, unexpectedErrorMessage } from "./action-results";
import { GoogleReauthNotice } from "./google-reauth-notice";

const empty: ChangePasswordInput = { currentPassword: "", newPassword: "", confirmPassword: "" };
const fields = ["currentPassword", "newPassword", "confirmPassword"] as const;
const failedTitle = "Password not changed";

/**
 * Change the password (current one required), or set a first one for accounts that only sign
 * in with Google. Success signs out every other device; this one stays signed in.
 */
export function PasswordForm({
  hasPassword,
  needsGoogleReauth = false,
}: {
  hasPassword: boolean;
  /** Google-only accounts set a first password only right after a Google sign-in. */
  needsGoogleReauth?: boolean;
}) {
  const form = useForm<ChangePasswordInput>({
    // Google-only accounts have no current password; that field is not shown to them.
    resolver: zodResolver(hasPassword ? changePasswordSchema : (setPasswordSchema as typeof changePasswordSchema)),
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;

  async function save(values: ChangePasswordInput) {
    try {
      const result = await changePasswordAction(
        hasPassword ? values : { newPassword: values.newPassword, confirmPassword: values.confirmPassword },
      );
      if (!result.ok) showFailure(form.setError, fields, result, failedTitle);
    } catch (error) {
      if (isRedirectSignal(error)) {
        // Done: the page was re-rendered with the new session (see changePasswordAction).
        form.reset(empty);
        toast.success(hasPassword ? "Password changed" : "Password set", {
          description: "You were signed out on every other device.",
        });
        return;
      }
      console.error("Changing the password failed", error);
      toast.error(failedTitle, { description: unexpectedErrorMessage });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate aria-label="Password" className="grid gap-5">
      {!hasPassword && (
        <p className="flex gap-2 rounded-lg border border-primary/30 bg-primary/10 p-3 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
          You sign in with Google and have no Cipher password yet. Set one to also sign in with your email address.
        </p>
      )}
      {!hasPassword && needsGoogleReauth && <GoogleReauthNotice action="set a password" />}
      {hasPassword && (
        <FormField
          id="settings-current-password"
          label="Current password"
          required
          error={errors.currentPassword?.message}
          className="sm:max-w-[calc(50%-0.625rem)]"
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              maxLength={accountLimits.password.max}
              {...form.register("currentPassword")}
            />
          )}
        </FormField>
      )}
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="settings-new-password"
          label="New password"
          required
          hint={`At least ${accountLimits.password.min} characters; common passwords are refused.`}
          error={errors.newPassword?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="new-password"
              maxLength={accountLimits.password.max}
              {...form.register("newPassword")}
            />
          )}
        </FormField>
        <FormField
          id="settings-confirm-password"
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
      </div>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Saving..." className="justify-self-start">
        {hasPassword ? "Change Password" : "Set Password"}
      </FormSubmitButton>
    </form>
  );
}
