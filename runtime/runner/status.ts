/**
 * The runner's writes to Bot: only its own columns (status, statusReason, statusChangedAt,
 * exitCode, startedAt), never desiredState except through `stopDesired`, plus a BotStatusEvent.
 */
import { db } from "@/lib/db";

import type { Lease } from "./leases";

export type BotStatus = "stopped" | "starting" | "running" | "stopping" | "restarting" | "crashed";

export interface StatusChange {
  status: BotStatus;
  reason: string;
  exitCode?: number | null;
  startedAt?: Date | null;
  /**
   * Also set desiredState to stopped (crash loop, missing token), unless the user changed it
   * meanwhile: only while it is still running with the restartNonce the runner acted on, so a
   * Start or Restart pressed after (say, with the token just added) is not undone.
   */
  stopDesired?: { restartNonce: number };
}

/**
 * With `lease`, the row is written only while that lease (runner and generation) still holds
 * it, so a runner that lost the bot to another can never overwrite the new holder's status.
 */
export async function writeStatus(botId: string, change: StatusChange, lease?: Lease): Promise<void> {
  const exitCode = change.exitCode ?? null;
  const data = {
    status: change.status,
    statusReason: change.reason,
    statusChangedAt: new Date(),
    exitCode,
    ...(change.startedAt !== undefined ? { startedAt: change.startedAt } : {}),
  };
  if (lease) {
    // One statement, not an interactive transaction: a hundred bots turning "running" at once
    // queued a hundred transactions for the pool and some gave up waiting (P2028).
    const now = data.statusChangedAt;
    const setStarted = change.startedAt !== undefined;
    await db.$executeRaw`
      WITH updated AS (
        UPDATE "Bot" AS b SET
          status = ${change.status}::text,
          "statusReason" = ${change.reason}::text,
          "statusChangedAt" = ${now}::timestamp(3),
          "exitCode" = ${exitCode}::int,
          "startedAt" = CASE WHEN ${setStarted}::boolean THEN ${change.startedAt ?? null}::timestamp(3) ELSE b."startedAt" END,
          "desiredState" = CASE WHEN b."desiredState" = 'running'
            AND b."restartNonce" = ${change.stopDesired?.restartNonce ?? null}::int
            THEN 'stopped' ELSE b."desiredState" END,
          "updatedAt" = ${now}::timestamp(3)
        FROM "BotLease" AS l
        WHERE b.id = ${botId} AND l."botId" = b.id
          AND l."runnerName" = ${lease.runnerName} AND l.generation = ${lease.generation}::int
        RETURNING b.id
      )
      INSERT INTO "BotStatusEvent" ("botId", status, reason, "exitCode", "createdAt")
      SELECT id, ${change.status}::text, ${change.reason}::text, ${exitCode}::int, ${now}::timestamp(3) FROM updated`;
    return;
  }
  try {
    await db.$transaction([
      db.bot.updateMany({ where: { id: botId }, data }),
      ...(change.stopDesired
        ? [
            db.bot.updateMany({
              where: { id: botId, desiredState: "running", restartNonce: change.stopDesired.restartNonce },
              data: { desiredState: "stopped" },
            }),
          ]
        : []),
      db.botStatusEvent.create({ data: { botId, status: change.status, reason: change.reason, exitCode } }),
    ]);
  } catch (error) {
    // The bot may have been deleted meanwhile (the event's foreign key fails): nothing to record.
    if (!(await db.bot.count({ where: { id: botId } }))) return;
    throw error;
  }
}
