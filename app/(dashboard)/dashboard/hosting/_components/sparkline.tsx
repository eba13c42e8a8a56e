"use client";

import { Line, LineChart, ResponsiveContainer, YAxis } from "recharts";

/** A tiny line of the last hour (no axes), for one value of a bot's samples. */
export function Sparkline({
  data,
  dataKey,
  color,
  label,
}: {
  data: Record<string, number | string>[];
  dataKey: string;
  color: string;
  label: string;
}) {
  // One sample is not a line yet: the runner writes a point a minute.
  if (data.length < 2) {
    return <div className="flex h-8 w-24 items-center text-[11px] text-muted-foreground">collecting…</div>;
  }
  return (
    <div className="h-8 w-24" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} margin={{ top: 2, right: 0, bottom: 2, left: 0 }}>
          <YAxis hide domain={[0, "dataMax"]} />
          <Line
            type="monotone"
            dataKey={dataKey}
            stroke={color}
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
