/**
 * /api/v1/bots: the signed-in key owner's bots, through the same services as the dashboard
 * (lib/bots). Another user's bot id answers 404 exactly like a missing one (the services scope
 * every query to the owner).
 */
import { z } from "zod";

import { recordAudit, type AuditAction } from "@/lib/audit/service";
import { getBotRuntime, restartBot, startBot, stopBot } from "@/lib/bots/hosting";
import { botDetailsSchema } from "@/lib/bots/schemas";
import { userBots } from "@/lib/bots/scope";
import { archiveBot, BotNotFoundError, createBot, updateBotDetails } from "@/lib/bots/service";
import { blankBotFiles } from "@/lib/bots/starter-files";
import { db } from "@/lib/db";

import { buildApiSchema, buildPromptInput, startApiBuild } from "./builds";
import { endpoint } from "./endpoint";

/** Name, description and language of a bot, as the dashboard's form takes them. */
const botInput = botDetailsSchema.meta({ id: "BotInput" });

export const botIdParams = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9]{1,64}$/i)
    .meta({ description: "The bot's id", example: "cmbot3x9z0001" }),
});

export const botSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    language: z.enum(["javascript", "python"]),
    desiredState: z.enum(["running", "stopped"]).meta({ description: "What you asked for: running or stopped." }),
    status: z.string().meta({ description: "What the runner reports: stopped, starting, running, crashed…" }),
    connectTo: z.enum(["simulator", "discord"]),
    createdAt: z.string().meta({ format: "date-time" }),
    updatedAt: z.string().meta({ format: "date-time" }),
    lastActiveAt: z.string().nullable().meta({ format: "date-time" }),
  })
  .meta({ id: "Bot" });

export const botStatusSchema = z
  .object({
    id: z.string(),
    desiredState: z.enum(["running", "stopped"]),
    status: z.string(),
    statusReason: z.string().nullable(),
    statusChangedAt: z.string().nullable().meta({ format: "date-time" }),
    startedAt: z.string().nullable().meta({ format: "date-time" }),
    exitCode: z.number().int().nullable(),
    connectTo: z.enum(["simulator", "discord"]),
  })
  .meta({ id: "BotStatus" });

const botColumns = {
  id: true,
  name: true,
  description: true,
  language: true,
  desiredState: true,
  status: true,
  connectTo: true,
  createdAt: true,
  updatedAt: true,
  lastActiveAt: true,
} as const;

type BotRow = {
  id: string;
  name: string;
  description: string;
  language: string;
  desiredState: string;
  status: string;
  connectTo: string;
  createdAt: Date;
  updatedAt: Date;
  lastActiveAt: Date | null;
};

function toBot(row: BotRow): z.input<typeof botSchema> {
  return {
    ...row,
    language: row.language === "python" ? "python" : "javascript",
    desiredState: row.desiredState === "running" ? "running" : "stopped",
    connectTo: row.connectTo === "discord" ? "discord" : "simulator",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActiveAt: row.lastActiveAt?.toISOString() ?? null,
  };
}

async function findBot(userId: string, id: string) {
  const row = await db.bot.findFirst({ where: userBots(userId, id), select: botColumns });
  if (!row) throw new BotNotFoundError();
  return toBot(row);
}

async function audit(userId: string, action: AuditAction, botId: string) {
  const bot = await db.bot.findUnique({ where: { id: botId }, select: { name: true } });
  await recordAudit(userId, action, { type: "bot", id: botId, label: [bot?.name, "API"].filter(Boolean).join(" · ") });
}

/** An opaque cursor: where the previous page ended (createdAt, id). */
function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as [unknown, unknown];
    const createdAt = new Date(String(at));
    if (typeof id !== "string" || Number.isNaN(createdAt.getTime())) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}

export const listBotsEndpoint = endpoint({
  method: "GET",
  path: "/bots",
  operationId: "listBots",
  summary: "List your bots",
  description: "Newest first, a page at a time: pass `nextCursor` as `cursor` for the next page.",
  tag: "Bots",
  scope: "read",
  query: z.object({
    limit: z.coerce.number().int().min(1).max(100).default(20).meta({ description: "Bots per page (1–100)." }),
    cursor: z.string().max(200).optional().meta({ description: "`nextCursor` of the previous page." }),
  }),
  response: z.object({ data: z.array(botSchema), nextCursor: z.string().nullable() }).meta({ id: "BotList" }),
  async handle({ userId, query }) {
    const after = query.cursor ? decodeCursor(query.cursor) : null;
    const rows = await db.bot.findMany({
      where: {
        ...userBots(userId),
        ...(after
          ? {
              OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }],
            }
          : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: query.limit + 1,
      select: botColumns,
    });
    const page = rows.slice(0, query.limit);
    return {
      data: page.map(toBot),
      nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
    };
  },
});

