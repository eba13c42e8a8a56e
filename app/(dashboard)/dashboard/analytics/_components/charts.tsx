"use client";

import {
  Area,
  AreaChart,
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

import { chartAxis, chartTooltip } from "@/components/charts/chart-style";

/** Distinct on light and dark backgrounds; the first is the brand's violet. */
export const seriesColors = ["#7c6cf0", "#10b981", "#f59e0b", "#0ea5e9", "#ef4444", "#d946ef", "#84cc16", "#64748b"];

export function formatBucket(at: string, bucketMs: number): string {
  const date = new Date(at);
  return bucketMs < 86_400_000
    ? date.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", timeZone: "UTC" })
    : date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
}

export function CommandsChart({
  data,
  bots,
  bucketMs,
}: {
  data: Record<string, number | string>[];
  bots: { id: string; name: string }[];
  bucketMs: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />
        <XAxis
          dataKey="at"
          {...chartAxis}
          tickFormatter={(value: string) => formatBucket(value, bucketMs)}
          minTickGap={24}
        />
        <YAxis {...chartAxis} allowDecimals={false} width={48} />
        <Tooltip {...chartTooltip} labelFormatter={(value) => formatBucket(String(value), bucketMs)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        {bots.map((bot, index) => (
          <Area
            key={bot.id}
            type="monotone"
            dataKey={bot.id}
            name={bot.name}
            stackId="commands"
            stroke={seriesColors[index % seriesColors.length]}
            fill={seriesColors[index % seriesColors.length]}
            fillOpacity={0.25}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ResponsiveContainer>
  );
}

export function ErrorsChart({
  data,
  bucketMs,
}: {
  data: { at: string; errors: number; responseMs: number | null }[];
  bucketMs: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />
        <XAxis
          dataKey="at"
          {...chartAxis}
          tickFormatter={(value: string) => formatBucket(value, bucketMs)}
          minTickGap={24}
        />
        <YAxis yAxisId="errors" {...chartAxis} allowDecimals={false} width={48} />
        <YAxis yAxisId="ms" orientation="right" {...chartAxis} width={56} unit=" ms" />
        <Tooltip {...chartTooltip} labelFormatter={(value) => formatBucket(String(value), bucketMs)} />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar
          yAxisId="errors"
          dataKey="errors"
          name="Errors"
          fill="#ef4444"
          radius={[3, 3, 0, 0]}
          isAnimationActive={false}
        />
        <Line
          yAxisId="ms"
          type="monotone"
          dataKey="responseMs"
          name="Avg response (ms)"
          stroke="#7c6cf0"
          strokeWidth={2}
          dot={{ r: 2 }}
          connectNulls
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
