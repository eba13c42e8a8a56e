/**
 * When a runtime service that died is started again: a pure function of (what we know, what
 * happened), so the policy is tested without processes or clocks (scripts/lib/services.ts only
 * spawns, listens and sets timers).
 *
 * A service is never given up on: the web app keeps serving and every tenant's bots come back
 * once the service does. Unexpected exits in a row wait 1 s, 2 s, 4 s … up to 60 s; a run that
 * lasted a minute starts the count again.
 */

export interface RestartPolicy {
  /** Delay after the first unexpected exit; doubles with each exit in a row. */
  baseMs: number;
  capMs: number;
  /** A run at least this long was healthy: the next exit starts the backoff from baseMs again. */
  stableAfterMs: number;
}

export const defaultRestartPolicy: RestartPolicy = { baseMs: 1_000, capMs: 60_000, stableAfterMs: 60_000 };

export type ServiceState = "up" | "restarting" | "down";

export interface ServiceExit {
  at: number;
  /** null when it was ended by a signal (or could not be started). */
  code: number | null;
  signal: string | null;
}

export interface SupervisedService {
  state: ServiceState;
  /** Restarts after an unexpected exit, since the supervisor started. */
  restarts: number;
  /** Unexpected exits in a row (runs shorter than stableAfterMs); the backoff's exponent. */
  failuresInRow: number;
  upSince: number | null;
  nextAttemptAt: number | null;
  lastExit: ServiceExit | null;
}

export type ServiceEvent =
  | { type: "started"; at: number }
  /** `stopping`: the platform is shutting down, so the exit was asked for. */
  | { type: "exited"; at: number; code: number | null; signal: string | null; stopping: boolean };

export interface RestartDecision {
  next: SupervisedService;
  /** Start it again after this many ms; null: leave it stopped. */
  restartInMs: number | null;
}

export const notStarted: SupervisedService = {
  state: "down",
  restarts: 0,
  failuresInRow: 0,
  upSince: null,
  nextAttemptAt: null,
  lastExit: null,
};

/** The wait before the restart that follows the `failuresInRow`-th exit in a row (1-based). */
export function backoffDelay(failuresInRow: number, policy: RestartPolicy = defaultRestartPolicy): number {
  const exponent = Math.max(0, failuresInRow - 1);
  // 2 ** 1024 is Infinity: capping the exponent keeps the arithmetic finite however long it flaps.
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(exponent, 32));
}

export function decideRestart(
  service: SupervisedService,
  event: ServiceEvent,
  policy: RestartPolicy = defaultRestartPolicy,
): RestartDecision {
  if (event.type === "started") {
    return { next: { ...service, state: "up", upSince: event.at, nextAttemptAt: null }, restartInMs: null };
  }
  const lastExit: ServiceExit = { at: event.at, code: event.code, signal: event.signal };
  // Asked to stop, or stopped cleanly (exit 0: e.g. Ctrl-C reached the whole process group).
  if (event.stopping || event.code === 0) {
    return { next: { ...service, state: "down", upSince: null, nextAttemptAt: null, lastExit }, restartInMs: null };
  }
  const ranFor = service.upSince === null ? 0 : event.at - service.upSince;
  const failuresInRow = (ranFor >= policy.stableAfterMs ? 0 : service.failuresInRow) + 1;
  const delay = backoffDelay(failuresInRow, policy);
  return {
    next: {
      state: "restarting",
      restarts: service.restarts + 1,
      failuresInRow,
      upSince: null,
      nextAttemptAt: event.at + delay,
      lastExit,
    },
    restartInMs: delay,
  };
}
