"use client";

import { Activity } from "lucide-react";
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

import { EmptyState } from "@/components/dashboard/dashboard-page";
import type { MetricPoint, MetricRange } from "@/lib/hosting/queries";
import { cn } from "@/lib/utils";

const MetricChart = dynamic(() => import("./metric-chart").then((module) => module.MetricChart), {
  ssr: false,
  loading: () => <div className="h-[180px] animate-pulse rounded-md bg-muted/40" />,
});

type Metrics = { range: MetricRange; resolution: number; points: MetricPoint[] };

const ranges: { id: MetricRange; label: string; ms: number }[] = [
  { id: "1h", label: "1 h", ms: 3_600_000 },
  { id: "24h", label: "24 h", ms: 86_400_000 },
  { id: "7d", label: "7 d", ms: 7 * 86_400_000 },
];

const charts: {
  key: keyof MetricPoint;
  title: string;
  unit: string;
  color: string;
  kind?: "bar";
  domain?: [number, number];
  note?: string;
}[] = [
  // Each bot may use one CPU core: 100 % is all of its share, so the scale is fixed at 0–100.
  { key: "cpu", title: "CPU", unit: "%", color: "#7c6cf0", domain: [0, 100], note: "of its one-core share" },
  { key: "memoryMb", title: "Memory", unit: " MB", color: "#10b981" },
  { key: "latencyMs", title: "Gateway latency", unit: " ms", color: "#0ea5e9" },
  { key: "restarts", title: "Restarts", unit: "", color: "#ef4444", kind: "bar" },
];

/** CPU, memory, gateway latency and restarts for 1 h / 24 h / 7 d; the 1-hour view refreshes every 5 s. */
export function MetricsView({ botId, initial }: { botId: string; initial: Metrics }) {
  const [range, setRange] = useState<MetricRange>(initial.range);
  const [metrics, setMetrics] = useState(initial);

  useEffect(() => {
    let stopped = false;
    const load = async () => {
      const response = await fetch(`/api/bots/${encodeURIComponent(botId)}/metrics?range=${range}`, {
        cache: "no-store",
      }).catch(() => null);
      if (!stopped && response?.ok) setMetrics((await response.json()) as Metrics);
    };
    void load();
    const timer = setInterval(load, range === "1h" ? 5_000 : 60_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [botId, range]);

  const rangeMs = ranges.find((candidate) => candidate.id === range)!.ms;
  const latest = metrics.points.at(-1);
  return (
    <section aria-labelledby="metrics-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="metrics-heading" className="mr-auto text-lg font-semibold">
          Metrics
        </h2>
        <div role="group" aria-label="Time range" className="flex gap-1">
          {ranges.map((candidate) => (
            <button
              key={candidate.id}
              type="button"
              aria-pressed={candidate.id === range}
              onClick={() => setRange(candidate.id)}
              className={cn(
                "rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                candidate.id === range
                  ? "border-primary bg-primary/15"
                  : "border-border text-muted-foreground hover:text-foreground",
              )}
            >
              {candidate.label}
            </button>
          ))}
        </div>
      </div>
      {metrics.points.length === 0 ? (
        <EmptyState icon={Activity} title="No samples yet">
          <p>The runner samples a running bot every 5 seconds. Start the bot and its numbers appear here.</p>
        </EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          {charts.map((chart) => (
            <section
              key={chart.key}
              aria-label={chart.title}
              className="grid gap-1 rounded-xl border border-border bg-card/60 p-4"
            >
              <div className="flex items-baseline justify-between">
                <h3 className="font-medium">
                  {chart.title}
                  {chart.note && <span className="ml-1.5 text-xs font-normal text-muted-foreground">{chart.note}</span>}
                </h3>
                <span className="text-sm text-muted-foreground tabular-nums">
                  {latest && latest[chart.key] !== null ? `${String(latest[chart.key])}${chart.unit}` : "—"}
                </span>
              </div>
              <div className="text-muted-foreground">
                <MetricChart
                  points={metrics.points}
                  dataKey={chart.key}
                  unit={chart.unit}
                  color={chart.color}
                  rangeMs={rangeMs}
                  kind={chart.kind}
                  domain={chart.domain}
                />
              </div>
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
