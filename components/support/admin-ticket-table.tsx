import { Inbox } from "lucide-react";
import Link from "next/link";

import type { AdminTicketSummary } from "@/lib/support/admin";
import { formatTicketNumber, ticketCategoryLabels, type TicketCategory } from "@/lib/support/schemas";

import { formatAgo } from "./format";
import { TicketPriorityBadge, TicketStatusBadge } from "./ticket-badges";

/** Operators' list of every customer's tickets; each opens the ticket to answer it. */
export function AdminTicketTable({ tickets }: { tickets: AdminTicketSummary[] }) {
  if (tickets.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-border px-6 py-10 text-center">
        <Inbox aria-hidden="true" className="size-6 text-muted-foreground" />
        <p className="font-medium">No tickets here</p>
        <p className="text-sm text-muted-foreground">Nothing matches this filter.</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-2" aria-label="Tickets">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            href={`/dashboard/support/admin/tickets/${ticket.id}`}
            className="grid gap-2 rounded-xl border border-border bg-card/60 p-4 transition-colors outline-none hover:bg-accent/40 focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-sm text-muted-foreground">{formatTicketNumber(ticket.number)}</span>
              <TicketStatusBadge status={ticket.status} />
              <TicketPriorityBadge priority={ticket.priority} />
              <span className="text-xs text-muted-foreground">
                {ticketCategoryLabels[ticket.category as TicketCategory] ?? ticket.category}
              </span>
            </span>
            <span className="font-medium break-words">{ticket.subject}</span>
            <span className="grid gap-0.5 text-xs text-muted-foreground sm:flex sm:flex-wrap sm:gap-x-1">
              <span className="break-all">{ticket.userEmail}</span>
              <span>
                <span className="hidden sm:inline">· </span>
                {ticket.messageCount} message{ticket.messageCount === 1 ? "" : "s"} · Updated{" "}
                {formatAgo(ticket.updatedAt)}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
