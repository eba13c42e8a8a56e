import { CheckCircle2, Clock, Inbox, Radio } from "lucide-react";

import type { TicketStats } from "@/lib/support/service";

import { formatDuration } from "./format";

/** The four stat cards, computed from the user's own tickets. */
export function SupportStats({ stats }: { stats: TicketStats }) {
  const cards = [
    {
      label: "Open Tickets",
      value: String(stats.open),
      note: stats.open === 1 ? "1 waiting or in progress" : `${stats.open} waiting or in progress`,
      icon: Inbox,
    },
    {
      label: "Avg Response Time",
      value: stats.averageResponseMs === null ? "—" : formatDuration(stats.averageResponseMs),
      note: stats.averageResponseMs === null ? "No answers yet" : "Until the first answer",
      icon: Clock,
    },
    {
      label: "Resolved This Month",
      value: String(stats.resolvedThisMonth),
      note: `${stats.total} ticket${stats.total === 1 ? "" : "s"} in all`,
      icon: CheckCircle2,
    },
    { label: "Status", value: "Online", note: "24/7 by chat and email", icon: Radio },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, note, icon: Icon }) => (
        <div key={label} className="grid gap-1 rounded-xl border border-border bg-card/60 p-4">
          <dt className="flex items-center gap-2 text-xs text-muted-foreground">
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </dt>
          <dd className="text-2xl font-semibold">
            {value}
            {label === "Status" && (
              <span aria-hidden="true" className="ml-2 inline-block size-2 rounded-full bg-success align-middle" />
            )}
          </dd>
          <dd className="text-xs text-muted-foreground">{note}</dd>
        </div>
      ))}
    </dl>
  );
}
