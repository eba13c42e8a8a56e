/**
 * The Archive: what a user deleted, kept for 30 days so it can be downloaded or restored, then
 * purged. Every function taking a `userId` touches only that user's rows: another user's item id
 * behaves exactly like one that does not exist. Only `purgeExpiredArchives` (the scheduled job)
 * works across users.
 *
 * Today every item is an archived Bot (`Bot.archivedAt` set by lib/bots/service.ts archiveBot).
 * The item type is a union on purpose: "config" and "backup" are already in the filter, and a
 * later backup source only has to produce `ArchiveItem`s of its type in `listArchive` (and its own
 * restore/export/purge branches keyed on `type`).
 */
import { recordAudit } from "@/lib/audit/service";
import { filePathClash } from "@/lib/bots/file-paths";
import { BotFilesError, BotLimitError, BotNotFoundError, withinBotLimit } from "@/lib/bots/service";
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { notify } from "@/lib/notifications/service";

export const archiveItemTypes = ["bot", "config", "backup"] as const;
export type ArchiveItemType = (typeof archiveItemTypes)[number];
export type ArchiveTypeFilter = "all" | ArchiveItemType;

/** Items are purged this many days after they were archived. */
export const archiveRetentionDays = 30;
/** The owner is told this many days before an item is purged. */
export const archiveExpiryNoticeDays = 3;

const dayMs = 24 * 60 * 60 * 1000;

export interface ArchiveItem {
  id: string;
  type: ArchiveItemType;
  name: string;
  reason: string;
  archivedAt: Date;
  /** When the scheduled job deletes it for good. */
  expiresAt: Date;
  /** Bytes of what the item holds (source files, versions, database values, variables). */
  sizeBytes: number;
  restorable: boolean;
}

export interface ArchiveSummary {
  items: number;
  bots: number;
  totalBytes: number;
  restorable: number;
  oldestArchivedAt: Date | null;
  /** Items the job deletes within `archiveExpiryNoticeDays`. */
  expiringSoon: number;
}

/** The archive is scoped to archived bots of one user. */
function archivedBot(userId: string, botId?: string) {
  return { userId, archivedAt: { not: null }, ...(botId ? { id: botId } : {}) };
}

type ArchivedBotRow = { id: string; name: string; archiveReason: string | null; archivedAt: Date; size: bigint };

/**
 * One statement for the whole list: each bot's size is summed by correlated subqueries over its
 * files, versions (the stored JSON text), key-value entries and environment variables.
 */
function archivedBotsWithSize(userId: string, search: string) {
  const query = search.trim().toLowerCase();
  return db.$queryRaw<ArchivedBotRow[]>(Prisma.sql`
    SELECT b."id", b."name", b."archiveReason", b."archivedAt",
      (
        octet_length(b."name") + octet_length(b."description")
        + COALESCE((SELECT SUM(octet_length(f."path") + octet_length(f."content"))
                    FROM "BotFile" f WHERE f."botId" = b."id"), 0)
        + COALESCE((SELECT SUM(octet_length(v."message") + octet_length(v."files"::text))
                    FROM "BotVersion" v WHERE v."botId" = b."id"), 0)
        + COALESCE((SELECT SUM(octet_length(k."key") + k."size")
                    FROM "BotKvEntry" k WHERE k."botId" = b."id"), 0)
        + COALESCE((SELECT SUM(octet_length(e."key") + octet_length(e."value"))
                    FROM "BotEnvVar" e WHERE e."botId" = b."id"), 0)
      )::bigint AS "size"
    FROM "Bot" b
    WHERE b."userId" = ${userId} AND b."archivedAt" IS NOT NULL
      AND (${query} = '' OR strpos(lower(b."name"), ${query}) > 0)
    ORDER BY b."archivedAt" DESC, b."id" ASC`);
}

function toItem(row: ArchivedBotRow): ArchiveItem {
  return {
    id: row.id,
    type: "bot",
    name: row.name,
    reason: row.archiveReason ?? "Deleted",
    archivedAt: row.archivedAt,
    expiresAt: new Date(row.archivedAt.getTime() + archiveRetentionDays * dayMs),
    sizeBytes: Number(row.size),
    restorable: true,
  };
}

/** The user's archived items, newest first, filtered by name (case-insensitive) and type. */
export async function listArchive(
  userId: string,
  { search = "", type = "all" }: { search?: string; type?: ArchiveTypeFilter } = {},
): Promise<ArchiveItem[]> {
  // Only bots are archived today; a "config" or "backup" filter has nothing to show yet.
  if (type !== "all" && type !== "bot") return [];
  return (await archivedBotsWithSize(userId, search)).map(toItem);
}

/** The summary cards, over the whole archive (not the current search). */
export function summarizeArchive(items: ArchiveItem[], now = new Date()): ArchiveSummary {
  const soon = now.getTime() + archiveExpiryNoticeDays * dayMs;
  return {
    items: items.length,
    bots: items.filter((item) => item.type === "bot").length,
    totalBytes: items.reduce((total, item) => total + item.sizeBytes, 0),
    restorable: items.filter((item) => item.restorable).length,
    oldestArchivedAt: items.reduce<Date | null>(
      (oldest, item) => (!oldest || item.archivedAt < oldest ? item.archivedAt : oldest),
      null,
    ),
    expiringSoon: items.filter((item) => item.expiresAt.getTime() <= soon).length,
  };
}

export async function getArchiveSummary(userId: string, now = new Date()): Promise<ArchiveSummary> {
  return summarizeArchive(await listArchive(userId), now);
}

