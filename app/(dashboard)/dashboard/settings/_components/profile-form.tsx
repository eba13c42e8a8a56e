"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { updateProfileAction } from "@/lib/account/actions";
import { profileSchema, type Profile, type ProfileInput } from "@/lib/account/schemas";
import { accountLimits } from "@/lib/auth/schemas";

import { showFailure, unexpectedErrorMessage } from "./action-results";

const failedTitle = "Profile not saved";

export function ProfileForm({ defaultValues }: { defaultValues: Profile }) {
  const form = useForm<ProfileInput, unknown, Profile>({ resolver: zodResolver(profileSchema), defaultValues });
  const { errors, isSubmitting } = form.formState;

  async function save(values: Profile) {
    try {
      const result = await updateProfileAction(values);
      if (!result.ok) return showFailure(form.setError, ["username", "fullName"], result, failedTitle);
      form.reset(result.data);
      toast.success("Profile saved", { description: "Your username and full name were updated." });
    } catch (error) {
      console.error("Saving the profile failed", error);
      toast.error(failedTitle, { description: unexpectedErrorMessage });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate aria-label="Profile" className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="settings-username"
          label="Username"
          required
          hint={`${accountLimits.username.min}–${accountLimits.username.max} lowercase letters, digits or underscores.`}
          error={errors.username?.message}
        >
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={accountLimits.username.max}
              {...form.register("username")}
            />
          )}
        </FormField>
        <FormField id="settings-full-name" label="Full name" required error={errors.fullName?.message}>
          {(control) => (
            <Input {...control} autoComplete="name" maxLength={accountLimits.name} {...form.register("fullName")} />
          )}
        </FormField>
      </div>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Saving..." className="justify-self-start">
        Save Profile
      </FormSubmitButton>
    </form>
  );
}
