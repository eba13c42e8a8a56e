/**
 * A user's bots: every function takes the owner's id and only ever touches that user's rows, so
 * a bot id from another account behaves exactly like one that does not exist.
 */
import { limitsFor, PlanLimitError } from "@/lib/billing/plans";
import type { BotFilter } from "@/lib/bots/filters";
import { recentDays } from "@/lib/bots/filters";
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

import { applicationIdFromToken, inviteNeeds, inviteUrl, type BotInviteNeeds } from "./invite";
import { botFilesSchema, botTokenSchema, type BotFileInput, type BotLanguage } from "./schemas";
import { maskToken, openToken, sealedFor, sealToken } from "./token-crypto";
import { tokenKeys } from "./token-keys";

/** Prisma's 5 s default is tight for a 200-file save on a loaded 2-core server. */
export const busyServerTransaction = { maxWait: 10_000, timeout: 30_000 } as const;

export class BotNotFoundError extends Error {
  constructor() {
    super("Bot not found");
  }
}

/** The bot was saved elsewhere after the editor loaded it. */
export class BotVersionConflictError extends Error {
  constructor(readonly latest: number) {
    super(
      `This bot changed meanwhile: version ${latest} was saved after you opened it. Reload to see the latest version.`,
    );
  }
}

/** Files that cannot be stored as a bot (two paths of one file, a bad name, over a limit); the message is for the user. */
export class BotFilesError extends Error {}

/** The files as stored (paths normalised, sorted), or BotFilesError naming what is wrong. */
export function parseBotFiles(files: BotFileInput[]): BotFileInput[] {
  const parsed = botFilesSchema.safeParse(files);
  if (!parsed.success) throw new BotFilesError(parsed.error.issues[0]?.message ?? "These files cannot be stored.");
  return sortedFiles(parsed.data);
}

/** The user's plan allows no more bots; the message is for the user. */
export class BotLimitError extends PlanLimitError {
  constructor(
    readonly limit: number,
    planName: string,
  ) {
    super(
      `Your plan (${planName}) includes ${limit} bots. Delete a bot you no longer need (it goes to the Archive) to create another.`,
    );
  }
}

const summary = {
  id: true,
  name: true,
  description: true,
  language: true,
  templateId: true,
  desiredState: true,
  status: true,
  connectTo: true,
  restartPolicy: true,
  tokenLast4: true,
  lastActiveAt: true,
  createdAt: true,
  updatedAt: true,
} as const;

export type BotSummary = Awaited<ReturnType<typeof listBots>>[number];

/** The bots a user sees (lib/bots/scope.ts). Every query here starts from this filter. */
const owned = userBots;

/** My Bots, optionally through one of the sidebar's filters (lib/bots/filters.ts). */
export async function listBots(userId: string, filter?: BotFilter) {
  if (filter === "active") {
    return db.bot.findMany({
      where: { ...owned(userId), OR: [{ desiredState: "running" }, { status: "running" }] },
      select: summary,
      orderBy: { updatedAt: "desc" },
    });
  }
  if (filter === "recent") {
    return db.bot.findMany({
      where: { ...owned(userId), updatedAt: { gte: new Date(Date.now() - recentDays * 24 * 60 * 60 * 1000) } },
      select: summary,
      orderBy: { updatedAt: "desc" },
    });
  }
  const bots = await db.bot.findMany({ where: owned(userId), select: summary, orderBy: { updatedAt: "desc" } });
  if (filter !== "usage" || bots.length === 0) return bots;
  const usage = await db.botKvEntry.groupBy({
    by: ["botId"],
    where: { botId: { in: bots.map((bot) => bot.id) } },
    _sum: { size: true },
  });
  const bytes = new Map(usage.map((row) => [row.botId, row._sum.size ?? 0]));
  return bots
    .filter((bot) => (bytes.get(bot.id) ?? 0) > 0)
    .sort((a, b) => (bytes.get(b.id) ?? 0) - (bytes.get(a.id) ?? 0));
}

/** The user's bots by what the runner observed: all, online (running) and crashed. */
export async function botCounts(userId: string): Promise<{ total: number; online: number; crashed: number }> {
  const rows = await db.bot.groupBy({ by: ["status"], where: owned(userId), _count: { _all: true } });
  const count = (status: string) => rows.find((row) => row.status === status)?._count._all ?? 0;
  return {
    total: rows.reduce((sum, row) => sum + row._count._all, 0),
    online: count("running"),
    crashed: count("crashed"),
  };
}

/**
 * Throws BotNotFoundError unless the bot exists, belongs to the user and is not archived. For
 * modules that keep per-bot data in their own tables (the key-value store, imports).
 */
export async function assertOwnedBot(userId: string, botId: string): Promise<void> {
  const bot = await db.bot.findFirst({ where: owned(userId, botId), select: { id: true } });
  if (!bot) throw new BotNotFoundError();
}

export async function getBot(userId: string, botId: string) {
  const bot = await db.bot.findFirst({
    where: owned(userId, botId),
    select: { ...summary, files: { select: { path: true, content: true }, orderBy: { path: "asc" } } },
  });
  if (!bot) throw new BotNotFoundError();
  return bot;
}

