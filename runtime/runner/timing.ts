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
};
