"use client";

import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { chartAxis, chartTooltip } from "@/components/charts/chart-style";
import type { MetricPoint } from "@/lib/hosting/queries";

const timeOfDay = new Intl.DateTimeFormat("en-US", { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const timeWithSeconds = new Intl.DateTimeFormat("en-US", {
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
const dayAndHour = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/**
 * An axis label that tells its neighbours apart: seconds while the samples span a few minutes, the
 * time within a day, the day and time beyond.
 */
function tick(at: string, rangeMs: number, spanMs: number) {
  const format = rangeMs > 86_400_000 ? dayAndHour : spanMs < 10 * 60_000 ? timeWithSeconds : timeOfDay;
  return format.format(new Date(at));
}

export function MetricChart({
  points,
  dataKey,
  unit,
  color,
  rangeMs,
  kind = "area",
  domain,
}: {
  points: MetricPoint[];
  dataKey: keyof MetricPoint;
  unit: string;
  color: string;
  rangeMs: number;
  kind?: "area" | "bar";
  /** A fixed scale (CPU: 0–100 % of the bot's share), instead of one fitted to the data. */
  domain?: [number, number];
}) {
  const spanMs = points.length > 1 ? Date.parse(points.at(-1)!.at) - Date.parse(points[0]!.at) : 0;
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />
      <XAxis
        dataKey="at"
        {...chartAxis}
        tickFormatter={(value: string) => tick(value, rangeMs, spanMs)}
        minTickGap={32}
      />
      <YAxis
        {...chartAxis}
        width={64}
        unit={unit}
        allowDecimals={kind !== "bar"}
        domain={domain ?? [0, "auto"]}
        ticks={domain ? [domain[0], (domain[0] + domain[1]) / 2, domain[1]] : undefined}
        allowDataOverflow={Boolean(domain)}
      />
      <Tooltip {...chartTooltip} labelFormatter={(value) => new Date(String(value)).toLocaleString("en-US")} />
    </>
  );
  return (
    <ResponsiveContainer width="100%" height={180}>
      {kind === "bar" ? (
        <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {common}
          <Bar dataKey={dataKey} fill={color} isAnimationActive={false} />
        </BarChart>
      ) : (
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: -8 }}>
          {common}
          <Area
            type="monotone"
            dataKey={dataKey}
            stroke={color}
            fill={color}
            fillOpacity={0.2}
            connectNulls
            isAnimationActive={false}
          />
        </AreaChart>
      )}
    </ResponsiveContainer>
  );
}
