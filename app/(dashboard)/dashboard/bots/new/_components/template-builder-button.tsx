"use client";

import { Blocks } from "lucide-react";
import { useActionState, useId } from "react";

import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { createTemplateBuilderBotFormAction } from "@/lib/blueprint/actions";
import type { TemplateId } from "@/lib/bots/templates";

/**
 * A template's "Open in Builder": the template made from its blueprint, in the language chosen
 * beside the button (the Builder writes both), opened on its Builder tab. A form posted to a server
 * action, so it works before the page hydrates.
 */
export function TemplateBuilderButton({ templateId, name }: { templateId: TemplateId; name: string }) {
  const selectId = useId();
  const [state, formAction, pending] = useActionState(createTemplateBuilderBotFormAction, null);

  return (
    <form action={formAction} className="grid justify-items-start gap-1">
      <input type="hidden" name="templateId" value={templateId} />
      <div className="flex min-w-0 items-center gap-2">
        <label htmlFor={selectId} className="sr-only">
          Language of {name} in the Builder
        </label>
        <div className="w-32 shrink-0">
          <NativeSelect id={selectId} name="language" defaultValue="javascript" disabled={pending}>
            <NativeSelectOption value="javascript">JavaScript</NativeSelectOption>
            <NativeSelectOption value="python">Python</NativeSelectOption>
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary" disabled={pending}>
          <Blocks aria-hidden />
          {pending ? "Creating..." : "Open in Builder"}
          <span className="sr-only"> {name}</span>
        </Button>
      </div>
      {state?.error ? (
        <p role="alert" className="text-sm text-destructive">
          Could not create the bot: {state.error}
        </p>
      ) : null}
    </form>
  );
}
