import { Archive, Bot, HardDrive, RotateCcw } from "lucide-react";

import type { ArchiveSummary } from "@/lib/archive/service";

import { formatArchiveDate, formatBytes } from "./format";

/** The four cards of the spec: total items, archived bots, total size (computed), restorable. */
export function ArchiveSummaryCards({ summary }: { summary: ArchiveSummary }) {
  const cards = [
    {
      label: "Total Items",
      value: String(summary.items),
      hint: summary.oldestArchivedAt ? `Oldest: ${formatArchiveDate(summary.oldestArchivedAt)}` : "Nothing archived",
      icon: Archive,
    },
    { label: "Archived Bots", value: String(summary.bots), hint: "Kept for 30 days", icon: Bot },
    { label: "Total Size", value: formatBytes(summary.totalBytes), hint: "Code, versions, data", icon: HardDrive },
    {
      label: "Restorable",
      value: String(summary.restorable),
      hint: summary.expiringSoon > 0 ? `${summary.expiringSoon} expiring within 3 days` : "None expiring soon",
      icon: RotateCcw,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ label, value, hint, icon: Icon }) => (
        <div key={label} className="grid gap-1 rounded-xl border border-border bg-card/60 p-4">
          <dt className="flex items-center gap-2 text-xs text-muted-foreground">
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </dt>
          <dd
            className="text-2xl font-semibold"
            data-testid={`archive-summary-${label.toLowerCase().replace(" ", "-")}`}
          >
            {value}
          </dd>
          <dd className="text-xs text-muted-foreground">{hint}</dd>
        </div>
      ))}
    </dl>
  );
}
