"use client";

import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { createBotFromTemplateAction } from "@/lib/bots/actions";

export function TemplateButton({ templateId, name }: { templateId: string; name: string }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const create = () =>
    startTransition(async () => {
      try {
        const result = await createBotFromTemplateAction({ templateId });
        if (!result.ok) {
          toast.error("Could not create the bot", { description: result.error });
          return;
        }
        toast.success(`${name} created`);
        router.push(`/dashboard/bots/${result.data.id}`);
      } catch {
        toast.error("Could not create the bot", { description: unexpectedErrorMessage });
      }
    });
  return (
    <Button type="button" variant="outline" className="justify-self-start" disabled={pending} onClick={create}>
      {pending ? "Creating..." : `Use ${name}`}
    </Button>
  );
}
