import { Inbox } from "lucide-react";
import Link from "next/link";

import { Button } from "@/components/ui/button";
import { formatTicketNumber, ticketCategoryLabels, ticketHref } from "@/lib/support/schemas";
import type { TicketSummary } from "@/lib/support/service";

import { formatAgo, formatDay } from "./format";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

/** The user's tickets: id, subject, status and priority, dates, and View Details. */
export function TicketList({ tickets }: { tickets: TicketSummary[] }) {
  if (tickets.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-10 text-center">
        <Inbox aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="font-medium">No tickets yet</p>
        <p className="max-w-sm text-sm text-muted-foreground">
          Tickets you submit show up here with their status and our answers.
        </p>
      </div>
    );
  }
  return (
    <ul className="grid gap-3" aria-label="Your tickets">
      {tickets.map((ticket) => {
        const label = formatTicketNumber(ticket.number);
        return (
          <li key={ticket.id} className="grid gap-3 rounded-xl border border-border bg-card/60 p-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm text-muted-foreground">{label}</span>
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
            </div>
            <p className="font-medium break-words">{ticket.subject}</p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="text-xs text-muted-foreground">
                {ticketCategoryLabels[ticket.category]} · Created {formatDay(ticket.createdAt)} · Updated{" "}
                {formatAgo(ticket.updatedAt)}
              </p>
              <Button asChild variant="outline" size="sm">
                <Link href={ticketHref(ticket.number)} aria-label={`View Details of ${label}`}>
                  View Details
                </Link>
              </Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
