"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { updateHostingSettingsAction } from "@/lib/bots/actions";
import { hostingSettingsSchema, type HostingSettings } from "@/lib/bots/hosting-schemas";

/** Where the bot connects and what a crash does. A running bot restarts to apply a new target. */
export function HostingForm({ botId, initial }: { botId: string; initial: HostingSettings }) {
  const router = useRouter();
  const form = useForm<HostingSettings>({ resolver: zodResolver(hostingSettingsSchema), defaultValues: initial });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: HostingSettings) => {
    try {
      const result = await updateHostingSettingsAction({ botId, ...values });
      if (!result.ok) {
        toast.error("Could not save the hosting settings", { description: result.error });
        return;
      }
      form.reset(values);
      toast.success("Hosting settings saved");
      router.refresh();
    } catch {
      toast.error("Could not save the hosting settings", { description: unexpectedErrorMessage });
    }
  };

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4 sm:grid-cols-2">
      <FormField
        id="bot-connect-to"
        label="Connect to"
        error={errors.connectTo?.message}
        hint="The simulator needs no token: test in the Test tab. Discord needs the bot token from the Overview."
      >
        {(control) => (
          <NativeSelect {...control} {...form.register("connectTo")}>
            <option value="simulator">Cipher simulator (for testing)</option>
            <option value="discord">Discord (live)</option>
          </NativeSelect>
        )}
      </FormField>
      <FormField
        id="bot-restart-policy"
        label="When the bot crashes"
        error={errors.restartPolicy?.message}
        hint="Restarts wait 1 s, then twice as long each time up to 5 minutes; 5 crashes in 10 minutes stop the bot."
      >
        {(control) => (
          <NativeSelect {...control} {...form.register("restartPolicy")}>
            <option value="restart">Restart it automatically</option>
            <option value="stay-stopped">Leave it stopped</option>
          </NativeSelect>
        )}
      </FormField>
      <FormSubmitButton pending={isSubmitting} pendingLabel="Saving..." className="justify-self-start">
        Save Hosting Settings
      </FormSubmitButton>
    </form>
  );
}
