/**
 * The Hosting page and a bot's Metrics tab, from what the runners report: runner hosts
 * (RunnerHost, heartbeat every few seconds), which runner holds each bot (BotLease) and the
 * samples (BotMetric: 5 s for an hour, 1 min for a day, 1 h for 90 days). A user sees every
 * runner host's load but only their own bots on it; a host's machine details (its isolation
 * layer and why it refuses bots, memory in bytes, network) are for operators only.
 */
import { uptimeShare } from "@/lib/analytics/periods";
import { crashCause, type CrashCause } from "@/lib/bots/crash-cause";
import { newestLogLines } from "@/lib/bots/logs";
import { userBots } from "@/lib/bots/scope";
import { BotNotFoundError } from "@/lib/bots/service";
import { db } from "@/lib/db";

import {
  describeServiceHealth,
  overallLevel,
  runtimeServiceLabels,
  runtimeServiceOrder,
  type HealthLevel,
  type ServiceHealth,
} from "./service-health";

/** A runner that has not sent a heartbeat for this long is shown offline (its bots move within 30 s). */
export const hostOfflineAfterMs = 30_000;

export type HostCard = {
  name: string;
  region: string;
  online: boolean;
  draining: boolean;
  uptimeSeconds: number;
  /** Operators only (null for everyone else): the whole machine's load says nothing about a user's bots. */
  details: HostDetails | null;
  bots: { id: string; name: string; status: string }[];
};

export type HostDetails = {
  cpuPercent: number;
  memoryPercent: number;
  diskPercent: number;
  /** "isolated" (bots run in the sandbox), "checking" (its first check runs) or "unavailable" (this host refuses every bot). */
  sandbox: string;
  /** Why the host cannot isolate bots, when it cannot, and when it checks again. */
  sandboxWarning: string | null;
  /** When the sandbox check last ended, and when a failed one runs again (ISO). */
  sandboxCheckedAt: string | null;
  sandboxRetryAt: string | null;
  memoryUsedBytes: number;
  memoryTotalBytes: number;
  netRxBytesPerSec: number;
  netTxBytesPerSec: number;
};

export type HostedBot = {
  id: string;
  name: string;
  status: string;
  desiredState: string;
  restartPolicy: string;
  connectTo: string;
  runnerName: string | null;
  startedAt: string | null;
  cpuPercent: number | null;
  rssBytes: number | null;
  latencyMs: number | null;
  /** The last hour, one point a minute. */
  sparkline: { at: string; cpu: number; memoryMb: number }[];
  /** Why it crashed, when it is crashed or restarting after a crash. */
  crash: CrashCause | null;
};

export type HostingOverview = {
  summary: { total: number; online: number; hostsOnline: number; hosts: number; averageUptime: number | null };
  hosts: HostCard[];
  bots: HostedBot[];
  /** The runtime services (runner, simulator): operational, degraded or down, and why. */
  services: ServiceHealth[];
  generatedAt: string;
};

/**
 * The runtime services' health from what their supervisors recorded. Everyone may see the level
 * and the sentence (/status is public); the last stderr lines only operators (with two-factor).
 */
export async function getServiceHealth({
  operator = false,
  now = new Date(),
}: { operator?: boolean; now?: Date } = {}): Promise<ServiceHealth[]> {
  const rows = await db.runtimeServiceHealth.findMany({
    select: {
      service: true,
      host: true,
      state: true,
      restarts: true,
      failuresInRow: true,
      upSince: true,
      nextAttemptAt: true,
      lastExitAt: true,
      lastExitCode: true,
      lastExitSignal: true,
      lastStderr: operator,
      reportedAt: true,
    },
  });
  return describeServiceHealth(
    rows.map((row) => ({ ...row, lastStderr: row.lastStderr ?? null })),
    { now: now.getTime(), operator },
  );
}

/**
 * A crash's cause, read once per status change (once settled): the hosting stream asks every few
 * seconds, and a crashed bot's log does not change until its status does.
 */
const crashCauses = new Map<string, { changedAt: number; cause: CrashCause | null }>();
async function crashOf(bot: {
  id: string;
  status: string;
  statusReason: string | null;
  statusChangedAt: Date | null;
}): Promise<CrashCause | null> {
  const changedAt = bot.statusChangedAt?.getTime() ?? 0;
  const kept = crashCauses.get(bot.id);
  if (kept && kept.changedAt === changedAt) return kept.cause;
  const cause = crashCause(bot, await newestLogLines(bot.id, { limit: 200 }));
  // The last lines may land just after the status: keep only a settled answer.
  if (cause?.lineId || Date.now() - changedAt > 10_000) {
    if (crashCauses.size >= 5_000) crashCauses.delete(crashCauses.keys().next().value!);
    crashCauses.set(bot.id, { changedAt, cause });
  }
  return cause;
}

