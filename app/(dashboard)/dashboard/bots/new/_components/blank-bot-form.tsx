"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { createBuilderBotAction } from "@/lib/blueprint/actions";
import { createBlankBotAction } from "@/lib/bots/actions";
import { botDetailsSchema, botLimits, type BotDetailsInput } from "@/lib/bots/schemas";

/**
 * Name, description and language of a new bot: a blank code project, or (`builder`) a bot made
 * in the Builder from a blueprint, which opens on its Builder tab.
 */
export function BlankBotForm({ builder = false }: { builder?: boolean }) {
  const router = useRouter();
  const form = useForm<BotDetailsInput>({
    resolver: zodResolver(botDetailsSchema),
    defaultValues: { name: "", description: "", language: "javascript" },
  });
  const { errors, isSubmitting } = form.formState;
  const idPrefix = builder ? "builder-bot" : "bot";

  const onSubmit = async (values: BotDetailsInput) => {
    try {
      const result = builder
        ? await createBuilderBotAction({ ...values, language: values.language === "python" ? "python" : "javascript" })
        : await createBlankBotAction(values);
      if (!result.ok) {
        for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
          if (messages?.[0]) form.setError(field as keyof BotDetailsInput, { message: messages[0] });
        }
        toast.error("Could not create the bot", { description: result.error });
        return;
      }
      toast.success("Bot created");
      router.push(`/dashboard/bots/${result.data.id}${builder ? "/builder" : ""}`);
    } catch {
      toast.error("Could not create the bot", { description: unexpectedErrorMessage });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      className="grid gap-4 rounded-xl border border-border bg-card/60 p-4 sm:grid-cols-2"
    >
      <FormField id={`${idPrefix}-name`} label="Name" required error={errors.name?.message}>
        {(control) => <Input {...control} maxLength={botLimits.name} {...form.register("name")} />}
      </FormField>
      <FormField id={`${idPrefix}-language`} label="Language" required error={errors.language?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register("language")}>
            <option value="javascript">JavaScript (discord.js)</option>
            {!builder && <option value="typescript">TypeScript (discord.js)</option>}
            <option value="python">Python (discord.py)</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id={`${idPrefix}-description`}
        label="Description"
        error={errors.description?.message}
        className="sm:col-span-2"
      >
        {(control) => <Input {...control} maxLength={botLimits.description} {...form.register("description")} />}
      </FormField>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Creating..." className="justify-self-start">
        {builder ? "Start in the Builder" : "Create Blank Bot"}
      </FormSubmitButton>
    </form>
  );
}
