/**
 * The Analytics page's periods (spec: 24h, 7d default, 30d, 90d) and the maths of their windows:
 * the current window ends at the end of the current hour, the previous one is the same length
 * just before it, and charts group hours into buckets sized for about 24–90 points.
 */
export const analyticsPeriods = ["24h", "7d", "30d", "90d"] as const;
export type AnalyticsPeriod = (typeof analyticsPeriods)[number];
export const defaultPeriod: AnalyticsPeriod = "7d";

const hour = 3_600_000;
const day = 24 * hour;

const spec: Record<AnalyticsPeriod, { length: number; bucket: number; label: string }> = {
  "24h": { length: day, bucket: hour, label: "Last 24 hours" },
  "7d": { length: 7 * day, bucket: 6 * hour, label: "Last 7 days" },
  "30d": { length: 30 * day, bucket: day, label: "Last 30 days" },
  "90d": { length: 90 * day, bucket: day, label: "Last 90 days" },
};

export function parsePeriod(value: string | undefined | null): AnalyticsPeriod {
  return (analyticsPeriods as readonly string[]).includes(value ?? "") ? (value as AnalyticsPeriod) : defaultPeriod;
}

export function periodLabel(period: AnalyticsPeriod): string {
  return spec[period].label;
}

export type PeriodWindow = {
  period: AnalyticsPeriod;
  start: Date;
  end: Date;
  previousStart: Date;
  bucketMs: number;
  /** Start of every chart bucket in [start, end), oldest first. */
  buckets: Date[];
};

export function periodWindow(period: AnalyticsPeriod, now: Date = new Date()): PeriodWindow {
  const { length, bucket } = spec[period];
  // Buckets align to UTC boundaries of their size, so the same hour always lands in the same bucket.
  const end = new Date(Math.ceil((now.getTime() + 1) / bucket) * bucket);
  const start = new Date(end.getTime() - length);
  const buckets: Date[] = [];
  for (let at = start.getTime(); at < end.getTime(); at += bucket) buckets.push(new Date(at));
  return { period, start, end, previousStart: new Date(start.getTime() - length), bucketMs: bucket, buckets };
}

/** Change against the previous period, in percent (null when there was nothing to compare with). */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / previous) * 100;
}

/**
 * Share of [start, end) a bot was running, from its status changes (oldest first) and the status
 * it had when the window began. A bot with no history before the window is measured from its
 * first status change: a bot deployed an hour ago and up since is at 100 %, not 4 %.
 */
export function uptimeShare(
  changes: { at: Date; status: string }[],
  statusAtStart: string | null,
  start: Date,
  end: Date,
  now: Date = new Date(),
): number {
  const stop = Math.min(end.getTime(), now.getTime());
  const from =
    statusAtStart === null && changes.length > 0
      ? Math.max(start.getTime(), changes[0]!.at.getTime())
      : start.getTime();
  const total = stop - from;
  if (total <= 0) return 0;
  let running = statusAtStart === "running";
  let since = from;
  let up = 0;
  for (const change of changes) {
    const at = Math.min(Math.max(change.at.getTime(), from), stop);
    if (running) up += at - since;
    since = at;
    running = change.status === "running";
  }
  if (running) up += stop - since;
  return Math.max(0, Math.min(1, up / total));
}
