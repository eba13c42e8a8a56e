/**
 * The supervisor with real processes: a service that dies at every start (here the simulator,
 * refused by its own environment check) is started again and again with a growing pause, never
 * given up on, and what it wrote to stderr is recorded without host paths.
 */
import { describe, expect, it } from "vitest";

import { waitFor } from "@/runtime/runner/test-support";

import { projectRoot } from "../db/engine";
import type { HealthReport } from "./service-health-writer";
import { startRuntimeServices } from "./services";

describe("a runtime service that dies at every start", () => {
  it("is restarted more than six times in a minute (the old fatal shutdown), with growing pauses and its stderr kept safe", async () => {
    const reports: HealthReport[] = [];
    const services = startRuntimeServices(
      {
        PATH: process.env.PATH,
        NODE_ENV: "test",
        // Too short: lib/env.ts refuses it and the simulator exits with code 1 at once.
        SIMULATOR_CONTROL_KEY: "too-short-control-key",
        SIMULATOR_PORT: "0",
      },
      {
        names: ["simulator"],
        policy: { baseMs: 20, capMs: 160, stableAfterMs: 60_000 },
        reporter: { report: (report) => reports.push(report), close: async () => {} },
      },
    );
    try {
      const crashes = () => reports.filter((report) => report.state.state === "restarting");
      await waitFor(
        async () => crashes().length,
        (count) => count >= 8,
        { timeoutMs: 60_000, intervalMs: 50 },
      );
      const pauses = crashes().map(({ state }) => state.nextAttemptAt! - state.lastExit!.at);
      expect(pauses.slice(0, 8)).toEqual([20, 40, 80, 160, 160, 160, 160, 160]);
      const last = crashes().at(-1)!;
      expect(last.state).toMatchObject({ lastExit: { code: 1, signal: null } });
      expect(last.state.restarts).toBeGreaterThanOrEqual(8);
      expect(last.lastStderr).toContain("SIMULATOR_CONTROL_KEY");
      expect(last.lastStderr).not.toContain(projectRoot);
      expect(last.lastStderr!.split("\n").length).toBeLessThanOrEqual(5);
    } finally {
      await services.stop();
    }
    expect(reports.at(-1)!.state.state).toBe("down");
  }, 90_000);
});
