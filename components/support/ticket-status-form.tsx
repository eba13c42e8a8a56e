"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";

import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { unexpectedErrorMessage } from "@/lib/action-result";
import { setTicketStatusAction } from "@/lib/support/admin-actions";
import {
  ticketPriorities,
  ticketPriorityLabels,
  ticketStatuses,
  ticketStatusLabels,
  type TicketPriority,
  type TicketStatus,
} from "@/lib/support/schemas";

/** Operators: set a ticket's status and priority. */
export function TicketStatusForm({
  ticketId,
  status: initialStatus,
  priority: initialPriority,
}: {
  ticketId: string;
  status: TicketStatus;
  priority: TicketPriority;
}) {
  const router = useRouter();
  const [status, setStatus] = useState(initialStatus);
  const [priority, setPriority] = useState(initialPriority);
  const [pending, startTransition] = useTransition();
  const unchanged = status === initialStatus && priority === initialPriority;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    startTransition(async () => {
      try {
        const result = await setTicketStatusAction({ ticketId, status, priority });
        if (!result.ok) {
          toast.error("Could not update the ticket", { description: result.error });
          return;
        }
        toast.success("Ticket updated", {
          description: result.data.changed ? "The customer has been notified." : undefined,
        });
        router.refresh();
      } catch {
        toast.error("Could not update the ticket", { description: unexpectedErrorMessage });
      }
    });
  };

  return (
    <form
      onSubmit={save}
      aria-label="Status and priority"
      className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card/60 p-4"
    >
      <div className="grid gap-2">
        <label htmlFor="ticket-status" className="text-sm font-medium">
          Status
        </label>
        <NativeSelect
          id="ticket-status"
          value={status}
          onChange={(event) => setStatus(event.target.value as TicketStatus)}
          className="w-40"
        >
          {ticketStatuses.map((value) => (
            <option key={value} value={value}>
              {ticketStatusLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <label htmlFor="ticket-priority" className="text-sm font-medium">
          Priority
        </label>
        <NativeSelect
          id="ticket-priority"
          value={priority}
          onChange={(event) => setPriority(event.target.value as TicketPriority)}
          className="w-40"
        >
          {ticketPriorities.map((value) => (
            <option key={value} value={value}>
              {ticketPriorityLabels[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={pending || unchanged}>
        {pending ? "Saving..." : "Update Ticket"}
      </Button>
    </form>
  );
}
