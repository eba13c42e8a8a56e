"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { FileText, Trash2 } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import { deleteDraftAction, saveDraftAction, submitTicketAction } from "@/lib/support/actions";
import {
  ticketCategories,
  ticketCategoryLabels,
  ticketFormSchema,
  ticketLimits,
  type TicketFormInput,
} from "@/lib/support/schemas";
import type { TicketDraft } from "@/lib/support/service";

import { formatAgo } from "./format";

const blank: TicketFormInput = { subject: "", category: "technical", description: "" };

/** Submit New Ticket with Submit Ticket and Save Draft, and the saved drafts to resume. */
export function NewTicketPanel({ drafts }: { drafts: TicketDraft[] }) {
  const router = useRouter();
  const [draftId, setDraftId] = useState<string | undefined>();
  const [savingDraft, setSavingDraft] = useState(false);
  const form = useForm<TicketFormInput>({ resolver: zodResolver(ticketFormSchema), defaultValues: blank });
  const { errors, isSubmitting } = form.formState;
  const resumed = drafts.find((draft) => draft.id === draftId);

  const showFieldErrors = (result: Extract<ActionResult<unknown>, { ok: false }>) => {
    for (const [field, messages] of Object.entries(result.fieldErrors ?? {})) {
      if (messages?.[0] && field in blank) form.setError(field as keyof TicketFormInput, { message: messages[0] });
    }
  };

  const onSubmit = async (values: TicketFormInput) => {
    try {
      const result = await submitTicketAction({ ...values, draftId });
      if (!result.ok) {
        showFieldErrors(result);
        toast.error("Could not submit the ticket", { description: result.error });
        return;
      }
      toast.success(`Ticket ${result.data.label} submitted`, {
        description: "We'll answer in the ticket and let you know with a notification.",
      });
      form.reset(blank);
      setDraftId(undefined);
      router.push(result.data.href);
    } catch {
      toast.error("Could not submit the ticket", { description: unexpectedErrorMessage });
    }
  };

  const saveDraft = async () => {
    form.clearErrors();
    setSavingDraft(true);
    try {
      const result = await saveDraftAction({ ...form.getValues(), draftId });
      if (!result.ok) {
        showFieldErrors(result);
        toast.error("Could not save the draft", { description: result.error });
        return;
      }
      setDraftId(result.data.id);
      form.reset(form.getValues());
      toast.success("Draft saved", { description: "Resume it from Drafts whenever you are ready." });
      router.refresh();
    } catch {
      toast.error("Could not save the draft", { description: unexpectedErrorMessage });
    } finally {
      setSavingDraft(false);
    }
  };

  const resume = (draft: TicketDraft) => {
    setDraftId(draft.id);
    form.reset({ subject: draft.subject, category: draft.category, description: draft.description });
    document.getElementById("ticket-subject")?.focus();
  };

  const startOver = () => {
    setDraftId(undefined);
    form.reset(blank);
  };

  return (
    <div className="grid gap-4">
      <form
        onSubmit={form.handleSubmit(onSubmit)}
        noValidate
        aria-label="Submit New Ticket"
        className="grid gap-4 rounded-xl border border-border bg-card/60 p-4 sm:p-6"
      >
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold">Submit New Ticket</h2>
          {draftId && (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              Editing draft{resumed?.subject ? ` “${resumed.subject}”` : ""}
              <Button type="button" variant="ghost" size="sm" onClick={startOver}>
                New ticket
              </Button>
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
          <FormField id="ticket-subject" label="Subject" required error={errors.subject?.message}>
            {(control) => (
              <Input
                {...control}
                maxLength={ticketLimits.subject}
                placeholder="Brief description of your issue"
                {...form.register("subject")}
              />
            )}
          </FormField>
          <FormField id="ticket-category" label="Category" required error={errors.category?.message}>
            {(control) => (
              <NativeSelect {...control} {...form.register("category")}>
                {ticketCategories.map((category) => (
                  <option key={category} value={category}>
                    {ticketCategoryLabels[category]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <FormField
          id="ticket-description"
          label="Description"
          required
          error={errors.description?.message}
          hint="What happened, what you expected, and the bot's name if it is about a bot."
        >
          {(control) => (
            <Textarea
              {...control}
              rows={6}
              maxLength={ticketLimits.description}
              placeholder="Please provide detailed information about your issue..."
              {...form.register("description")}
            />
          )}
        </FormField>
        <div className="flex flex-wrap gap-3">
          <FormSubmitButton pending={isSubmitting} pendingLabel="Submitting...">
            Submit Ticket
          </FormSubmitButton>
          <Button
            type="button"
            size="lg"
            variant="outline"
            disabled={savingDraft || isSubmitting}
            onClick={() => void saveDraft()}
          >
            {savingDraft ? "Saving..." : "Save Draft"}
          </Button>
        </div>
      </form>

      {drafts.length > 0 && (
        <section aria-labelledby="drafts-heading" className="grid gap-2">
          <h3 id="drafts-heading" className="text-sm font-semibold text-muted-foreground">
            Drafts
          </h3>
          <ul className="grid gap-2">
            {drafts.map((draft) => (
              <DraftRow
                key={draft.id}
                draft={draft}
                active={draft.id === draftId}
                onResume={() => resume(draft)}
                onDeleted={() => draft.id === draftId && startOver()}
              />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function DraftRow({
  draft,
  active,
  onResume,
  onDeleted,
}: {
  draft: TicketDraft;
  active: boolean;
  onResume: () => void;
  onDeleted: () => void;
}) {
  const router = useRouter();
  const [deleting, startDelete] = useTransition();
  const title = draft.subject || "Untitled draft";

  const remove = () =>
    startDelete(async () => {
      try {
        const result = await deleteDraftAction({ draftId: draft.id });
        if (!result.ok) {
          toast.error("Could not delete the draft", { description: result.error });
          return;
        }
        onDeleted();
        toast.success("Draft deleted");
        router.refresh();
      } catch {
        toast.error("Could not delete the draft", { description: unexpectedErrorMessage });
      }
    });

  return (
    <li
      className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-card/40 px-3 py-2"
      aria-current={active ? "true" : undefined}
    >
      <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">
          {ticketCategoryLabels[draft.category]} · Saved {formatAgo(draft.updatedAt)}
        </p>
      </div>
      <div className="flex gap-1">
        <Button type="button" size="sm" variant={active ? "secondary" : "outline"} onClick={onResume}>
          {active ? "Editing" : "Resume"}
          <span className="sr-only"> draft {title}</span>
        </Button>
        <Button
          type="button"
          size="icon"
          variant="ghost"
          disabled={deleting}
          onClick={remove}
          aria-label={`Delete draft ${title}`}
        >
          <Trash2 />
        </Button>
      </div>
    </li>
  );
}
