/**
 * Worlds in memory, loaded from SimulatorWorld on first use (or created with the defaults) and
 * saved at most every 2 s after a change, and on close. A world nobody has used for a while is
 * saved and leaves memory (evictIdle); it is loaded again on its next use.
 */
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

import { defaultWorld, type WorldState } from "./world";

// Persistence is not on any latency path; at most one save every 2 s per world keeps a busy
// world (hundreds of messages a second) from writing its whole JSON document several times a second.
const saveDelayMs = 2_000;

export class WorldStore {
  private readonly worlds = new Map<string, WorldState>();
  private readonly loading = new Map<string, Promise<WorldState>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly saving = new Set<Promise<void>>();
  /** When each loaded world was last asked for. */
  private readonly usedAt = new Map<string, number>();

  constructor(private readonly persist: boolean) {}

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
  loaded(): IterableIterator<[string, WorldState]> {
    return this.worlds.entries();
  }

  replace(userId: string, world: WorldState): void {
    this.worlds.set(userId, world);
    this.changed(userId);
  }

  /** Marks the world dirty: it is saved shortly. */
  changed(userId: string): void {
    if (!this.persist || this.timers.has(userId)) return;
    this.timers.set(
      userId,
      setTimeout(() => {
        this.timers.delete(userId);
        this.track(this.save(userId));
      }, saveDelayMs),
    );
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
      await this.save(userId);
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
      this.track(this.save(userId));
    }
    await Promise.all([...this.saving]);
  }

  private track(promise: Promise<void>): void {
    this.saving.add(promise);
    void promise.finally(() => this.saving.delete(promise));
  }

  private async load(userId: string): Promise<WorldState> {
    let world: WorldState | undefined;
    if (this.persist) {
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

  private async save(userId: string): Promise<void> {
    const world = this.worlds.get(userId);
    if (!world) return;
    const state = JSON.parse(JSON.stringify(world)) as Prisma.InputJsonValue;
    try {
      await db.simulatorWorld.upsert({ where: { userId }, create: { userId, state }, update: { state } });
    } catch (error) {
      console.error(`[simulator] could not save the world of user ${userId}:`, error);
    }
  }
}
