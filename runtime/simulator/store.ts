/**
 * Worlds in memory, loaded from SimulatorWorld on first use (or created with the defaults) and
 * saved at most every 2 s after a change, and on close. A world nobody has used for a while is
 * saved and leaves memory (evictIdle); it is loaded again on its next use.
 *
 * A save that fails keeps the world in memory (the database keeps the last good one), is logged
 * and reported by saveStatus() (the control API's /health), and is retried with backoff until
 * it succeeds; later changes ride on the retry, so none is dropped.
 */
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

import { isScratchWorld } from "./bots";
import { storableCopy } from "./storable";
import { defaultWorld, type WorldState } from "./world";

// Persistence is not on any latency path; at most one save every 2 s per world keeps a busy
// world (hundreds of messages a second) from writing its whole JSON document several times a second.
const saveDelayMs = 2_000;
/** Retries of a failed save: 2 s, doubling, at most 60 s apart. */
const retryMaxMs = 60_000;

interface SaveFailure {
  since: string;
  attempts: number;
  /** What went wrong, without the world's content (Prisma's code, or the error's name). */
  reason: string;
}

export interface SaveStatus {
  /** Worlds whose latest changes are not saved yet (each is retried). */
  failingWorlds: number;
  since: string;
  reason: string;
}

export class WorldStore {
  private readonly worlds = new Map<string, WorldState>();
  private readonly loading = new Map<string, Promise<WorldState>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly saving = new Set<Promise<void>>();
  /** When each loaded world was last asked for. */
  private readonly usedAt = new Map<string, number>();
  private readonly failures = new Map<string, SaveFailure>();

  /**
   * `persist`: load from and save to SimulatorWorld. Scratch worlds (a proof's, `proof-…`) never
   * are: they live in memory until dropped or idle.
   */
  constructor(private readonly persist: boolean) {}

  private persisted(userId: string): boolean {
    return this.persist && !isScratchWorld(userId);
  }

  /** Forgets a world without saving it (a scratch world whose proof is over). */
  drop(userId: string): void {
    this.forget(userId);
  }

  /** The user's world, loaded or created on first use. */
  async get(userId: string): Promise<WorldState> {
    this.usedAt.set(userId, Date.now());
    const loaded = this.worlds.get(userId);
    if (loaded) return loaded;
    let pending = this.loading.get(userId);
    if (!pending) {
      pending = this.load(userId).finally(() => this.loading.delete(userId));
      this.loading.set(userId, pending);
    }
    return pending;
  }

  /** Already-loaded worlds (for routing gateway dispatches). */
  /** The world if it is in memory (a dispatch's world always is), without loading it. */
  peek(userId: string): WorldState | undefined {
    return this.worlds.get(userId);
  }

  loaded(): IterableIterator<[string, WorldState]> {
    return this.worlds.entries();
  }

  replace(userId: string, world: WorldState): void {
    this.worlds.set(userId, world);
    this.changed(userId);
  }

  /** Marks the world dirty: it is saved shortly (or with the pending retry of a failed save). */
  changed(userId: string): void {
    if (!this.persisted(userId) || this.timers.has(userId)) return;
    this.schedule(userId, saveDelayMs);
  }

  /** Saves that are failing right now, for /health; null when every world is saved. */
  saveStatus(): SaveStatus | null {
    if (this.failures.size === 0) return null;
    const oldest = [...this.failures.values()].sort((a, b) => a.since.localeCompare(b.since))[0]!;
    const latest = [...this.failures.values()].at(-1)!;
    return { failingWorlds: this.failures.size, since: oldest.since, reason: latest.reason };
  }

  private schedule(userId: string, delayMs: number): void {
    const timer = setTimeout(() => {
      this.timers.delete(userId);
      this.track(this.save(userId).then(() => undefined));
    }, delayMs);
    timer.unref();
    this.timers.set(userId, timer);
  }

  /** How many worlds are in memory. */
  get size(): number {
    return this.worlds.size;
  }