export const createBotEndpoint = endpoint({
  method: "POST",
  path: "/bots",
  operationId: "createBot",
  summary: "Create a bot (from starter code, or built by the AI from a prompt)",
  description:
    'With `name` (and `description`, `language`): a new bot with the starter code of its language (it answers /ping), stopped: 201 and the Bot. With `prompt` (and `language`, else the language the prompt asks for in words, else JavaScript): the AI builder builds it as Create New Bot → "Describe your bot" does, and proves it in the simulator: 202 and the queued Build, with `Location: /api/v1/builds/{id}` to poll or `/builds/{id}/events` to follow. With `review: true` the build waits at its plan (status `planned`) when the plan asks something or left words out: answer and fix it with POST /builds/{id}. One build runs at a time per account; 20 may start per hour.',
  tag: "Bots",
  scope: "write",
  body: z.union([buildPromptInput, botInput]),
  // A body with a prompt is a build, whatever else it has: an empty prompt is refused, not ignored.
  bodyFor: (raw) => (raw && typeof raw === "object" && "prompt" in raw ? buildPromptInput : botInput),
  response: botSchema,
  status: 201,
  otherResponses: { "202": { description: "The build was queued (a prompt was sent).", schema: buildApiSchema } },
  async handle({ userId, body }) {
    if ("prompt" in body) {
      const build = await startApiBuild(userId, body);
      return Response.json(buildApiSchema.parse(build), {
        status: 202,
        headers: { Location: `/api/v1/builds/${build.id}`, "Cache-Control": "no-store" },
      });
    }
    const bot = await createBot(userId, { ...body, files: blankBotFiles(body.language) });
    await audit(userId, "bot.created", bot.id);
    return findBot(userId, bot.id);
  },
});

export const getBotEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}",
  operationId: "getBot",
  summary: "Get a bot",
  tag: "Bots",
  scope: "read",
  params: botIdParams,
  response: botSchema,
  handle: ({ userId, params }) => findBot(userId, params.id),
});

export const updateBotEndpoint = endpoint({
  method: "PUT",
  path: "/bots/{id}",
  operationId: "updateBot",
  summary: "Rename a bot, or change its description or language",
  tag: "Bots",
  scope: "write",
  params: botIdParams,
  body: botInput,
  response: botSchema,
  async handle({ userId, params, body }) {
    await updateBotDetails(userId, params.id, body);
    await audit(userId, "bot.settings_changed", params.id);
    return findBot(userId, params.id);
  },
});

export const deleteBotEndpoint = endpoint({
  method: "DELETE",
  path: "/bots/{id}",
  operationId: "deleteBot",
  summary: "Delete a bot (to the archive)",
  description: "The bot stops and goes to the Archive, where it can be restored.",
  tag: "Bots",
  scope: "write",
  params: botIdParams,
  async handle({ userId, params }) {
    await archiveBot(userId, params.id, "Deleted through the API");
    await audit(userId, "bot.deleted", params.id);
  },
});

export async function botStatus(userId: string, id: string): Promise<z.input<typeof botStatusSchema>> {
  const runtime = await getBotRuntime(userId, id);
  return {
    id: runtime.id,
    desiredState: runtime.desiredState === "running" ? "running" : "stopped",
    status: runtime.status,
    statusReason: runtime.statusReason,
    statusChangedAt: runtime.statusChangedAt?.toISOString() ?? null,
    startedAt: runtime.startedAt?.toISOString() ?? null,
    exitCode: runtime.exitCode,
    connectTo: runtime.connectTo === "discord" ? "discord" : "simulator",
  };
}

export const botStatusEndpoint = endpoint({
  method: "GET",
  path: "/bots/{id}/status",
  operationId: "getBotStatus",
  summary: "A bot's hosting status",
  tag: "Hosting",
  scope: "read",
  params: botIdParams,
  response: botStatusSchema,
  handle: ({ userId, params }) => botStatus(userId, params.id),
});

function control(
  verb: "start" | "stop" | "restart",
  run: (userId: string, botId: string) => Promise<void>,
  action: AuditAction,
) {
  return endpoint({
    method: "POST",
    path: `/bots/{id}/${verb}`,
    operationId: `${verb}Bot`,
    summary: `${verb[0]!.toUpperCase()}${verb.slice(1)} a bot`,
    description: "Accepted at once; the runner acts within a second. Follow `status` to see it happen.",
    tag: "Hosting",
    scope: "control",
    params: botIdParams,
    response: botStatusSchema,
    status: 202,
    async handle({ userId, params }) {
      await run(userId, params.id);
      await audit(userId, action, params.id);
      return botStatus(userId, params.id);
    },
  });
}

export const startBotEndpoint = control("start", startBot, "bot.started");
export const stopBotEndpoint = control("stop", stopBot, "bot.stopped");
export const restartBotEndpoint = control("restart", restartBot, "bot.restarted");