/**
 * Brings an archived bot back to My Bots (stopped, as it was archived). Counts against the plan's
 * bot limit like a new bot, so the archive is no way around it. A bot whose files could not all
 * be written to a disk (saved before that rule) stays archived, with the two paths named.
 */
export async function restoreArchivedBot(userId: string, botId: string): Promise<{ id: string; name: string }> {
  const bot = await db.bot.findFirst({
    where: archivedBot(userId, botId),
    select: { id: true, name: true, files: { select: { path: true }, orderBy: { path: "asc" } } },
  });
  if (!bot) throw new BotNotFoundError();
  const clash = filePathClash(bot.files.map((file) => file.path));
  if (clash !== null) {
    throw new BotFilesError(
      `${bot.name} cannot be restored: ${clash} Download it from the Archive, rename the file and import it again.`,
    );
  }
  const { count } = await withinBotLimit(userId, (tx) =>
    tx.bot.updateMany({ where: archivedBot(userId, botId), data: { archivedAt: null, archiveReason: null } }),
  );
  // Purged or restored by another request in between.
  if (count === 0) throw new BotNotFoundError();
  await recordAudit(userId, "bot.restored", { type: "bot", id: bot.id, label: bot.name });
  return { id: bot.id, name: bot.name };
}

export interface BulkRestoreResult {
  restored: { id: string; name: string }[];
  /** Ids that were not (or no longer) in the user's archive. */
  missing: string[];
  /** Set when the plan limit stopped the restore; the remaining ids stay archived. */
  limitError: BotLimitError | null;
  /** The first bot left archived because its files cannot be written to a disk. */
  filesError: BotFilesError | null;
}

/** Restores in the order given until the plan limit is reached. */
export async function restoreArchivedBots(userId: string, botIds: string[]): Promise<BulkRestoreResult> {
  const result: BulkRestoreResult = { restored: [], missing: [], limitError: null, filesError: null };
  for (const botId of new Set(botIds)) {
    try {
      result.restored.push(await restoreArchivedBot(userId, botId));
    } catch (error) {
      if (error instanceof BotNotFoundError) result.missing.push(botId);
      else if (error instanceof BotFilesError) result.filesError ??= error;
      else if (error instanceof BotLimitError) {
        result.limitError = error;
        break;
      } else throw error;
    }
  }
  return result;
}

/** Delete forever: the bot and (by cascade) its files, versions, variables and database. */
export async function purgeArchivedBot(userId: string, botId: string): Promise<{ id: string; name: string }> {
  const bot = await db.bot.findFirst({ where: archivedBot(userId, botId), select: { id: true, name: true } });
  if (!bot) throw new BotNotFoundError();
  const { count } = await db.bot.deleteMany({ where: archivedBot(userId, botId) });
  if (count === 0) throw new BotNotFoundError();
  await recordAudit(userId, "bot.purged", { type: "bot", id: bot.id, label: bot.name });
  return bot;
}

/** Clean Archive: deletes the user's items archived more than `olderThanDays` days ago. */
export async function cleanArchive(
  userId: string,
  olderThanDays = archiveRetentionDays,
  now = new Date(),
): Promise<{ purged: number }> {
  const cutoff = new Date(now.getTime() - olderThanDays * dayMs);
  const where = { userId, archivedAt: { not: null, lt: cutoff } };
  const bots = await db.bot.findMany({ where, select: { id: true, name: true } });
  if (bots.length === 0) return { purged: 0 };
  const { count } = await db.bot.deleteMany({ where: { ...where, id: { in: bots.map((bot) => bot.id) } } });
  for (const bot of bots) await recordAudit(userId, "bot.purged", { type: "bot", id: bot.id, label: bot.name });
  return { purged: count };
}

/** The bell's link for an item; also how the job knows it already warned about that item. */
export function archiveItemHref(itemId: string): string {
  return `/dashboard/archive#archive-item-${itemId}`;
}

/**
 * The scheduled job: deletes every user's items older than the retention period, and warns each
 * owner once about items that will be deleted within `archiveExpiryNoticeDays`. The warning is
 * "once" because an `archive_expiring` notification with the item's href is the record of it.
 */
export async function purgeExpiredArchives(now = new Date()): Promise<{ purged: number; notified: number }> {
  const cutoff = new Date(now.getTime() - archiveRetentionDays * dayMs);
  const { count: purged } = await db.bot.deleteMany({ where: { archivedAt: { not: null, lt: cutoff } } });

  const warnBefore = new Date(cutoff.getTime() + archiveExpiryNoticeDays * dayMs);
  const expiring = await db.bot.findMany({
    where: { archivedAt: { gte: cutoff, lt: warnBefore } },
    select: { id: true, userId: true, name: true, archivedAt: true },
  });
  if (expiring.length === 0) return { purged, notified: 0 };
  const warned = await db.notification.findMany({
    where: { kind: "archive_expiring", href: { in: expiring.map((bot) => archiveItemHref(bot.id)) } },
    select: { userId: true, href: true },
  });
  const already = new Set(warned.map((row) => `${row.userId} ${row.href}`));
  let notified = 0;
  for (const bot of expiring) {
    const href = archiveItemHref(bot.id);
    if (already.has(`${bot.userId} ${href}`)) continue;
    const expiresAt = new Date(bot.archivedAt!.getTime() + archiveRetentionDays * dayMs);
    const days = Math.max(Math.ceil((expiresAt.getTime() - now.getTime()) / dayMs), 1);
    await notify(bot.userId, {
      kind: "archive_expiring",
      title: `${bot.name} will be deleted for good ${days === 1 ? "within a day" : `in ${days} days`}`,
      body: "Restore or download it from the Archive to keep it.",
      href,
    });
    notified++;
  }
  return { purged, notified };
}
