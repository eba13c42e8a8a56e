"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { Sparkles } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { toast } from "sonner";

import { pendingPromptStorageKey } from "@/components/auth/auth-messages";
import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { startBuildAction } from "@/lib/ai-builder/build/actions";
import {
  buildExamples,
  buildSchema,
  describePlaceholder,
  maxBuildDescription,
  type BuildInput,
} from "@/lib/ai-builder/build/schema";
import { languageAsked, languageNames } from "@/lib/ai-builder/language-words";
import type { BuildLanguage } from "@/lib/ai-builder/types";

/**
 * Create New Bot's "Describe your bot": plain words (or an example) and a language; Build it
 * queues a build and opens its page. The idea typed into the landing page's hero arrives here
 * pre-filled (`prompt`, kept on the account at sign-up, or this browser's copy of it).
 *
 * The language follows the words ("a python bot") until the user picks one: only a language the
 * user chose is sent, so the build follows the words when the select was left alone.
 */
export function DescribeBotForm({ prompt }: { prompt?: string }) {
  const router = useRouter();
  const form = useForm<BuildInput>({
    resolver: zodResolver(buildSchema),
    defaultValues: { description: prompt ?? "" },
  });
  const { errors, isSubmitting } = form.formState;
  const description = useWatch({ control: form.control, name: "description" }) ?? "";
  const length = description.length;
  const [chosen, setChosen] = useState<BuildLanguage | null>(null);
  const asked = useMemo(() => languageAsked(description), [description]);
  const language = chosen ?? asked?.language ?? "javascript";
  const languageHint =
    asked && !chosen
      ? `From your words: “${asked.words}”.`
      : asked && chosen && asked.language !== chosen
        ? `Your words say “${asked.words}”; it is built in ${languageNames[chosen]}, as chosen here.`
        : undefined;

  useEffect(() => {
    if (prompt) return;
    try {
      const carried = window.sessionStorage.getItem(pendingPromptStorageKey);
      if (carried && !form.getValues("description")) form.setValue("description", carried);
    } catch {
      // Storage can be unavailable (private mode); the box stays empty.
    }
  }, [prompt, form]);

  const onSubmit = async (values: BuildInput) => {
    try {
      const result = await startBuildAction({
        description: values.description,
        ...(chosen ? { language: chosen } : {}),
        // The build waits at its plan when it asks something or left words out.
        reviewPlan: true,
      });
      if (!result.ok) {
        for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
          if (messages?.[0]) form.setError(field as keyof BuildInput, { message: messages[0] });
        }
        toast.error("Could not start the build", { description: result.error });
        return;
      }
      try {
        window.sessionStorage.removeItem(pendingPromptStorageKey);
      } catch {
        // Nothing to clean up.
      }
      router.push(`/dashboard/builds/${result.data.id}`);
    } catch {
      toast.error("Could not start the build", { description: unexpectedErrorMessage });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-labelledby="describe-heading"
      className="grid gap-4 rounded-xl border border-primary/30 bg-card/60 p-4 sm:p-5"
    >
      <div className="grid gap-1">
        <h2 id="describe-heading" className="flex items-center gap-2 text-lg font-semibold">
          <Sparkles className="size-5 text-primary" aria-hidden /> Describe your bot
        </h2>
        <p className="text-sm text-muted-foreground">
          Say what it should do in plain words. Cipher plans it, writes the code, and proves every command in a private
          test server before you start it.
        </p>
      </div>
      <FormField
        id="build-description"
        label="What should your bot do?"
        required
        error={errors.description?.message}
        hint={`${length.toLocaleString("en")} / ${maxBuildDescription.toLocaleString("en")} characters`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={5}
            maxLength={maxBuildDescription + 200}
            placeholder={describePlaceholder}
            className="min-h-32 text-base"
            {...form.register("description")}
          />
        )}
      </FormField>
      <div className="grid gap-2">
        <p className="text-sm font-medium" id="build-examples">
          Or start from an example
        </p>
        <ul aria-labelledby="build-examples" className="flex flex-wrap gap-2">
          {buildExamples.map((example) => (
            <li key={example.label}>
              <Button
                type="button"
                variant="outline"
                size="sm"
                title={example.text}
                onClick={() => form.setValue("description", example.text, { shouldValidate: true })}
              >
                {example.label}
              </Button>
            </li>
          ))}
        </ul>
      </div>
      <div className="grid gap-1.5">
        <div className="flex flex-wrap items-end gap-4">
          <FormField id="build-language" label="Language" required error={errors.language?.message}>
            {(control) => (
              <NativeSelect
                {...control}
                // Said under the row, so the button stays level with the select.
                aria-describedby={
                  [control["aria-describedby"], languageHint ? "build-language-hint" : undefined]
                    .filter(Boolean)
                    .join(" ") || undefined
                }
                name="language"
                value={language}
                onChange={(event) => setChosen(event.target.value === "python" ? "python" : "javascript")}
              >
                <option value="javascript">JavaScript (discord.js)</option>
                <option value="python">Python (discord.py)</option>
              </NativeSelect>
            )}
          </FormField>
          <FormSubmitButton pending={isSubmitting} pendingLabel="Starting...">
            Build it
          </FormSubmitButton>
        </div>
        {languageHint && (
          <p id="build-language-hint" className="text-xs text-muted-foreground">
            {languageHint}
          </p>
        )}
      </div>
    </form>
  );
}
