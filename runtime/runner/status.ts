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
  /** Also set desiredState to stopped (crash loop, missing token), unless the user changed it meanwhile. */
  stopDesired?: boolean;
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
    await db.$transaction(async (tx) => {
      const where = { id: botId, lease: { is: { runnerName: lease.runnerName, generation: lease.generation } } };
      const { count } = await tx.bot.updateMany({ where, data });
      if (!count) return;
      if (change.stopDesired)
        await tx.bot.updateMany({ where: { ...where, desiredState: "running" }, data: { desiredState: "stopped" } });
      await tx.botStatusEvent.create({ data: { botId, status: change.status, reason: change.reason, exitCode } });
    });
    return;
  }
  try {
    await db.$transaction([
      db.bot.updateMany({ where: { id: botId }, data }),
      ...(change.stopDesired
        ? [db.bot.updateMany({ where: { id: botId, desiredState: "running" }, data: { desiredState: "stopped" } })]
        : []),
      db.botStatusEvent.create({ data: { botId, status: change.status, reason: change.reason, exitCode } }),
    ]);
  } catch (error) {
    // The bot may have been deleted meanwhile (the event's foreign key fails): nothing to record.
    if (!(await db.bot.count({ where: { id: botId } }))) return;
    throw error;
  }
}
