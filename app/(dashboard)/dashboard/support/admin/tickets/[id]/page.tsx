import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";

import { dashboardWidth } from "@/components/dashboard/dashboard-page";
import { formatDateTime } from "@/components/support/format";
import { ReplyForm } from "@/components/support/reply-form";
import { TicketPriorityBadge, TicketStatusBadge } from "@/components/support/ticket-badges";
import { TicketStatusForm } from "@/components/support/ticket-status-form";
import { TicketThread } from "@/components/support/ticket-thread";
import { Button } from "@/components/ui/button";
import { requireUser } from "@/lib/auth/session";
import { getTicketForAdmin, operatorAccess, operatorTwoFactorPath } from "@/lib/support/admin";
import { formatTicketNumber, ticketCategoryLabels } from "@/lib/support/schemas";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Support ticket" };

// No loading.tsx here: non-operators and unknown ids must get a real 404.
export default async function AdminTicketPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireUser(`/dashboard/support/admin/tickets/${encodeURIComponent(id)}`);
  const access = operatorAccess(user);
  if (access === "denied") notFound();
  if (access === "needs-two-factor") redirect(operatorTwoFactorPath);
  const ticket = await getTicketForAdmin(id);
  if (!ticket) notFound();
  const label = formatTicketNumber(ticket.number);

  return (
    <div className={cn(dashboardWidth, "grid gap-6 [&>*]:max-w-3xl")}>
      <Button asChild variant="ghost" size="sm" className="-ml-2 justify-self-start text-muted-foreground">
        <Link href="/dashboard/support/admin">← All tickets</Link>
      </Button>
      <header className="grid gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-mono text-sm text-muted-foreground">{label}</span>
          <TicketStatusBadge status={ticket.status} />
          <TicketPriorityBadge priority={ticket.priority} />
        </div>
        <h1 className="text-2xl font-semibold tracking-tight break-words">{ticket.subject}</h1>
        <p className="text-sm break-all text-muted-foreground">
          {ticket.userEmail} · {ticketCategoryLabels[ticket.category]} · Opened {formatDateTime(ticket.createdAt)}
        </p>
      </header>
      <TicketStatusForm
        key={`${ticket.status}-${ticket.priority}`}
        ticketId={ticket.id}
        status={ticket.status}
        priority={ticket.priority}
      />
      <TicketThread ticket={ticket} viewer="staff" />
      <ReplyForm target={{ kind: "staff", ticketId: ticket.id }} />
    </div>
  );
}
