"use client";

import { useLiveBotCounts } from "./live-status";

const compact = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });

/** My Bots' four summary cards; the bot and online counts follow the runner live. */
export function BotsSummary({
  total,
  online,
  commands30d,
  averageUptime7d,
}: {
  total: number;
  online: number;
  commands30d: number;
  averageUptime7d: number | null;
}) {
  const live = useLiveBotCounts({ total, online });
  return (
    <dl className="grid flex-1 grid-cols-2 gap-3 sm:grid-cols-4">
      {[
        ["Total Bots", String(live.total), null],
        ["Online", String(live.online), null],
        ["Total Commands", compact.format(commands30d), "last 30 days"],
        ["Avg Uptime", averageUptime7d === null ? "—" : `${averageUptime7d}%`, "last 7 days"],
      ].map(([label, value, hint]) => (
        <div key={label} className="rounded-lg border border-border bg-card/60 px-3 py-2" title={hint ?? undefined}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-xl font-semibold tabular-nums" data-summary={label}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
