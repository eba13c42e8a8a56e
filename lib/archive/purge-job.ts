/**
 * The scheduled archive purge, run by pg-boss (a job queue kept in PostgreSQL, schema `pgboss`).
 *
 * Why pg-boss: the cron schedule and the job are stored in the database, so with several web
 * processes each tick runs once, a missed tick after downtime still runs, and failures retry.
 * Checked on this stack (pg-boss 10.4, pg 8.23): against PostgreSQL 15 and against the embedded
 * PGlite served by pglite-socket, with the app's own pool of 1 hammering the socket at the same
 * time (25k parameterised queries in 15 s, 0 errors either side). It needs no LISTEN/NOTIFY (it
 * polls), and it gets a pool of exactly one connection here: pglite-socket serialises connections
 * and keeps a transaction's statements together, but PGlite is one session, so fewer is safer.
 *
 * Started from instrumentation.ts (Next's `register()`), once per server process.
 */
import PgBoss from "pg-boss";

import { env } from "@/lib/env";

import { purgeExpiredArchives } from "./service";

export const archivePurgeQueue = "archive-purge";
/** Hourly: items go within the hour after their 30 days, and the 3-day warning goes out promptly. */
export const archivePurgeCron = "7 * * * *";

export interface ArchivePurgeJob {
  boss: PgBoss;
  stop(): Promise<void>;
}

/** Creates the queue, the hourly schedule and the worker on `connectionString`. */
export async function createArchivePurgeJob(
  connectionString: string,
  options: { pollingIntervalSeconds?: number; schedule?: boolean } = {},
): Promise<ArchivePurgeJob> {
  const boss = new PgBoss({
    connectionString,
    max: 1,
    application_name: "cipher-archive-purge",
    schedule: options.schedule ?? true,
  });
  boss.on("error", (error: unknown) => console.error("[archive-purge] pg-boss error", error));
  await boss.start();
  // singleton: at most one purge queued or running, however many processes enqueue.
  await boss.createQueue(archivePurgeQueue, { name: archivePurgeQueue, policy: "singleton", retryLimit: 3 });
  if (options.schedule ?? true) await boss.schedule(archivePurgeQueue, archivePurgeCron);
  await boss.work(archivePurgeQueue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    const result = await purgeExpiredArchives(new Date());
    if (result.purged || result.notified) {
      console.log(`[archive-purge] purged ${result.purged} item(s), warned about ${result.notified}`);
    }
    return result;
  });
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}

const globalForJob = globalThis as unknown as { cipherArchivePurge?: Promise<ArchivePurgeJob | null> };

/**
 * Starts the job once per process (dev hot reloads re-run instrumentation). Without a database
 * URL (e.g. a build without one) it does nothing; a failure is logged and never stops the app.
 */
export function startArchivePurgeJob(): Promise<ArchivePurgeJob | null> {
  const url = env.DATABASE_URL;
  if (!url) return Promise.resolve(null);
  globalForJob.cipherArchivePurge ??= createArchivePurgeJob(url).catch((error: unknown) => {
    console.error("[archive-purge] could not start; archived items will not be purged automatically", error);
    globalForJob.cipherArchivePurge = undefined;
    return null;
  });
  return globalForJob.cipherArchivePurge;
}
