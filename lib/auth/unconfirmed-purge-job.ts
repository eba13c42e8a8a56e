/**
 * The scheduled purge of accounts left unconfirmed for 48 hours (lib/auth/unconfirmed.ts), a
 * pg-boss queue on the process's job runner (the one lib/archive/purge-job.ts starts), so each
 * tick runs once however many web processes there are. Started from instrumentation.ts.
 */
import type PgBoss from "pg-boss";

import { purgeUnconfirmedAccounts } from "./unconfirmed";

export const unconfirmedPurgeQueue = "unconfirmed-account-purge";
/** Hourly: an unconfirmed account goes within the hour after its 48 hours. */
export const unconfirmedPurgeCron = "23 * * * *";

export async function scheduleUnconfirmedAccountPurge(
  boss: PgBoss,
  options: { pollingIntervalSeconds?: number; schedule?: boolean } = {},
): Promise<void> {
  await boss.createQueue(unconfirmedPurgeQueue, { name: unconfirmedPurgeQueue, policy: "singleton", retryLimit: 3 });
  if (options.schedule ?? true) await boss.schedule(unconfirmedPurgeQueue, unconfirmedPurgeCron);
  await boss.work(unconfirmedPurgeQueue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 30 }, async () => {
    const purged = await purgeUnconfirmedAccounts(new Date());
    if (purged) console.log(`[auth] purged ${purged} account(s) left unconfirmed for 48 hours`);
    return { purged };
  });
}
