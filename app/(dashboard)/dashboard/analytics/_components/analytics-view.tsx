"use client";

import { ArrowDownRight, ArrowUpRight, BarChart3, Minus } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState } from "react";

import { EmptyState } from "@/components/dashboard/dashboard-page";
import { analyticsPeriods, periodLabel, type AnalyticsPeriod } from "@/lib/analytics/periods";
import type { ActivityItem, AnalyticsData, MetricCard } from "@/lib/analytics/queries";
import { cn } from "@/lib/utils";

import { seriesColors } from "./charts";

// Recharts measures the DOM: render the charts in the browser only, with a sized placeholder.
const chartFallback = () => <div className="h-[260px] animate-pulse rounded-md bg-muted/40" />;
const CommandsChart = dynamic(() => import("./charts").then((module) => module.CommandsChart), {
  ssr: false,
  loading: chartFallback,
});
const ErrorsChart = dynamic(() => import("./charts").then((module) => module.ErrorsChart), {
  ssr: false,
  loading: chartFallback,
});

const refreshMs = 5_000;
const numberFormat = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
const timeFormat = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

function cardValue(card: MetricCard): string {
  if (card.id === "response") return card.value ? `${card.value} ms` : "—";
  if (card.id === "errors") return `${card.value}%`;
  return numberFormat.format(card.value);
}

function Change({ card }: { card: MetricCard }) {
  if (card.change === null) return <span className="text-xs text-muted-foreground">new this period</span>;
  const rounded = Math.round(card.change * 10) / 10;
  if (rounded === 0) {
    return (
      <span className="inline-flex items-center gap-0.5 text-xs text-muted-foreground">
        <Minus aria-hidden="true" className="size-3" /> no change
      </span>
    );
  }
  const up = rounded > 0;
  const good = up === card.higherIsBetter;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <span
      className={cn(
        "inline-flex items-center gap-0.5 text-xs font-medium",
        good ? "text-emerald-700 dark:text-emerald-300" : "text-red-700 dark:text-red-300",
      )}
    >
      <Icon aria-hidden="true" className="size-3" />
      {up ? "+" : ""}
      {rounded}% vs previous
    </span>
  );
}

const activityTone: Record<ActivityItem["type"], string> = {
  info: "bg-sky-500/15 text-sky-800 dark:text-sky-200",
  warning: "bg-amber-500/15 text-amber-800 dark:text-amber-200",
  success: "bg-emerald-500/15 text-emerald-800 dark:text-emerald-200",
  error: "bg-red-500/15 text-red-800 dark:text-red-200",
};