function sortedFiles(files: BotFileInput[]): BotFileInput[] {
  return [...files].sort((a, b) => a.path.localeCompare(b.path));
}

/** Creates a bot with its files and the first version ("Created"). */
export async function createBot(
  userId: string,
  input: { name: string; description?: string; language: BotLanguage; templateId?: string; files: BotFileInput[] },
) {
  const files = parseBotFiles(input.files);
  return withinBotLimit(userId, (tx) =>
    tx.bot.create({
      data: {
        userId,
        name: input.name,
        description: input.description ?? "",
        language: input.language,
        templateId: input.templateId ?? null,
        // Tested alone in a simulated server of its own; the shared one stays a choice (Test tab).
        testServer: "own",
        files: { create: files },
        versions: { create: { number: 1, message: "Created", authorId: userId, files } },
      },
      select: summary,
    }),
  );
}

/** The bot's Bot.testServer: "own" (a simulated server of its own) or "shared". */
export async function botTestServer(userId: string, botId: string): Promise<"own" | "shared"> {
  const bot = await db.bot.findFirst({ where: owned(userId, botId), select: { testServer: true } });
  if (!bot) throw new BotNotFoundError();
  return bot.testServer === "own" ? "own" : "shared";
}

/** Which simulated server the bot joins (Bot.testServer); the caller moves it there (lib/simulator). */
export async function setBotTestServer(userId: string, botId: string, testServer: "own" | "shared"): Promise<void> {
  const { count } = await db.bot.updateMany({ where: owned(userId, botId), data: { testServer } });
  if (count === 0) throw new BotNotFoundError();
}

const botQuotaLock = 0x626f; // "bo": one bot-count check at a time per user

/**
 * Runs `work` (which adds a bot to My Bots: create, import, restore) only if the user's plan has
 * room, holding a per-user lock so two requests at the limit cannot both pass the count.
 */
export async function withinBotLimit<T>(
  userId: string,
  work: (tx: Prisma.TransactionClient) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(${botQuotaLock}::int4, hashtext(${userId}))`;
    const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
    const limits = limitsFor(user.plan);
    if (limits.maxBots !== null && (await tx.bot.count({ where: owned(userId) })) >= limits.maxBots) {
      throw new BotLimitError(limits.maxBots, limits.name);
    }
    return work(tx);
  }, busyServerTransaction);
}

const botWriteLock = 0x7376; // "sv": one write of a bot's files or variables at a time

/**
 * Holds the bot's write lock until the transaction ends: saves (and variable changes) of one bot
 * queue up, so a number or a count read after it is still true when the write commits.
 */
export async function lockBotForWrite(tx: Prisma.TransactionClient, botId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${botWriteLock}::int4, hashtext(${botId}))`;
}

/**
 * Saves the editor's files as the bot's current source and as a new immutable version. Saves of
 * one bot are serialised by a per-bot lock held until the save commits: each save becomes its
 * own version, and a save from an editor that opened an older version gets
 * BotVersionConflictError instead of overwriting the newer one.
 */
export async function saveBotFiles(
  userId: string,
  botId: string,
  input: { files: BotFileInput[]; message: string; baseVersion?: number },
) {
  const files = parseBotFiles(input.files);
  try {
    return await db.$transaction(async (tx) => {
      await lockBotForWrite(tx, botId);
      const bot = await tx.bot.findFirst({ where: owned(userId, botId), select: { id: true } });
      if (!bot) throw new BotNotFoundError();
      const latest = await tx.botVersion.findFirst({
        where: { botId },
        orderBy: { number: "desc" },
        select: { number: true },
      });
      if (input.baseVersion !== undefined && latest && latest.number !== input.baseVersion) {
        throw new BotVersionConflictError(latest.number);
      }
      await tx.botFile.deleteMany({ where: { botId } });
      await tx.botFile.createMany({ data: files.map((file) => ({ ...file, botId })) });
      await tx.bot.update({ where: { id: botId }, data: { updatedAt: new Date() } });
      const version = await tx.botVersion.create({
        data: {
          botId,
          number: (latest?.number ?? 0) + 1,
          message: input.message.trim() || "Saved",
          authorId: userId,
          files,
        },
        select: { id: true, number: true, message: true, createdAt: true },
      });
      // History is bounded per plan: the oldest versions beyond the plan's count are dropped.
      const owner = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
      const kept = limitsFor(owner.plan).keptVersions;
      await tx.botVersion.deleteMany({ where: { botId, number: { lte: version.number - kept } } });
      return version;
    }, busyServerTransaction);
  } catch (error) {
    // The lock makes this unreachable; should a writer ever bypass it, the user still gets the
    // conflict, never a unique-constraint error.
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new BotVersionConflictError(await latestNumber(botId));
    }
    throw error;
  }
}

