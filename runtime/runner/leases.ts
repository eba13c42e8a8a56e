/**
 * Which runner runs which bot: one BotLease row per bot, claimed with SELECT … FOR UPDATE SKIP
 * LOCKED, renewed by its holder's heartbeat and taken over by another runner once it expires.
 * Every claim bumps `generation`; a holder whose renewal no longer matches (expired and taken,
 * or renewed too late) has lost the bot and must end its copy at once. All times are the
 * database's clock, so runners on different hosts need not agree on the time.
 */
import { db } from "@/lib/db";

export interface Lease {
  runnerName: string;
  generation: number;
}

export interface LeaseOptions {
  runnerName: string;
  /** How long a claim or renewal holds without another renewal. */
  ttlMs: number;
  /** Most bots this runner holds. */
  capacity: number;
}

/** Bots that need a runner: wanted running, or left in an active status by a runner that died. */
const needsRunner = `((b."desiredState" = 'running' AND b."archivedAt" IS NULL)
  OR b."status" IN ('starting', 'running', 'stopping', 'restarting'))`;

/** Fair share when `live` runners (this one included) split `wanted` bots: a little slack so one slow claim does not leave bots unclaimed. */
export function fairShare(wanted: number, live: number, capacity: number): number {
  return Math.min(capacity, Math.ceil(wanted / Math.max(1, live)) + 1);
}

export class LeaseTable {
  private readonly held = new Map<string, number>();
  private lastRenewStart = Date.now();
  private adopted = false;

  constructor(private readonly options: LeaseOptions) {}

  get size(): number {
    return this.held.size;
  }

  ids(): string[] {
    return [...this.held.keys()];
  }

  get(botId: string): Lease | null {
    const generation = this.held.get(botId);
    return generation === undefined ? null : { runnerName: this.options.runnerName, generation };
  }

  /**
   * Claims bots without a live lease, up to this runner's fair share. On its first claim a
   * runner also takes back leases under its own name (it restarted: those bots are its own and
   * their processes ended with it), instead of waiting for them to expire.
   */
  async claim(): Promise<string[]> {
    const { runnerName, ttlMs, capacity } = this.options;
    const adoptOwn = !this.adopted;
    const live = await db.$queryRawUnsafe<{ wanted: bigint; live: bigint }[]>(
      `SELECT (SELECT count(*) FROM "Bot" b WHERE b."desiredState" = 'running' AND b."archivedAt" IS NULL) AS wanted,
              (SELECT count(*) FROM "RunnerHost" h WHERE h."draining" = false
                 AND (h."name" = $1 OR h."heartbeatAt" > (now() AT TIME ZONE 'UTC') - make_interval(secs => $2))) AS live`,
      runnerName,
      ttlMs / 1000,
    );
    const share = fairShare(Number(live[0]?.wanted ?? 0), Number(live[0]?.live ?? 1) || 1, capacity);
    const room = share - this.held.size;
    if (room <= 0) return [];
    const heldIds = this.ids();
    const claimed = await db.$transaction(async (tx) => {
      const free = await tx.$queryRawUnsafe<{ id: string }[]>(
        `SELECT b."id" FROM "Bot" b LEFT JOIN "BotLease" l ON l."botId" = b."id"
          WHERE ${needsRunner}
            AND (l."botId" IS NULL OR l."expiresAt" <= (now() AT TIME ZONE 'UTC') OR ($4 AND l."runnerName" = $1))
            AND NOT (b."id" = ANY($3::text[]))
          ORDER BY b."createdAt"
          LIMIT $2
          FOR UPDATE OF b SKIP LOCKED`,
        runnerName,
        room,
        heldIds,
        adoptOwn,
      );
      if (!free.length) return [];
      return tx.$queryRawUnsafe<{ botId: string; generation: number }[]>(
        `INSERT INTO "BotLease" ("botId", "runnerName", "generation", "expiresAt", "updatedAt")
         SELECT id, $1, 1, (now() AT TIME ZONE 'UTC') + make_interval(secs => $2), (now() AT TIME ZONE 'UTC') FROM unnest($3::text[]) AS id
         ON CONFLICT ("botId") DO UPDATE
           SET "runnerName" = $1, "generation" = "BotLease"."generation" + 1,
               "expiresAt" = EXCLUDED."expiresAt", "updatedAt" = (now() AT TIME ZONE 'UTC')
           WHERE "BotLease"."expiresAt" <= (now() AT TIME ZONE 'UTC') OR ($4 AND "BotLease"."runnerName" = $1)
         RETURNING "botId", "generation"`,
        runnerName,
        ttlMs / 1000,
        free.map((row) => row.id),
        adoptOwn,
      );
    });
    this.adopted = true;
    for (const row of claimed) this.held.set(row.botId, row.generation);
    return claimed.map((row) => row.botId);
  }

  /**
   * Renews every held lease. Returns the bots whose lease is gone (taken by another runner,
   * or the bot deleted). Throws when the database cannot be reached; see `mustFence`.
   */
  async renew(): Promise<string[]> {
    const started = Date.now();
    const ids = this.ids();
    if (!ids.length) {
      this.lastRenewStart = started;
      return [];
    }
    const generations = ids.map((id) => this.held.get(id)!);
    const renewed = await db.$queryRawUnsafe<{ botId: string }[]>(
      `UPDATE "BotLease" l SET "expiresAt" = (now() AT TIME ZONE 'UTC') + make_interval(secs => $2), "updatedAt" = (now() AT TIME ZONE 'UTC')
         FROM unnest($3::text[], $4::int[]) AS h(id, generation)
        WHERE l."botId" = h.id AND l."generation" = h.generation AND l."runnerName" = $1
        RETURNING l."botId"`,
      this.options.runnerName,
      this.options.ttlMs / 1000,
      ids,
      generations,
    );
    this.lastRenewStart = started;
    const kept = new Set(renewed.map((row) => row.botId));
    const lost = ids.filter((id) => !kept.has(id));
    for (const id of lost) this.held.delete(id);
    return lost;
  }

  /**
   * True when the last successful renewal is so old that the leases may expire before the next
   * one lands: the runner must end its copies itself, since another runner may claim them.
   */
  mustFence(now = Date.now(), marginMs = 1000): boolean {
    return this.held.size > 0 && now - this.lastRenewStart >= this.options.ttlMs - marginMs;
  }

  /** Hands bots back at once (their processes have ended): any runner may claim them now. */
  async release(ids: string[]): Promise<void> {
    const mine = ids.filter((id) => this.held.has(id));
    if (!mine.length) return;
    const generations = mine.map((id) => this.held.get(id)!);
    for (const id of mine) this.held.delete(id);
    await db.$executeRawUnsafe(
      `UPDATE "BotLease" l SET "expiresAt" = (now() AT TIME ZONE 'UTC'), "updatedAt" = (now() AT TIME ZONE 'UTC')
         FROM unnest($2::text[], $3::int[]) AS h(id, generation)
        WHERE l."botId" = h.id AND l."generation" = h.generation AND l."runnerName" = $1`,
      this.options.runnerName,
      mine,
      generations,
    );
  }

  /** Forgets bots locally (lost, or their row is gone). */
  forget(ids: string[]): void {
    for (const id of ids) this.held.delete(id);
  }
}
