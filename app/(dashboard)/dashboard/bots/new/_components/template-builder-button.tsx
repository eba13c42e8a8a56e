"use client";

import { Blocks } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { NativeSelect, NativeSelectOption } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { createTemplateBuilderBotAction } from "@/lib/blueprint/actions";
import type { TemplateId } from "@/lib/bots/templates";

type BuilderLanguage = "javascript" | "python";

/**
 * A template's "Open in Builder": the template made from its blueprint, in the language chosen
 * beside the button (the Builder writes both), opened on its Builder tab.
 */
export function TemplateBuilderButton({ templateId, name }: { templateId: TemplateId; name: string }) {
  const router = useRouter();
  const selectId = useId();
  const [language, setLanguage] = useState<BuilderLanguage>("javascript");
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      try {
        const result = await createTemplateBuilderBotAction({ templateId, language });
        if (!result.ok) {
          toast.error("Could not create the bot", { description: result.error });
          return;
        }
        toast.success(`${name} created in the Builder`);
        router.push(`/dashboard/bots/${result.data.id}/builder`);
      } catch {
        toast.error("Could not create the bot", { description: unexpectedErrorMessage });
      }
    });

  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor={selectId} className="sr-only">
        Language of {name} in the Builder
      </label>
      <div className="w-32 shrink-0">
        <NativeSelect
          id={selectId}
          value={language}
          disabled={pending}
          onChange={(event) => setLanguage(event.target.value === "python" ? "python" : "javascript")}
        >
          <NativeSelectOption value="javascript">JavaScript</NativeSelectOption>
          <NativeSelectOption value="python">Python</NativeSelectOption>
        </NativeSelect>
      </div>
      <Button type="button" variant="secondary" disabled={pending} onClick={open}>
        <Blocks aria-hidden />
        {pending ? "Creating..." : "Open in Builder"}
        <span className="sr-only"> {name}</span>
      </Button>
    </div>
  );
}
