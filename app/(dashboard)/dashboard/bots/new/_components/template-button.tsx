"use client";

import { useActionState } from "react";

import { Button } from "@/components/ui/button";
import { createBotFromTemplateFormAction } from "@/lib/bots/actions";

/**
 * "Use <template>": a form posted to a server action, so a click before the page hydrates creates
 * the bot all the same; success starts it and opens its Test tab, a refusal is said under the button.
 */
export function TemplateButton({ templateId, name }: { templateId: string; name: string }) {
  const [state, formAction, pending] = useActionState(createBotFromTemplateFormAction, null);
  return (
    <form action={formAction} className="grid justify-items-start gap-1">
      <input type="hidden" name="templateId" value={templateId} />
      <Button type="submit" variant="outline" disabled={pending}>
        {pending ? "Starting..." : `Use ${name}`}
      </Button>
      {state?.error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not create the bot: {state.error}
        </p>
      ) : null}
    </form>
  );
}
