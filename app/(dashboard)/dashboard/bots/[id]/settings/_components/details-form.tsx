"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { updateBotDetailsAction } from "@/lib/bots/actions";
import { botDetailsSchema, botLimits, type BotDetailsInput } from "@/lib/bots/schemas";

/** Rename, describe, and say which language the bot is written in. */
export function BotDetailsForm({ botId, initial }: { botId: string; initial: BotDetailsInput }) {
  const router = useRouter();
  const form = useForm<BotDetailsInput>({ resolver: zodResolver(botDetailsSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: BotDetailsInput) => {
    try {
      const result = await updateBotDetailsAction({ botId, ...values });
      if (!result.ok) {
        for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
          if (messages?.[0]) form.setError(field as keyof BotDetailsInput, { message: messages[0] });
        }
        toast.error("Could not save the settings", { description: result.error });
        return;
      }
      form.reset(values);
      toast.success("Settings saved");
      router.refresh();
    } catch {
      toast.error("Could not save the settings", { description: unexpectedErrorMessage });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField id="bot-name" label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} maxLength={botLimits.name} {...form.register("name")} />}
      </FormField>
      <FormField
        id="bot-language"
        label="Language"
        required
        error={errors.language?.message}
        hint="How the runner starts the bot. Changing it does not convert the code."
      >
        {(control) => (
          <NativeSelect {...control} {...form.register("language")}>
            <option value="javascript">JavaScript (discord.js)</option>
            <option value="typescript">TypeScript (discord.js)</option>
            <option value="python">Python (discord.py)</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField id="bot-description" label="Description" error={errors.description?.message} className="sm:col-span-2">
        {(control) => (
          <Textarea {...control} rows={3} maxLength={botLimits.description} {...form.register("description")} />
        )}
      </FormField>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Saving..." className="justify-self-start">
        Save Settings
      </FormSubmitButton>
    </form>
  );
}
