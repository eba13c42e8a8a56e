/**
 * The samples' history: every minute, 1-minute averages (resolution 60) of the previous full
 * minute's 5 s samples; every hour, 1-hour averages (3600) of the previous hour's minutes; and
 * pruning: 5 s samples after an hour, minutes after a day, hours after 90 days. Roll-ups replace
 * their window's rows, so running one twice (or on two runners) gives the same rows. One runner
 * at a time does it (advisory lock); the others skip that window.
 */
import { db } from "@/lib/db";

export const retentionMs: Record<number, number> = {
  5: 3_600_000,
  60: 86_400_000,
  3600: 90 * 86_400_000,
};

/** The last full window of `seconds` that ended at or before `now`. */
export function previousWindow(now: Date, seconds: number): { from: Date; to: Date } {
  const size = seconds * 1000;
  const to = Math.floor(now.getTime() / size) * size;
  return { from: new Date(to - size), to: new Date(to) };
}

/** Rows older than these are deleted, per resolution. */
export function pruneCutoffs(now: Date): { resolution: number; before: Date }[] {
  return Object.entries(retentionMs).map(([resolution, ms]) => ({
    resolution: Number(resolution),
    before: new Date(now.getTime() - ms),
  }));
}

export interface BotMetricValues {
  botId: string;
  cpuPercent: number;
  rssBytes: bigint;
  latencyMs: number | null;
  restarts: number;
  uptimeSeconds: number;
}

export interface RunnerMetricValues {
  runnerName: string;
  cpuPercent: number;
  memoryUsedBytes: bigint;
  diskUsedBytes: bigint;
  netRxBytesPerSec: number;
  netTxBytesPerSec: number;
}

const mean = (values: number[]) => (values.length ? values.reduce((sum, value) => sum + value, 0) / values.length : 0);
const meanBig = (values: bigint[]) =>
  values.length ? values.reduce((sum, value) => sum + value, 0n) / BigInt(values.length) : 0n;

function groupBy<T>(rows: T[], key: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const name = key(row);
    const list = groups.get(name);
    if (list) list.push(row);
    else groups.set(name, [row]);
  }
  return groups;
}

/**
 * One row per bot: CPU, RSS and latency averaged (latency over the samples that had one),
 * restarts summed (they happened within the window), uptime the largest seen.
 */
export function averageBotMetrics(rows: BotMetricValues[]): BotMetricValues[] {
  return [...groupBy(rows, (row) => row.botId)].map(([botId, group]) => {
    const latencies = group.map((row) => row.latencyMs).filter((value): value is number => value !== null);
    return {
      botId,
      cpuPercent: mean(group.map((row) => row.cpuPercent)),
      rssBytes: meanBig(group.map((row) => row.rssBytes)),
      latencyMs: latencies.length ? mean(latencies) : null,
      restarts: group.reduce((sum, row) => sum + row.restarts, 0),
      uptimeSeconds: Math.max(...group.map((row) => row.uptimeSeconds)),
    };
  });
}

export function averageRunnerMetrics(rows: RunnerMetricValues[]): RunnerMetricValues[] {
  return [...groupBy(rows, (row) => row.runnerName)].map(([runnerName, group]) => ({
    runnerName,
    cpuPercent: mean(group.map((row) => row.cpuPercent)),
    memoryUsedBytes: meanBig(group.map((row) => row.memoryUsedBytes)),
    diskUsedBytes: meanBig(group.map((row) => row.diskUsedBytes)),
    netRxBytesPerSec: mean(group.map((row) => row.netRxBytesPerSec)),
    netTxBytesPerSec: mean(group.map((row) => row.netTxBytesPerSec)),
  }));
}

/** Which roll-up feeds which: minutes from 5 s samples, hours from minutes. */
const rollups = [
  { resolution: 60, source: 5 },
  { resolution: 3600, source: 60 },
] as const;

export class MetricsRollup {
  /** Per resolution, the start of the last window rolled up (ms). */
  private done = new Map<number, number>();

  /** Called every heartbeat: rolls up each window once it has ended, then prunes. */
  async tick(now: Date): Promise<void> {
    for (const { resolution, source } of rollups) {
      const window = previousWindow(now, resolution);
      if (this.done.get(resolution) === window.from.getTime()) continue;
      await this.rollUp(resolution, source, window);
      this.done.set(resolution, window.from.getTime());
      if (resolution === 60) await prune(now);
    }
  }

  /** Replaces the window's rows at `resolution` with the averages of its `source` rows. */
  async rollUp(resolution: number, source: number, window: { from: Date; to: Date }): Promise<void> {
    const at = { gte: window.from, lt: window.to };
    await db.$transaction(async (tx) => {
      const [lock] = await tx.$queryRaw<{ locked: boolean }[]>`
        SELECT pg_try_advisory_xact_lock(hashtext('cipher-metrics-rollup')) AS locked`;
      if (!lock?.locked) return;
      const [bots, runners] = await Promise.all([
        tx.botMetric.findMany({
          where: { resolution: source, at },
          select: {
            botId: true,
            cpuPercent: true,
            rssBytes: true,
            latencyMs: true,
            restarts: true,
            uptimeSeconds: true,
          },
        }),
        tx.runnerMetric.findMany({
          where: { resolution: source, at },
          select: {
            runnerName: true,
            cpuPercent: true,
            memoryUsedBytes: true,
            diskUsedBytes: true,
            netRxBytesPerSec: true,
            netTxBytesPerSec: true,
          },
        }),
      ]);
      await tx.botMetric.deleteMany({ where: { resolution, at: window.from } });
      await tx.runnerMetric.deleteMany({ where: { resolution, at: window.from } });
      const botRows = averageBotMetrics(bots).map((row) => ({ ...row, resolution, at: window.from }));
      const runnerRows = averageRunnerMetrics(runners).map((row) => ({ ...row, resolution, at: window.from }));
      if (botRows.length) await tx.botMetric.createMany({ data: botRows });
      if (runnerRows.length) await tx.runnerMetric.createMany({ data: runnerRows });
    });
  }
}

export async function prune(now: Date): Promise<void> {
  for (const { resolution, before } of pruneCutoffs(now)) {
    await db.botMetric.deleteMany({ where: { resolution, at: { lt: before } } });
    await db.runnerMetric.deleteMany({ where: { resolution, at: { lt: before } } });
  }
}