  /**
   * Saves and drops from memory the worlds not asked for within idleMs that `inUse` does not
   * claim (gateway sessions, event streams). Only with persistence: otherwise memory is all
   * a world has. Returns how many left.
   */
  async evictIdle(idleMs: number, inUse: (userId: string) => boolean, now = Date.now()): Promise<number> {
    if (!this.persist) return 0;
    let evicted = 0;
    for (const userId of [...this.worlds.keys()]) {
      if (now - (this.usedAt.get(userId) ?? 0) < idleMs || inUse(userId) || this.loading.has(userId)) continue;
      const timer = this.timers.get(userId);
      if (timer) {
        clearTimeout(timer);
        this.timers.delete(userId);
      }
      // A world whose save failed stays in memory: it holds the only copy of its latest changes.
      if (!(await this.save(userId))) continue;
      // Asked for again (or changed) while saving: it stays.
      if (Date.now() - (this.usedAt.get(userId) ?? 0) < idleMs || this.timers.has(userId)) continue;
      this.worlds.delete(userId);
      this.usedAt.delete(userId);
      evicted += 1;
    }
    return evicted;
  }

  /** Saves every pending change now. */
  async flush(): Promise<void> {
    for (const [userId, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(userId);
      this.track(this.save(userId).then(() => undefined));
    }
    await Promise.all([...this.saving]);
  }

  private track(promise: Promise<void>): void {
    this.saving.add(promise);
    void promise.finally(() => this.saving.delete(promise)).catch(() => undefined);
  }

  private async load(userId: string): Promise<WorldState> {
    let world: WorldState | undefined;
    if (this.persisted(userId)) {
      const row = await db.simulatorWorld.findUnique({ where: { userId }, select: { state: true } });
      const state = row?.state as unknown as WorldState | undefined;
      if (state && state.version === 1) world = state;
    }
    const existing = this.worlds.get(userId);
    if (existing) return existing;
    const created = !world;
    world ??= defaultWorld(userId);
    this.worlds.set(userId, world);
    if (created) this.changed(userId);
    return world;
  }

  /** Saves the world as it is now; false (logged, reported, retried) when that fails. */
  private async save(userId: string): Promise<boolean> {
    const world = this.worlds.get(userId);
    // A scratch world has nowhere to go: evicting it just forgets it.
    if (!world || !this.persisted(userId)) return true;
    try {
      const { value, repaired } = storableCopy(world);
      if (repaired.length) {
        // Input is checked where it enters (http.ts, input.ts); reaching here is a bug, so it is
        // logged, and the rest of the world is saved rather than nothing.
        console.error(
          `[simulator] the world of user ${userId} held values PostgreSQL cannot store; saved with them replaced:`,
          repaired.slice(0, 5).join(", "),
        );
      }
      const state = value as Prisma.InputJsonValue;
      await db.simulatorWorld.upsert({ where: { userId }, create: { userId, state }, update: { state } });
      if (this.failures.delete(userId)) console.log(`[simulator] the world of user ${userId} is saved again.`);
      return true;
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") {
        // The user was deleted (their world goes with them): nothing left to save.
        this.forget(userId);
        return true;
      }
      const previous = this.failures.get(userId);
      const attempts = (previous?.attempts ?? 0) + 1;
      const reason =
        error instanceof Prisma.PrismaClientKnownRequestError
          ? `database error ${error.code}`
          : error instanceof Error
            ? error.name
            : "unknown error";
      this.failures.set(userId, { since: previous?.since ?? new Date().toISOString(), attempts, reason });
      const retryMs = Math.min(retryMaxMs, saveDelayMs * 2 ** (attempts - 1));
      console.error(
        `[simulator] could not save the world of user ${userId} (attempt ${attempts}; kept in memory, retrying in ${retryMs / 1000} s):`,
        error,
      );
      const timer = this.timers.get(userId);
      if (timer) clearTimeout(timer);
      this.schedule(userId, retryMs);
      return false;
    }
  }

  private forget(userId: string): void {
    const timer = this.timers.get(userId);
    if (timer) clearTimeout(timer);
    this.timers.delete(userId);
    this.worlds.delete(userId);
    this.usedAt.delete(userId);
    this.failures.delete(userId);
  }
}
