import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";

import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { CloseTicketButton } from "@/components/support/close-ticket-button";
import { formatDateTime } from "@/components/support/format";
import { ReplyForm } from "@/components/support/reply-form";
import { TicketPriorityBadge, TicketStatusBadge } from "@/components/support/ticket-badges";
import { TicketThread } from "@/components/support/ticket-thread";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { formatTicketNumber, parseTicketNumber, ticketCategoryLabels } from "@/lib/support/schemas";
import { getTicket } from "@/lib/support/service";
import { cn } from "@/lib/utils";

type Params = { params: Promise<{ number: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const number = parseTicketNumber((await params).number);
  return { title: number ? formatTicketNumber(number) : "Ticket" };
}

// No loading.tsx in this segment: notFound() must answer 404, not a streamed 200.
export default async function TicketPage({ params }: Params) {
  const { number: raw } = await params;
  const user = await requireUser(`/dashboard/support/tickets/${encodeURIComponent(raw)}`);
  const number = parseTicketNumber(raw);
  // Another user's number answers exactly like a missing one.
  const ticket = number ? await getTicket(user.id, number) : null;
  if (!ticket) notFound();
  const label = formatTicketNumber(ticket.number);

  return (
    <div className={cn(dashboardWidth, "grid gap-6 [&>*]:max-w-3xl")}>
      <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start text-muted-foreground">
        <Link href="/dashboard/support">← Back to Support</Link>
      </Button>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-muted-foreground">{label}</span>
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{ticket.subject}</h1>
        <p className="text-sm text-muted-foreground">
          {ticketCategoryLabels[ticket.category]} · Opened {formatDateTime(ticket.createdAt)}
          {ticket.resolvedAt && ` · Resolved ${formatDateTime(ticket.resolvedAt)}`}
        </p>
        {ticket.status !== "resolved" && (
          <div>
            <CloseTicketButton number={ticket.number} label={label} />
          </div>
        )}
      </header>
      <TicketThread ticket={ticket} viewer="user" />
      <ReplyForm target={{ kind: "user", number: ticket.number, resolved: ticket.status === "resolved" }} />
    </div>
  );
}
