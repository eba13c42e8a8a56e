/**
 * Download from the Archive: an archived bot as one JSON document the owner can keep. It holds
 * what the user wrote (details, files, versions, database entries, plain variable values) and
 * never a credential: no bot token, sealed or not, and no secret variable value (only its name).
 */
import { strToU8, Zip, ZipDeflate } from "fflate";

import { BotNotFoundError } from "@/lib/bots/service";
import { db } from "@/lib/db";

export const archiveExportFormat = "cipher.archive.bot/v1";

export interface ArchivedBotExport {
  format: typeof archiveExportFormat;
  exportedAt: string;
  type: "bot";
  bot: {
    id: string;
    name: string;
    description: string;
    language: string;
    templateId: string | null;
    /** Whether a token was set; the token itself is never exported. */
    hadToken: boolean;
    archivedAt: string | null;
    archiveReason: string | null;
    createdAt: string;
    updatedAt: string;
  };
  files: { path: string; content: string }[];
  versions: { number: number; message: string; createdAt: string; files: unknown }[];
  /** Secret variables keep their name only. */
  envVars: ({ key: string; secret: false; value: string } | { key: string; secret: true })[];
  kv: { key: string; value: unknown; updatedAt: string }[];
}

/** The user's archived bots among `botIds`, exported; ids that are not theirs are left out. */
export async function exportArchivedBots(userId: string, botIds: string[], now = new Date()) {
  const bots = await db.bot.findMany({
    where: { userId, archivedAt: { not: null }, id: { in: botIds } },
    orderBy: { archivedAt: "desc" },
    // A narrow select: tokenSealed is never read, so it cannot leak into an export.
    select: {
      id: true,
      name: true,
      description: true,
      language: true,
      templateId: true,
      tokenLast4: true,
      archivedAt: true,
      archiveReason: true,
      createdAt: true,
      updatedAt: true,
      files: { select: { path: true, content: true }, orderBy: { path: "asc" } },
      versions: { select: { number: true, message: true, createdAt: true, files: true }, orderBy: { number: "asc" } },
      envVars: { select: { key: true, value: true, secret: true }, orderBy: { key: "asc" } },
      kv: { select: { key: true, value: true, updatedAt: true }, orderBy: { key: "asc" } },
    },
  });
  return bots.map((bot): ArchivedBotExport => ({
    format: archiveExportFormat,
    exportedAt: now.toISOString(),
    type: "bot",
    bot: {
      id: bot.id,
      name: bot.name,
      description: bot.description,
      language: bot.language,
      templateId: bot.templateId,
      hadToken: bot.tokenLast4 !== null,
      archivedAt: bot.archivedAt?.toISOString() ?? null,
      archiveReason: bot.archiveReason,
      createdAt: bot.createdAt.toISOString(),
      updatedAt: bot.updatedAt.toISOString(),
    },
    files: bot.files,
    versions: bot.versions.map((version) => ({ ...version, createdAt: version.createdAt.toISOString() })),
    envVars: bot.envVars.map((variable) =>
      variable.secret
        ? { key: variable.key, secret: true as const }
        : { key: variable.key, secret: false as const, value: variable.value },
    ),
    kv: bot.kv.map((entry) => ({ ...entry, updatedAt: entry.updatedAt.toISOString() })),
  }));
}

export async function exportArchivedBot(userId: string, botId: string, now = new Date()): Promise<ArchivedBotExport> {
  const [exported] = await exportArchivedBots(userId, [botId], now);
  if (!exported) throw new BotNotFoundError();
  return exported;
}

/** A file name that is safe in a Content-Disposition header and on every file system. */
export function exportFileName(name: string, id: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[^\w\s-]/g, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "-")
    .slice(0, 60);
  return `${slug || "bot"}-${id.slice(-8)}.json`;
}

export function exportJson(exported: ArchivedBotExport): string {
  return `${JSON.stringify(exported, null, 2)}\n`;
}

/** The user's archived items among `botIds` (newest archived first); ids not theirs are left out. */
export async function archivedBotIds(userId: string, botIds: string[]): Promise<string[]> {
  const bots = await db.bot.findMany({
    where: { userId, archivedAt: { not: null }, id: { in: botIds } },
    orderBy: { archivedAt: "desc" },
    select: { id: true },
  });
  return bots.map((bot) => bot.id);
}

/**
 * Bulk Download: one JSON file per item in a zip, built as the client reads it. One bot is
 * loaded and compressed at a time, only when the reader wants more, so a download of many large
 * bots holds one bot in memory rather than all of them and the whole zip.
 */
export function zipExportStream(userId: string, botIds: string[], now = new Date()): ReadableStream<Uint8Array> {
  const pending: Uint8Array[] = [];
  let failure: Error | null = null;
  let done = false;
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error;
    else pending.push(chunk);
    if (final) done = true;
  });
  let next = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        // Compress bots until there is something to hand over (an item deleted meanwhile is skipped).
        while (pending.length === 0 && !done && !failure) {
          const id = botIds[next];
          next += 1;
          if (id === undefined) {
            zip.end();
            break;
          }
          const [exported] = await exportArchivedBots(userId, [id], now);
          if (!exported) continue;
          const file = new ZipDeflate(exportFileName(exported.bot.name, exported.bot.id), { level: 6 });
          zip.add(file);
          file.push(strToU8(exportJson(exported)), true);
        }
        if (failure) return controller.error(failure);
        const chunk = pending.shift();
        if (chunk) controller.enqueue(chunk);
        if (pending.length === 0 && done) controller.close();
      },
      cancel() {
        zip.terminate();
      },
    },
    { highWaterMark: 0 },
  );
}
