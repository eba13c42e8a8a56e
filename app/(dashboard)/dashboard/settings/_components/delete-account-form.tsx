"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Trash2 } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { FormField } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { deleteAccountAction } from "@/lib/account/actions";
import {
  confirmsDeletion,
  deleteAccountSchema,
  deleteConfirmationWord,
  type DeleteAccountInput,
} from "@/lib/account/schemas";
import { accountLimits } from "@/lib/auth/schemas";

import { isRedirectSignal, showFailure, unexpectedErrorMessage } from "./action-results";
import { GoogleReauthNotice } from "./google-reauth-notice";

const failedTitle = "Account not deleted";

const noSubscription = () => () => {};

/** The danger zone: the button only enables once the account's email (or DELETE) is typed. */
export function DeleteAccountForm({
  email,
  hasPassword = true,
  needsGoogleReauth = false,
}: {
  email: string;
  /** The password confirms it's them (re-authentication); Google-only accounts sign in with Google again. */
  hasPassword?: boolean;
  needsGoogleReauth?: boolean;
}) {
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { confirmation: "", password: "" },
  });
  const { errors, isSubmitting } = form.formState;
  const [deleted, setDeleted] = useState(false);
  const confirmed = confirmsDeletion(useWatch({ control: form.control, name: "confirmation" }), email);
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

  async function remove(values: DeleteAccountInput) {
    try {
      const result = await deleteAccountAction(hasPassword ? values : { confirmation: values.confirmation });
      if (!result.ok) showFailure(form.setError, ["confirmation", "password"], result, failedTitle);
    } catch (error) {
      if (isRedirectSignal(error)) {
        setDeleted(true);
        toast.success("Account deleted", { description: "Your account and its data have been removed." });
        return;
      }
      console.error("Deleting the account failed", error);
      toast.error(failedTitle, { description: unexpectedErrorMessage });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(remove)} noValidate aria-label="Delete account" className="grid gap-5">
      <div className="grid gap-2 text-sm text-muted-foreground">
        <p>
          This deletes your account, your profile, your linked Google sign-in and your newsletter subscription, and
          signs you out. It cannot be undone.
        </p>
      </div>
      <FormField
        id="settings-delete-confirmation"
        label={`Type ${email} or ${deleteConfirmationWord} to confirm`}
        error={errors.confirmation?.message}
        className="sm:max-w-lg"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={accountLimits.email}
            {...form.register("confirmation")}
          />
        )}
      </FormField>
      {hasPassword ? (
        <FormField
          id="settings-delete-password"
          label="Your password"
          required
          error={errors.password?.message}
          className="sm:max-w-lg"
        >
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
      ) : (
        needsGoogleReauth && <GoogleReauthNotice action="delete your account" />
      )}
      <Button
        type="submit"
        variant="destructive"
        size="lg"
        disabled={!hydrated || !confirmed || isSubmitting || deleted}
        className="justify-self-start"
      >
        <Trash2 />
        {isSubmitting || deleted ? "Deleting..." : "Delete Account"}
      </Button>
    </form>
  );
}
