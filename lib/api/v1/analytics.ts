/**
 * A bot's numbers through the API, read by the same queries as the dashboard: analytics (the
 * Analytics page's row and chart of this bot), usage (CPU and memory from the Metrics tab) and
 * performance (gateway latency and restarts from the Metrics tab).
 */
import { z } from "zod";

import { analyticsPeriods } from "@/lib/analytics/periods";
import { getAnalytics } from "@/lib/analytics/queries";
import { assertOwnedBot } from "@/lib/bots/service";
import { getBotMetrics, metricRanges, type MetricPoint, type MetricRange } from "@/lib/hosting/queries";

import { botIdParams } from "./bots";
import { endpoint } from "./endpoint";

const at = z.string().meta({ format: "date-time" });
const rangeQuery = z.object({
  range: z
    .enum(Object.keys(metricRanges) as [MetricRange, ...MetricRange[]])
    .default("1h")
    .meta({ description: "1h (5 s samples), 24h (1 min) or 7d (1 h)." }),
});

export const botAnalyticsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/analytics",
  operationId: "getBotAnalytics",
  summary: "A bot's commands, users and uptime over a period",
  description: "The numbers of the Analytics page for this bot, with its commands per chart bucket.",
  tag: "Analytics",
  scope: "read",
  params: botIdParams,
  query: z.object({ period: z.enum(analyticsPeriods).default("7d") }),
  response: z
    .object({
      period: z.enum(analyticsPeriods),
      start: at,
      end: at,
      commands: z.number().int(),
      users: z.number().int(),
      uptime: z.number().meta({ description: "0–100: share of the period the bot was running." }),
      popularity: z.number().meta({ description: "0–100: this bot's share of all your commands." }),
      series: z.array(z.object({ at, commands: z.number().int() })),
    })
    .meta({ id: "BotAnalytics" }),
  async handle({ userId, params, query }) {
    await assertOwnedBot(userId, params.id);
    const data = await getAnalytics(userId, query.period);
    const row = data.bots.find((bot) => bot.botId === params.id);
    return {
      period: data.period,
      start: data.start,
      end: data.end,
      commands: row?.commands ?? 0,
      users: row?.users ?? 0,
      uptime: row?.uptime ?? 0,
      popularity: row?.popularity ?? 0,
      series: data.commandSeries.map((point) => ({ at: String(point.at), commands: Number(point[params.id] ?? 0) })),
    };
  },
});

/** The Metrics tab's samples of a bot, each point reduced to what `pick` keeps. */
async function metricsOf<T>(userId: string, botId: string, range: MetricRange, pick: (point: MetricPoint) => T) {
  const metrics = await getBotMetrics(userId, botId, range);
  return { range: metrics.range, resolutionSeconds: metrics.resolution, points: metrics.points.map(pick) };
}

export const botUsageEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/usage",
  operationId: "getBotUsage",
  summary: "A bot's CPU and memory",
  tag: "Analytics",
  scope: "read",
  params: botIdParams,
  query: rangeQuery,
  response: z
    .object({
      range: z.string(),
      resolutionSeconds: z.number().int(),
      points: z.array(z.object({ at, cpuPercent: z.number(), memoryMb: z.number() })),
    })
    .meta({ id: "BotUsage" }),
  handle: ({ userId, params, query }) =>
    metricsOf(userId, params.id, query.range, (point) => ({
      at: point.at,
      cpuPercent: point.cpu,
      memoryMb: point.memoryMb,
    })),
});

export const botPerformanceEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/performance",
  operationId: "getBotPerformance",
  summary: "A bot's gateway latency and restarts",
  tag: "Analytics",
  scope: "read",
  params: botIdParams,
  query: rangeQuery,
  response: z
    .object({
      range: z.string(),
      resolutionSeconds: z.number().int(),
      points: z.array(z.object({ at, latencyMs: z.number().nullable(), restarts: z.number().int() })),
    })
    .meta({ id: "BotPerformance" }),
  handle: ({ userId, params, query }) =>
    metricsOf(userId, params.id, query.range, (point) => ({
      at: point.at,
      latencyMs: point.latencyMs,
      restarts: point.restarts,
    })),
});