async function latestNumber(botId: string): Promise<number> {
  const latest = await db.botVersion.findFirst({
    where: { botId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  return latest?.number ?? 0;
}

/** How many saved versions the user's plan keeps per bot (shown on the History page). */
export async function keptVersionsFor(userId: string): Promise<number> {
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
  return limitsFor(user.plan).keptVersions;
}

export async function listVersions(userId: string, botId: string) {
  await assertOwnedBot(userId, botId);
  return db.botVersion.findMany({
    where: { botId },
    orderBy: { number: "desc" },
    select: { id: true, number: true, message: true, authorId: true, createdAt: true },
  });
}

export async function latestVersionNumber(userId: string, botId: string): Promise<number> {
  await assertOwnedBot(userId, botId);
  return latestNumber(botId);
}

/** One version with its files; BotNotFoundError when the bot or the version is not the user's. */
export async function getVersion(userId: string, botId: string, number: number) {
  await assertOwnedBot(userId, botId);
  const version = await db.botVersion.findUnique({
    where: { botId_number: { botId, number } },
    select: { id: true, number: true, message: true, authorId: true, createdAt: true, files: true },
  });
  if (!version) throw new BotNotFoundError();
  return { ...version, files: version.files as BotFileInput[] };
}

/** Restoring never rewrites history: the old files become a new version. */
export async function restoreVersion(userId: string, botId: string, number: number) {
  const version = await getVersion(userId, botId, number);
  try {
    return await saveBotFiles(userId, botId, { files: version.files, message: `Restored version ${number}` });
  } catch (error) {
    if (error instanceof BotFilesError) {
      throw new BotFilesError(`Version ${number} cannot be restored: ${error.message}`);
    }
    throw error;
  }
}

export async function updateBotDetails(
  userId: string,
  botId: string,
  details: { name: string; description: string; language: BotLanguage },
) {
  const { count } = await db.bot.updateMany({ where: owned(userId, botId), data: details });
  if (count === 0) throw new BotNotFoundError();
}

/**
 * Delete Bot: the bot leaves My Bots and goes to the archive with its files, versions and
 * settings, stopped. The archive (dashboard issue) restores it or deletes it for good.
 */
export async function archiveBot(userId: string, botId: string, reason = "Deleted by you") {
  const { count } = await db.bot.updateMany({
    where: owned(userId, botId),
    data: { archivedAt: new Date(), archiveReason: reason, desiredState: "stopped" },
  });
  if (count === 0) throw new BotNotFoundError();
}

/**
 * Writes the bot's token columns. A bot connected to Discord also gets a new restartNonce: if it
 * runs, the runner reconnects it with the new token (or stops it when the token is gone), and a
 * stop the runner decided on the old token cannot undo a start made with the new one.
 */
async function writeBotToken(
  userId: string,
  botId: string,
  data: { tokenSealed: string | null; tokenLast4: string | null },
) {
  const [{ count }] = await db.$transaction([
    db.bot.updateMany({ where: owned(userId, botId), data }),
    db.bot.updateMany({
      where: { ...owned(userId, botId), connectTo: "discord" },
      data: { restartNonce: { increment: 1 } },
    }),
  ]);
  if (count === 0) throw new BotNotFoundError();
}

/** Stores the token sealed; answers what the UI may show (the last 4 characters). */
export async function setBotToken(userId: string, botId: string, token: string): Promise<{ masked: string }> {
  const clean = botTokenSchema.parse(token);
  await writeBotToken(userId, botId, {
    tokenSealed: sealToken(clean, tokenKeys().current, sealedFor.botToken(botId)),
    tokenLast4: clean.slice(-4),
  });
  return { masked: maskToken(clean) };
}

export async function removeBotToken(userId: string, botId: string): Promise<void> {
  await writeBotToken(userId, botId, { tokenSealed: null, tokenLast4: null });
}

/** The clear token, for the runner and the Discord check only; never for a response or a log. */
export async function revealBotToken(userId: string, botId: string): Promise<string | null> {
  const bot = await db.bot.findFirst({ where: owned(userId, botId), select: { tokenSealed: true } });
  if (!bot) throw new BotNotFoundError();
  return bot.tokenSealed ? openToken(bot.tokenSealed, tokenKeys().all, sealedFor.botToken(botId)) : null;
}

export interface BotInvite extends BotInviteNeeds {
  /** Discord's "add to server" URL; null until the bot has a token (the URL names its application). */
  url: string | null;
}

/**
 * "Invite to server": the permissions the bot's saved code uses and the URL with them. The
 * application id is read from the token here, on the server; only the id leaves.
 */
export async function getBotInvite(userId: string, botId: string): Promise<BotInvite> {
  const bot = await db.bot.findFirst({
    where: owned(userId, botId),
    select: { language: true, tokenSealed: true, files: { select: { path: true, content: true } } },
  });
  if (!bot) throw new BotNotFoundError();
  const needs = inviteNeeds(bot.files, bot.language as BotLanguage);
  const token = bot.tokenSealed ? openToken(bot.tokenSealed, tokenKeys().all, sealedFor.botToken(botId)) : null;
  const applicationId = token ? applicationIdFromToken(token) : null;
  return { ...needs, url: applicationId ? inviteUrl(applicationId, needs.permissionBits) : null };
}
