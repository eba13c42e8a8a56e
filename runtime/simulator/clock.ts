/**
 * The world's clock: real time plus an offset that only moves forward (the control API's
 * `/clock`), kept in the world's document. It dates what the simulator writes (message ids and
 * timestamps, edits, joins) and decides what the simulator itself checks against time (whether
 * a member's timeout is over, the 14-day bulk-delete window, the 28-day timeout cap). Bot
 * processes keep their own real clocks: their timers and Date.now() do not move.
 */
import type { SimulatorMember } from "@/lib/simulator/types";

import type { WorldState } from "./world";

const dayMs = 24 * 60 * 60 * 1000;
/** One advance: at most a year. */
export const maxClockAdvanceMs = 366 * dayMs;
/** In all: at most ten years ahead (snowflakes hold time until 2154; ten years keeps far from it). */
export const maxClockOffsetMs = 3653 * dayMs;

export function worldNow(world: Pick<WorldState, "clockOffsetMs">): number {
  return Date.now() + (world.clockOffsetMs ?? 0);
}

export function worldIso(world: Pick<WorldState, "clockOffsetMs">): string {
  return new Date(worldNow(world)).toISOString();
}

/** When the member's timeout ends, if it has not ended yet by the world's clock. */
export function timedOutUntil(world: Pick<WorldState, "clockOffsetMs">, member: SimulatorMember): string | null {
  const until = member.communication_disabled_until;
  if (!until) return null;
  const at = Date.parse(until);
  return Number.isFinite(at) && at > worldNow(world) ? until : null;
}

export interface ClockState {
  offsetMs: number;
  /** The world's time now, ISO. */
  now: string;
}

export function clockState(world: Pick<WorldState, "clockOffsetMs">): ClockState {
  return { offsetMs: world.clockOffsetMs ?? 0, now: worldIso(world) };
}
