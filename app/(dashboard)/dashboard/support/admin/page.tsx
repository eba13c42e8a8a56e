import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";

import { DashboardPage } from "@/components/dashboard/dashboard-page";
import { AdminTicketTable } from "@/components/support/admin-ticket-table";
import { requireUser } from "@/lib/auth/session";
import { adminTicketCounts, listAllTickets, operatorAccess, operatorTwoFactorPath } from "@/lib/support/admin";
import { ticketStatuses, ticketStatusLabels, type TicketStatus } from "@/lib/support/schemas";
import { cn } from "@/lib/utils";

export const metadata: Metadata = { title: "Support tickets" };

type Props = { searchParams: Promise<{ status?: string | string[] }> };

// No loading.tsx here: non-operators must get a real 404.
export default async function SupportAdminPage({ searchParams }: Props) {
  const user = await requireUser("/dashboard/support/admin");
  const access = operatorAccess(user);
  if (access === "denied") notFound();
  if (access === "needs-two-factor") redirect(operatorTwoFactorPath);
  const requested = (await searchParams).status;
  const status = ticketStatuses.find((value) => value === requested) as TicketStatus | undefined;
  const [tickets, counts] = await Promise.all([listAllTickets({ status }), adminTicketCounts()]);
  const total = counts.open + counts["in-progress"] + counts.resolved;
  const filters = [
    { label: "All", href: "/dashboard/support/admin", count: total, active: !status },
    ...ticketStatuses.map((value) => ({
      label: ticketStatusLabels[value],
      href: `/dashboard/support/admin?status=${value}`,
      count: counts[value],
      active: status === value,
    })),
  ];

  return (
    <DashboardPage
      title="Support tickets"
      description="Every customer's tickets. Answer them and keep their status current."
    >
      <nav aria-label="Filter by status" className="flex flex-wrap gap-2">
        {filters.map((filter) => (
          <Link
            key={filter.label}
            href={filter.href}
            aria-current={filter.active ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
              filter.active ? "border-primary bg-primary/10 text-primary" : "border-border hover:bg-accent",
            )}
          >
            {filter.label} <span className="text-muted-foreground">({filter.count})</span>
          </Link>
        ))}
      </nav>
      <AdminTicketTable tickets={tickets} />
    </DashboardPage>
  );
}
