/**
 * When the runner checks its sandbox again: a pure function of what happened, so the schedule
 * is tested without sandboxes or clocks (sandbox-health.ts only runs checks and sets timers).
 *
 * The self-test is a health check, not a one-shot verdict. A failed check (a busy machine on a
 * first start, a package installed a minute later) is tried again after 5 s, 10 s, 20 s … up to
 * 5 minutes, for as long as the runner lives; a passed check is repeated every hour, so a host
 * that stops isolating bots stops starting them.
 */

export interface SelfTestPolicy {
  /** Wait after the first failed check; doubles with each failure in a row. */
  firstRetryMs: number;
  capMs: number;
  /** A passed check is run again after this long. */
  recheckMs: number;
  /** One attempt's limit: generous, since a first start shares the machine with the production build. */
  timeoutMs: number;
}

export const defaultSelfTestPolicy: SelfTestPolicy = {
  firstRetryMs: 5_000,
  capMs: 300_000,
  recheckMs: 3_600_000,
  timeoutMs: 90_000,
};

/** After `failuresInRow` failed checks (1 or more), how long until the next one. */
export function retryDelayMs(failuresInRow: number, policy: SelfTestPolicy = defaultSelfTestPolicy): number {
  const exponent = Math.max(0, Math.min(failuresInRow - 1, 30));
  return Math.min(policy.capMs, policy.firstRetryMs * 2 ** exponent);
}

/** "in 40 s", "in 5 min": for the runner's log and the Hosting page. */
export function describeDelay(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 90) return `in ${seconds} s`;
  return `in ${Math.round(seconds / 60)} min`;
}
