"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";

import { FormField, FormSubmitButton } from "@/components/site/form-field";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { unexpectedErrorMessage, type ActionResult } from "@/lib/action-result";
import { replyToTicketAction } from "@/lib/support/actions";
import { answerTicketAction } from "@/lib/support/admin-actions";
import {
  replySchema,
  ticketLimits,
  ticketStatuses,
  ticketStatusLabels,
  type ReplyInput,
  type TicketStatus,
} from "@/lib/support/schemas";

type Target = { kind: "user"; number: number; resolved: boolean } | { kind: "staff"; ticketId: string };

/** The reply box under a thread: the owner's reply, or an operator's answer with a status. */
export function ReplyForm({ target }: { target: Target }) {
  const router = useRouter();
  const [status, setStatus] = useState<TicketStatus>("in-progress");
  const form = useForm<ReplyInput>({ resolver: zodResolver(replySchema), defaultValues: { body: "" } });
  const { errors, isSubmitting } = form.formState;
  const staff = target.kind === "staff";

  const onSubmit = async ({ body }: ReplyInput) => {
    try {
      const result: ActionResult<unknown> =
        target.kind === "user"
          ? await replyToTicketAction({ number: target.number, body })
          : await answerTicketAction({ ticketId: target.ticketId, body, status });
      if (!result.ok) {
        const message = result.fieldErrors?.body?.[0];
        if (message) form.setError("body", { message });
        toast.error(staff ? "Could not send the answer" : "Could not send the reply", { description: result.error });
        return;
      }
      form.reset({ body: "" });
      toast.success(staff ? "Answer sent" : "Reply sent", {
        description: staff ? "The customer has been notified." : undefined,
      });
      router.refresh();
    } catch {
      toast.error(staff ? "Could not send the answer" : "Could not send the reply", {
        description: unexpectedErrorMessage,
      });
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={staff ? "Answer as support" : "Reply"}
      className="grid gap-4 rounded-xl border border-border bg-card/60 p-4"
    >
      <FormField
        id="reply-body"
        label={staff ? "Answer" : "Your reply"}
        required
        error={errors.body?.message}
        hint={target.kind === "user" && target.resolved ? "Replying reopens this ticket." : undefined}
      >
        {(control) => <Textarea {...control} rows={4} maxLength={ticketLimits.reply} {...form.register("body")} />}
      </FormField>
      <div className="flex flex-wrap items-end gap-3">
        {staff && (
          <div className="grid gap-2">
            <label htmlFor="answer-status" className="text-sm font-medium">
              Then set status to
            </label>
            <NativeSelect
              id="answer-status"
              value={status}
              onChange={(event) => setStatus(event.target.value as TicketStatus)}
              className="w-44"
            >
              {ticketStatuses.map((value) => (
                <option key={value} value={value}>
                  {ticketStatusLabels[value]}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <FormSubmitButton pending={isSubmitting} pendingLabel="Sending...">
          {staff ? "Send Answer" : "Send Reply"}
        </FormSubmitButton>
      </div>
    </form>
  );
}
