/** The runner's clocks. Defaults are the product's; tests pass small values. */
export interface RunnerTiming {
  /** First restart delay after a crash; doubles with each crash in a row. */
  backoffBaseMs: number;
  backoffCapMs: number;
  /** This many crashes within crashWindowMs: the bot stays crashed. */
  crashLimit: number;
  crashWindowMs: number;
  /** Up this long: the next crash starts the backoff from the beginning again. */
  stableAfterMs: number;
  /** SIGTERM → SIGKILL. */
  stopGraceMs: number;
  /** Not connected this long after spawn: counted as a crash. */
  readyTimeoutMs: number;
  deployTimeoutMs: number;
  /** Watchdog (watchdog.ts): how often a bot's process tree is sampled. */
  watchdogSampleMs: number;
  /** Above this percent of one core for cpuWindowMs: restarted (counted as a crash). */
  cpuLimitPercent: number;
  cpuWindowMs: number;
  /** No heartbeat from the bot's event loop this long: restarted (counted as a crash). */
  heartbeatTimeoutMs: number;
  /** Overrides the plan's memory cap (tests). */
  memoryMb?: number;
}

export const defaultTiming: RunnerTiming = {
  backoffBaseMs: 1000,
  backoffCapMs: 5 * 60_000,
  crashLimit: 5,
  crashWindowMs: 10 * 60_000,
  stableAfterMs: 60_000,
  stopGraceMs: 10_000,
  readyTimeoutMs: 60_000,
  deployTimeoutMs: 60_000,
  watchdogSampleMs: 2000,
  cpuLimitPercent: 90,
  cpuWindowMs: 30_000,
  heartbeatTimeoutMs: 60_000,
};