const percent = (used: bigint, total: bigint) =>
  total > 0n ? Math.round((Number(used) / Number(total)) * 1000) / 10 : 0;

export async function getHostingOverview(
  userId: string,
  { operator = false, now = new Date() }: { operator?: boolean; now?: Date } = {},
): Promise<HostingOverview> {
  const hourAgo = new Date(now.getTime() - 3_600_000);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const [hosts, bots, services] = await Promise.all([
    db.runnerHost.findMany({ orderBy: { name: "asc" } }),
    db.bot.findMany({
      where: userBots(userId),
      select: {
        id: true,
        name: true,
        status: true,
        desiredState: true,
        restartPolicy: true,
        connectTo: true,
        startedAt: true,
        statusReason: true,
        statusChangedAt: true,
        lease: { select: { runnerName: true, expiresAt: true } },
      },
      orderBy: { createdAt: "asc" },
    }),
    getServiceHealth({ operator, now }),
  ]);
  const ids = bots.map((bot) => bot.id);
  const [minutes, latest, changes, before] = ids.length
    ? await Promise.all([
        db.botMetric.findMany({
          where: { botId: { in: ids }, resolution: 60, at: { gte: hourAgo } },
          select: { botId: true, at: true, cpuPercent: true, rssBytes: true },
          orderBy: { at: "asc" },
        }),
        db.botMetric.findMany({
          where: { botId: { in: ids }, resolution: 5, at: { gte: new Date(now.getTime() - 60_000) } },
          distinct: ["botId"],
          orderBy: [{ botId: "asc" }, { at: "desc" }],
          select: { botId: true, cpuPercent: true, rssBytes: true, latencyMs: true },
        }),
        db.botStatusEvent.findMany({
          where: { botId: { in: ids }, createdAt: { gte: dayAgo } },
          select: { botId: true, status: true, createdAt: true },
          orderBy: { id: "asc" },
        }),
        db.botStatusEvent.findMany({
          where: { botId: { in: ids }, createdAt: { lt: dayAgo } },
          distinct: ["botId"],
          orderBy: [{ botId: "asc" }, { id: "desc" }],
          select: { botId: true, status: true },
        }),
      ])
    : [[], [], [], []];

  const latestByBot = new Map(latest.map((row) => [row.botId, row]));
  // The crashed ones say why (their newest lines; a page of bots rarely has more than a few).
  const crashes = new Map(
    await Promise.all(
      bots
        .filter((bot) => bot.status === "crashed" || bot.status === "restarting")
        .slice(0, 20)
        .map(async (bot) => [bot.id, await crashOf(bot)] as const),
    ),
  );
  const hostedBots: HostedBot[] = bots.map((bot) => {
    const sample = latestByBot.get(bot.id);
    const leased = bot.lease && bot.lease.expiresAt > now ? bot.lease.runnerName : null;
    return {
      id: bot.id,
      name: bot.name,
      status: bot.status,
      desiredState: bot.desiredState,
      restartPolicy: bot.restartPolicy,
      connectTo: bot.connectTo,
      runnerName: leased,
      startedAt: bot.startedAt?.toISOString() ?? null,
      cpuPercent: sample ? Math.round(sample.cpuPercent * 10) / 10 : null,
      rssBytes: sample ? Number(sample.rssBytes) : null,
      latencyMs: sample?.latencyMs ?? null,
      sparkline: minutes
        .filter((row) => row.botId === bot.id)
        .map((row) => ({
          at: row.at.toISOString(),
          cpu: Math.round(row.cpuPercent * 10) / 10,
          memoryMb: Math.round(Number(row.rssBytes) / 1_048_576),
        })),
      crash: crashes.get(bot.id) ?? null,
    };
  });

  const hostCards: HostCard[] = hosts.map((host) => ({
    name: host.name,
    region: host.region,
    online: now.getTime() - host.heartbeatAt.getTime() < hostOfflineAfterMs,
    draining: host.draining,
    uptimeSeconds: Math.max(0, Math.round((now.getTime() - host.startedAt.getTime()) / 1000)),
    details: operator
      ? {
          cpuPercent: Math.round(host.cpuPercent * 10) / 10,
          memoryPercent: percent(host.memoryUsedBytes, host.memoryTotalBytes),
          diskPercent: percent(host.diskUsedBytes, host.diskTotalBytes),
          sandbox: host.sandbox,
          sandboxWarning: host.sandboxWarning,
          sandboxCheckedAt: host.sandboxCheckedAt?.toISOString() ?? null,
          sandboxRetryAt: host.sandboxRetryAt?.toISOString() ?? null,
          memoryUsedBytes: Number(host.memoryUsedBytes),
          memoryTotalBytes: Number(host.memoryTotalBytes),
          netRxBytesPerSec: host.netRxBytesPerSec,
          netTxBytesPerSec: host.netTxBytesPerSec,
        }
      : null,
    bots: hostedBots
      .filter((bot) => bot.runnerName === host.name)
      .map((bot) => ({ id: bot.id, name: bot.name, status: bot.status })),
  }));

  const startStatus = new Map(before.map((row) => [row.botId, row.status]));
  const uptimes = bots
    .filter((bot) => startStatus.has(bot.id) || changes.some((change) => change.botId === bot.id))
    .map((bot) =>
      uptimeShare(
        changes
          .filter((change) => change.botId === bot.id)
          .map((change) => ({ at: change.createdAt, status: change.status })),
        startStatus.get(bot.id) ?? null,
        dayAgo,
        now,
        now,
      ),
    );

  return {
    summary: {
      total: bots.length,
      online: bots.filter((bot) => bot.status === "running").length,
      hosts: hostCards.length,
      hostsOnline: hostCards.filter((host) => host.online).length,
      averageUptime: uptimes.length
        ? Math.round((uptimes.reduce((sum, value) => sum + value, 0) / uptimes.length) * 1000) / 10
        : null,
    },
    hosts: hostCards,
    bots: hostedBots,
    services,
    generatedAt: now.toISOString(),
  };
}

