import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fuzzParameters } from "../../tests/fuzz/settings";
import {
  backoffDelay,
  decideRestart,
  defaultRestartPolicy,
  notStarted,
  type ServiceEvent,
  type SupervisedService,
} from "./restart-policy";

/** Runs the policy over events, the way the supervisor does; the delays it asked for. */
function replay(events: ServiceEvent[], start: SupervisedService = notStarted) {
  let service = start;
  const delays: (number | null)[] = [];
  for (const event of events) {
    const decision = decideRestart(service, event);
    service = decision.next;
    if (event.type === "exited") delays.push(decision.restartInMs);
  }
  return { service, delays };
}

/** A service that starts and is killed `times` times, each run lasting `runMs`. */
function flapping(times: number, runMs: number, signal: string | null = "SIGKILL", code: number | null = null) {
  const events: ServiceEvent[] = [];
  let at = 0;
  for (let i = 0; i < times; i += 1) {
    events.push({ type: "started", at });
    at += runMs;
    events.push({ type: "exited", at, code, signal, stopping: false });
    at += 1;
  }
  return events;
}

describe("restarting a runtime service", () => {
  it("waits 1 s, 2 s, 4 s … up to 60 s between restarts of a service that keeps dying", () => {
    const { delays } = replay(flapping(9, 50));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it("never gives up: dying 6 times in a minute (the old fatal shutdown) and 1,000 times after is still restarted", () => {
    const { service, delays } = replay(flapping(1_000, 10, null, 1));
    expect(delays.every((delay) => delay !== null && delay > 0 && delay <= 60_000)).toBe(true);
    expect(service).toMatchObject({ state: "restarting", restarts: 1_000, failuresInRow: 1_000 });
  });

  it("starts the backoff again after a run that lasted a minute", () => {
    const events = [
      ...flapping(4, 100),
      { type: "started", at: 10_000 },
      { type: "exited", at: 10_000 + defaultRestartPolicy.stableAfterMs, code: 1, signal: null, stopping: false },
    ] satisfies ServiceEvent[];
    const { service, delays } = replay(events);
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 1_000]);
    expect(service).toMatchObject({ failuresInRow: 1, restarts: 5 });
  });

  it("records what it knows for Hosting: state, next attempt, the exit's code or signal", () => {
    const up = decideRestart(notStarted, { type: "started", at: 5 }).next;
    expect(up).toMatchObject({ state: "up", upSince: 5, nextAttemptAt: null });
    const down = decideRestart(up, { type: "exited", at: 105, code: null, signal: "SIGSEGV", stopping: false }).next;
    expect(down).toEqual({
      state: "restarting",
      restarts: 1,
      failuresInRow: 1,
      upSince: null,
      nextAttemptAt: 1_105,
      lastExit: { at: 105, code: null, signal: "SIGSEGV" },
    });
    const again = decideRestart(down, { type: "started", at: 1_105 }).next;
    expect(again).toMatchObject({ state: "up", upSince: 1_105, nextAttemptAt: null, restarts: 1, failuresInRow: 1 });
  });

  it("leaves a service stopped when the platform stops it, or when it exits cleanly (Ctrl-C reached it)", () => {
    const up = decideRestart(notStarted, { type: "started", at: 0 }).next;
    for (const event of [
      { type: "exited", at: 10, code: null, signal: "SIGTERM", stopping: true },
      { type: "exited", at: 10, code: 0, signal: null, stopping: false },
    ] satisfies ServiceEvent[]) {
      const decision = decideRestart(up, event);
      expect(decision.restartInMs).toBeNull();
      expect(decision.next).toMatchObject({ state: "down", restarts: 0, nextAttemptAt: null });
    }
  });

  it("any exit sequence: a crash is always restarted, within [base, cap], and the wait never shrinks while it flaps", () => {
    const exit = fc.record({
      runMs: fc.integer({ min: 0, max: 3 * defaultRestartPolicy.stableAfterMs }),
      code: fc.option(fc.integer({ min: -1, max: 255 })),
      signal: fc.option(fc.constantFrom("SIGKILL", "SIGSEGV", "SIGABRT", "SIGTERM")),
    });
    fc.assert(
      fc.property(fc.array(exit, { maxLength: 60 }), (exits) => {
        let service = notStarted;
        let at = 0;
        let previous = 0;
        for (const { runMs, code, signal } of exits) {
          service = decideRestart(service, { type: "started", at }).next;
          at += runMs;
          const decision = decideRestart(service, { type: "exited", at, code, signal, stopping: false });
          if (code === 0) {
            expect(decision.restartInMs).toBeNull();
          } else {
            const delay = decision.restartInMs!;
            expect(delay).toBeGreaterThanOrEqual(defaultRestartPolicy.baseMs);
            expect(delay).toBeLessThanOrEqual(defaultRestartPolicy.capMs);
            if (runMs < defaultRestartPolicy.stableAfterMs && service.failuresInRow > 0) {
              expect(delay).toBeGreaterThanOrEqual(previous);
            }
            expect(decision.next.nextAttemptAt).toBe(at + delay);
            previous = delay;
          }
          service = decision.next;
          at += decision.restartInMs ?? 1;
        }
      }),
      fuzzParameters(300),
    );
  });

  it("keeps the delay finite for an exponent far past the cap", () => {
    expect(backoffDelay(5_000)).toBe(60_000);
    expect(backoffDelay(0)).toBe(1_000);
  });
});
