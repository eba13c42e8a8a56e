/**
 * Deploying from a terminal or CI: a new version of a bot's files (JSON, or the project zipped as
 * the migration import takes it, with its checks), optionally restarted; the versions; the log.
 * `cipher deploy` and `cipher logs --follow` (cli/) are built on these.
 */
import { z } from "zod";

import { recordAudit } from "@/lib/audit/service";
import { restartBot } from "@/lib/bots/hosting";
import { logLinesAfter, newestLogLines } from "@/lib/bots/logs";
import { botFilesSchema } from "@/lib/bots/schemas";
import { assertOwnedBot, listVersions, saveBotFiles } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { botIdParams, botStatus, botStatusSchema } from "./bots";
import { endpoint } from "./endpoint";
import { pollingStream } from "./stream";

const deployInput = z
  .object({
    files: botFilesSchema.meta({ description: "Every file of the new version (files left out are removed)." }),
    message: z
      .string()
      .trim()
      .max(200)
      .default("Deployed through the API")
      .meta({ description: "The version's message, as in Version History." }),
    restart: z
      .boolean()
      .default(false)
      .meta({ description: "Restart the bot on the new version (starts it if stopped)." }),
  })
  .meta({ id: "DeployInput" });

export const deployBotEndpoint = endpoint({
  method: "PUT",
  path: "/bots/{id}/files",
  operationId: "deployBot",
  summary: "Deploy a new version of a bot's files",
  description:
    "JSON (`files`, `message`, `restart`), or the project as a zip (`Content-Type: application/zip`, up to 10 MB, `?message=…&restart=true`) checked as the migration import checks it: no node_modules, .env or binary files, at most 200 files and 1 MB of source.",
  tag: "Deploy",
  scope: "deploy",
  params: botIdParams,
  body: deployInput,
  maxBodyBytes: 3 * 1024 * 1024,
  fromZip: (files, query) => ({
    files,
    ...(query.message ? { message: query.message } : {}),
    restart: query.restart === "true" || query.restart === "1",
  }),
  response: z
    .object({
      version: z.number().int().meta({ description: "The number of the new version." }),
      files: z.number().int(),
      status: botStatusSchema,
    })
    .meta({ id: "Deployment" }),
  async handle({ userId, params, body }) {
    const version = await saveBotFiles(userId, params.id, { files: body.files, message: body.message });
    const bot = await db.bot.findUnique({ where: { id: params.id }, select: { name: true } });
    await recordAudit(userId, "bot.saved", {
      type: "bot",
      id: params.id,
      label: `${bot?.name ?? ""} · version ${version.number} · API`,
    });
    if (body.restart) {
      await restartBot(userId, params.id);
      await recordAudit(userId, "bot.restarted", { type: "bot", id: params.id, label: `${bot?.name ?? ""} · API` });
    }
    return { version: version.number, files: body.files.length, status: await botStatus(userId, params.id) };
  },
});

export const listVersionsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/versions",
  operationId: "listVersions",
  summary: "A bot's saved versions, newest first",
  tag: "Deploy",
  scope: "read",
  params: botIdParams,
  response: z
    .object({
      data: z.array(
        z
          .object({
            number: z.number().int(),
            message: z.string(),
            createdAt: z.string().meta({ format: "date-time" }),
          })
          .meta({ id: "Version" }),
      ),
    })
    .meta({ id: "VersionList" }),
  async handle({ userId, params }) {
    const versions = await listVersions(userId, params.id);
    return {
      data: versions.map((version) => ({
        number: version.number,
        message: version.message,
        createdAt: version.createdAt.toISOString(),
      })),
    };
  },
});

const logLine = z
  .object({
    id: z.string().meta({ description: "Increasing: pass the last one as `after` to follow the log." }),
    stream: z.string().meta({ description: "stdout, stderr or system." }),
    line: z.string(),
    at: z.string().meta({ format: "date-time" }),
  })
  .meta({ id: "LogLine" });

const lineId = z.string().regex(/^\d{1,19}$/, { error: "A log line id (digits)" });

export const botLogsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/logs",
  operationId: "getBotLogs",
  summary: "A bot's log (tokens already redacted)",
  description:
    "The newest lines, oldest first. Page back with `before` = `olderCursor`; follow new lines by passing the last line's id as `after` (`cipher logs --follow` asks every second).",
  tag: "Hosting",
  scope: "read",
  params: botIdParams,
  query: z.object({
    limit: z.coerce.number().int().min(1).max(1000).default(100),
    before: lineId.optional(),
    after: lineId.optional(),
  }),
  response: z.object({ data: z.array(logLine), olderCursor: z.string().nullable() }).meta({ id: "LogPage" }),
  async handle({ userId, params, query }) {
    await assertOwnedBot(userId, params.id);
    if (query.after) {
      const rows = await db.botLogLine.findMany({
        where: { botId: params.id, id: { gt: BigInt(query.after) } },
        orderBy: { id: "asc" },
        take: query.limit,
        select: { id: true, stream: true, line: true, at: true },
      });
      return {
        data: rows.map((row) => ({
          id: row.id.toString(),
          stream: row.stream,
          line: row.line,
          at: row.at.toISOString(),
        })),
        olderCursor: null,
      };
    }
    const lines = await newestLogLines(params.id, { beforeId: query.before, limit: query.limit });
    return { data: lines, olderCursor: lines.length === query.limit ? (lines[0]?.id ?? null) : null };
  },
});

/** How often a followed log is looked at (the Logs tab's live tail does the same). */
const followLogPollMs = 1000;

export const followBotLogsEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/logs/events",
  operationId: "followBotLogs",
  summary: "Follow a bot's log as it is written (Server-Sent Events)",
  description:
    "`text/event-stream`: event `lines` with an array of LogLine (oldest first) as new lines arrive, checked every second. Without `after`, only lines written from now on; with `after` (a line id), everything after it first. `cipher logs --follow` uses this.",
  tag: "Hosting",
  scope: "read",
  params: botIdParams,
  query: z.object({ after: lineId.optional() }),
  stream: true,
  async handle({ userId, params, query, request, stillAllowed }) {
    await assertOwnedBot(userId, params.id);
    let last =
      query.after ??
      (
        await db.botLogLine.findFirst({ where: { botId: params.id }, orderBy: { id: "desc" }, select: { id: true } })
      )?.id.toString() ??
      null;
    const options = { everyMs: followLogPollMs, stillAllowed, label: `followBotLogs ${params.id}` };
    return pollingStream(request, userId, options, async (send) => {
      const lines = await logLinesAfter(params.id, last);
      if (lines.length) {
        last = lines.at(-1)!.id;
        send(lines, "lines");
      }
      return "more";
    });
  },
});
