"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Monitor, Moon, Sun } from "lucide-react";
import { Switch } from "radix-ui";
import { Controller, useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormSubmitButton } from "@/components/site/form-field";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { savePreferencesAction } from "@/lib/preferences/actions";
import { emailSettings, preferencesSchema, themeLabels, themes, type Preferences } from "@/lib/preferences/schemas";
import { cn } from "@/lib/utils";

const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;
const failedTitle = "Preferences not saved";

export function PreferencesForm({ defaultValues, email }: { defaultValues: Preferences; email: string }) {
  const form = useForm<Preferences>({ resolver: zodResolver(preferencesSchema), defaultValues });
  const { isSubmitting, errors } = form.formState;

  async function save(values: Preferences) {
    try {
      const result = await savePreferencesAction(values);
      if (!result.ok) {
        toast.error(failedTitle, { description: result.error });
        return;
      }
      form.reset(result.data);
      toast.success("Preferences saved");
    } catch (error) {
      console.error("Saving preferences failed", error);
      toast.error(failedTitle, { description: unexpectedErrorMessage });
    }
  }

  return (
    <form onSubmit={form.handleSubmit(save)} noValidate aria-label="Preferences" className="grid gap-6">
      <section
        aria-labelledby="theme-heading"
        className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:p-6"
      >
        <div className="grid gap-1">
          <h2 id="theme-heading" className="text-lg font-semibold">
            Theme
          </h2>
          <p className="text-sm text-muted-foreground">Applies to the dashboard on this and every other device.</p>
        </div>
        <div role="radiogroup" aria-labelledby="theme-heading" className="grid gap-3 sm:grid-cols-3">
          {themes.map((theme) => {
            const Icon = themeIcons[theme];
            return (
              <label
                key={theme}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-lg border border-border p-4 transition-colors hover:bg-accent/60",
                  "has-checked:border-primary has-checked:bg-primary/10 has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50",
                )}
              >
                <input type="radio" value={theme} className="sr-only" {...form.register("theme")} />
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{themeLabels[theme].label}</span>
                  <span className="text-xs text-muted-foreground">{themeLabels[theme].description}</span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.theme && <p className="text-sm text-destructive">{errors.theme.message}</p>}
      </section>

      <section
        aria-labelledby="email-heading"
        className="grid gap-4 rounded-xl border border-border bg-card p-5 sm:p-6"
      >
        <div className="grid gap-1">
          <h2 id="email-heading" className="text-lg font-semibold">
            Email notifications
          </h2>
          <p className="text-sm text-muted-foreground">
            Sent to <span className="font-medium text-foreground">{email}</span>. Notifications in the dashboard&apos;s
            bell are always on.
          </p>
        </div>
        <ul className="grid divide-y divide-border">
          {emailSettings.map(({ key, label, description }) => (
            <li key={key} className="flex items-center justify-between gap-4 py-3 first:pt-0 last:pb-0">
              <span className="grid gap-0.5">
                <span id={`${key}-label`} className="text-sm font-medium">
                  {label}
                </span>
                <span id={`${key}-description`} className="text-xs text-muted-foreground">
                  {description}
                </span>
              </span>
              <Controller
                control={form.control}
                name={key}
                render={({ field }) => (
                  <Switch.Root
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    aria-labelledby={`${key}-label`}
                    aria-describedby={`${key}-description`}
                    className="peer inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border-2 border-transparent bg-input transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none data-[state=checked]:bg-primary-fill"
                  >
                    <Switch.Thumb className="pointer-events-none block size-5 rounded-full bg-white shadow-sm transition-transform data-[state=checked]:translate-x-5 data-[state=unchecked]:translate-x-0" />
                  </Switch.Root>
                )}
              />
            </li>
          ))}
        </ul>
      </section>

      <FormSubmitButton pending={isSubmitting} pendingLabel="Saving..." className="justify-self-start">
        Save Preferences
      </FormSubmitButton>
    </form>
  );
}
