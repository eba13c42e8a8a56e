/** Shared look of the dashboard's Recharts charts: quiet axes and a tooltip in the theme's colours. */
export const chartAxis = { stroke: "currentColor", fontSize: 12, tickLine: false, axisLine: false } as const;

export const chartTooltip = {
  contentStyle: {
    background: "var(--popover)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--popover-foreground)",
    fontSize: 12,
  },
} as const;