/** The Analytics page's body: period selector, cards, charts, bot list and activity; refreshed live. */
export function AnalyticsView({ initial }: { initial: AnalyticsData }) {
  const [data, setData] = useState(initial);
  const router = useRouter();
  const pathname = usePathname();
  const period = data.period;

  useEffect(() => {
    let stopped = false;
    const refresh = async () => {
      if (document.visibilityState !== "visible") return;
      const response = await fetch(`/api/analytics?period=${period}`, { cache: "no-store" }).catch(() => null);
      if (!stopped && response?.ok) setData((await response.json()) as AnalyticsData);
    };
    const timer = setInterval(refresh, refreshMs);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [period]);

  const bots = data.bots.map((bot) => ({ id: bot.botId, name: bot.name }));
  const hasBots = data.bots.length > 0;

  return (
    <div className="grid gap-6">
      <nav aria-label="Period" className="flex flex-wrap items-center gap-2">
        {analyticsPeriods.map((candidate: AnalyticsPeriod) => (
          <Link
            key={candidate}
            href={`${pathname}?period=${candidate}`}
            aria-current={candidate === period ? "page" : undefined}
            onClick={(event) => {
              event.preventDefault();
              router.replace(`${pathname}?period=${candidate}`, { scroll: false });
            }}
            className={cn(
              "rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              candidate === period
                ? "border-primary bg-primary/15 text-foreground"
                : "border-border text-muted-foreground hover:text-foreground",
            )}
          >
            {candidate}
          </Link>
        ))}
        <span className="text-sm text-muted-foreground">{periodLabel(period)} · updates live</span>
      </nav>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {data.cards.map((card) => (
          <div
            key={card.id}
            className="grid gap-1 rounded-xl border border-border bg-card/60 p-4"
            data-metric={card.id}
          >
            <dt className="text-sm text-muted-foreground">{card.title}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{cardValue(card)}</dd>
            <dd>
              <Change card={card} />
            </dd>
          </div>
        ))}
      </dl>

      {!hasBots ? (
        <EmptyState icon={BarChart3} title="No bots yet">
          <p>Create a bot and start it: what it handles shows up here within seconds.</p>
        </EmptyState>
      ) : (
        <>
          <div className="grid gap-4 lg:grid-cols-2">
            <section
              aria-labelledby="commands-chart"
              className="grid gap-2 rounded-xl border border-border bg-card/60 p-4"
            >
              <h2 id="commands-chart" className="font-semibold">
                Commands over time
              </h2>
              <div className="text-muted-foreground">
                <CommandsChart data={data.commandSeries} bots={bots} bucketMs={data.bucketMs} />
              </div>
            </section>
            <section
              aria-labelledby="errors-chart"
              className="grid gap-2 rounded-xl border border-border bg-card/60 p-4"
            >
              <h2 id="errors-chart" className="font-semibold">
                Errors and response time
              </h2>
              <div className="text-muted-foreground">
                <ErrorsChart data={data.errorSeries} bucketMs={data.bucketMs} />
              </div>
            </section>
          </div>

          <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
            <section
              aria-labelledby="performance-heading"
              className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4"
            >
              <h2 id="performance-heading" className="font-semibold">
                Bot performance
              </h2>
              <div className="overflow-x-auto">
                <table className="table-cards w-full text-sm sm:min-w-[28rem]">
                  <thead className="text-left text-xs text-muted-foreground">
                    <tr>
                      <th className="py-1 font-medium">Bot</th>
                      <th className="py-1 text-right font-medium">Commands</th>
                      <th className="py-1 text-right font-medium">Users</th>
                      <th className="py-1 text-right font-medium">Uptime</th>
                      <th className="py-1 pl-4 font-medium">Popularity</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.bots.map((bot, index) => (
                      <tr key={bot.botId} className="border-t border-border" data-bot={bot.name}>
                        <td data-label="Bot" className="py-2">
                          <Link
                            href={`/dashboard/bots/${bot.botId}`}
                            className="inline-flex items-center gap-2 font-medium hover:underline"
                          >
                            <span
                              aria-hidden="true"
                              className="size-2 rounded-full"
                              style={{ background: seriesColors[index % seriesColors.length] }}
                            />
                            {bot.name}
                          </Link>
                        </td>
                        <td data-label="Commands" className="py-2 text-right tabular-nums" data-column="commands">
                          {bot.commands.toLocaleString("en-US")}
                        </td>
                        <td data-label="Users" className="py-2 text-right tabular-nums">
                          {bot.users.toLocaleString("en-US")}
                        </td>
                        <td data-label="Uptime" className="py-2 text-right tabular-nums">
                          {bot.uptime}%
                        </td>
                        <td data-label="Popularity" className="py-2 pl-4">
                          <div className="flex items-center gap-2">
                            <div className="h-2 w-20 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                              <div className="h-full rounded-full bg-primary" style={{ width: `${bot.popularity}%` }} />
                            </div>
                            <span className="text-xs tabular-nums">{bot.popularity}%</span>
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </section>

            <section
              aria-labelledby="activity-heading"
              className="grid content-start gap-3 rounded-xl border border-border bg-card/60 p-4"
            >
              <h2 id="activity-heading" className="font-semibold">
                Recent activity
              </h2>
              {data.activity.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing yet in this period.</p>
              ) : (
                <ol className="grid gap-2 text-sm" aria-label="Recent activity">
                  {data.activity.map((item) => (
                    <li key={item.id} className="grid grid-cols-[auto_1fr] items-baseline gap-x-2">
                      <span
                        className={cn(
                          "rounded px-1.5 py-0.5 text-[11px] font-medium capitalize",
                          activityTone[item.type],
                        )}
                      >
                        {item.type}
                      </span>
                      <span className="min-w-0 break-words">
                        <span className="font-medium">{item.botName}</span> · {item.event}
                      </span>
                      <time className="col-start-2 text-xs text-muted-foreground" dateTime={item.at}>
                        {timeFormat.format(new Date(item.at))}
                      </time>
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        </>
      )}
    </div>
  );
}
