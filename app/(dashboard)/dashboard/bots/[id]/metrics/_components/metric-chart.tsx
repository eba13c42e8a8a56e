"use client";

import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { chartAxis, chartTooltip } from "@/components/charts/chart-style";
import type { MetricPoint } from "@/lib/hosting/queries";

function tick(at: string, rangeMs: number) {
  const date = new Date(at);
  return rangeMs > 86_400_000
    ? date.toLocaleDateString("en-US", { month: "short", day: "numeric" })
    : date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

export function MetricChart({
  points,
  dataKey,
  unit,
  color,
  rangeMs,
  kind = "area",
}: {
  points: MetricPoint[];
  dataKey: keyof MetricPoint;
  unit: string;
  color: string;
  rangeMs: number;
  kind?: "area" | "bar";
}) {
  const common = (
    <>
      <CartesianGrid strokeDasharray="3 3" strokeOpacity={0.15} vertical={false} />
      <XAxis dataKey="at" {...chartAxis} tickFormatter={(value: string) => tick(value, rangeMs)} minTickGap={32} />
      <YAxis {...chartAxis} width={56} unit={unit} allowDecimals={kind !== "bar"} />
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