export const metricRanges = {
  "1h": { resolution: 5, ms: 3_600_000 },
  "24h": { resolution: 60, ms: 86_400_000 },
  "7d": { resolution: 3_600, ms: 7 * 86_400_000 },
} as const;
export type MetricRange = keyof typeof metricRanges;

export function parseMetricRange(value: string | null | undefined): MetricRange {
  return value === "24h" || value === "7d" ? value : "1h";
}

export type MetricPoint = { at: string; cpu: number; memoryMb: number; latencyMs: number | null; restarts: number };

/** A bot's samples for the Metrics tab (owner only). */
export async function getBotMetrics(userId: string, botId: string, range: MetricRange, now: Date = new Date()) {
  const bot = await db.bot.findFirst({ where: userBots(userId, botId), select: { id: true } });
  if (!bot) throw new BotNotFoundError();
  const { resolution, ms } = metricRanges[range];
  const rows = await db.botMetric.findMany({
    where: { botId, resolution, at: { gte: new Date(now.getTime() - ms) } },
    orderBy: { at: "asc" },
    select: { at: true, cpuPercent: true, rssBytes: true, latencyMs: true, restarts: true },
  });
  const points: MetricPoint[] = rows.map((row) => ({
    at: row.at.toISOString(),
    cpu: Math.round(row.cpuPercent * 10) / 10,
    memoryMb: Math.round((Number(row.rssBytes) / 1_048_576) * 10) / 10,
    latencyMs: row.latencyMs === null ? null : Math.round(row.latencyMs * 10) / 10,
    restarts: row.restarts,
  }));
  return { range, resolution, points };
}

export type PlatformStatus = {
  overall: HealthLevel;
  /** Website and database first, then the runtime services. */
  components: Pick<ServiceHealth, "label" | "level" | "summary" | "lastExit" | "restarts" | "lastStderr">[];
  checkedAt: string;
};

/** The public /status page: what anyone may know, nothing beyond the level and one sentence. */
export async function getPlatformStatus(now: Date = new Date()): Promise<PlatformStatus> {
  const publicView = (service: ServiceHealth) => ({ ...service, lastExit: null, lastStderr: null });
  const website = { label: "Website and dashboard", level: "operational" as const, summary: "Operational." };
  let components: PlatformStatus["components"];
  try {
    const services = await getServiceHealth({ now });
    components = [
      { ...website, lastExit: null, restarts: 0, lastStderr: null },
      {
        label: "Database",
        level: "operational",
        summary: "Operational.",
        lastExit: null,
        restarts: 0,
        lastStderr: null,
      },
      ...services.map(publicView),
    ];
  } catch (error) {
    console.error("[status] could not read the platform's health", error);
    components = [
      { ...website, lastExit: null, restarts: 0, lastStderr: null },
      {
        label: "Database",
        level: "down",
        summary: "Not reachable right now; bots and the dashboard may not load.",
        lastExit: null,
        restarts: 0,
        lastStderr: null,
      },
      ...runtimeServiceOrder.map((service) => ({
        label: runtimeServiceLabels[service],
        level: "down" as const,
        summary: "Cannot be checked while the database is unreachable.",
        lastExit: null,
        restarts: 0,
        lastStderr: null,
      })),
    ];
  }
  return { overall: overallLevel(components), components, checkedAt: now.toISOString() };
}
