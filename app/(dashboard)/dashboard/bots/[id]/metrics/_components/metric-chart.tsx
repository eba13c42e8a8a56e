"use client";

import { Area, AreaChart, Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import type { MetricPoint } from "@/lib/hosting/queries";

const axis = { stroke: "currentColor", fontSize: 12, tickLine: false, axisLine: false } as const;
const tooltipStyle = {
  contentStyle: {
    background: "var(--popover)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--popover-foreground)",
    fontSize: 12,
  },
} as const;

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
      <XAxis dataKey="at" {...axis} tickFormatter={(value: string) => tick(value, rangeMs)} minTickGap={32} />
      <YAxis {...axis} width={56} unit={unit} allowDecimals={kind !== "bar"} />
      <Tooltip {...tooltipStyle} labelFormatter={(value) => new Date(String(value)).toLocaleString("en-US")} />
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
