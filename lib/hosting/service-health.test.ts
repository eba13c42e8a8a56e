import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { fuzzParameters } from "@/tests/fuzz/settings";

import { describeServiceHealth, overallLevel, safeStderrTail, type ServiceHealthRow } from "./service-health";

const now = Date.parse("2026-11-26T12:00:00Z");
const at = (msAgo: number) => new Date(now - msAgo);

function row(overrides: Partial<ServiceHealthRow>): ServiceHealthRow {
  return {
    service: "runner",
    host: "app-1",
    state: "up",
    restarts: 0,
    failuresInRow: 0,
    upSince: at(3_600_000),
    nextAttemptAt: null,
    lastExitAt: null,
    lastExitCode: null,
    lastExitSignal: null,
    lastStderr: null,
    reportedAt: at(1_000),
    ...overrides,
  };
}

describe("runtime service health as people see it", () => {
  it("a service restarting after a crash is degraded, with the wait and the exit's signal", () => {
    const [runner] = describeServiceHealth(
      [
        row({
          state: "restarting",
          restarts: 3,
          failuresInRow: 3,
          upSince: null,
          nextAttemptAt: new Date(now + 7_200),
          lastExitAt: at(800),
          lastExitSignal: "SIGKILL",
          lastStderr: "Error: boom",
        }),
      ],
      { now },
    );
    expect(runner).toMatchObject({
      label: "Bot runner",
      level: "degraded",
      summary: "Restarting after an unexpected exit, next attempt in 8 s.",
      lastExit: "stopped by signal SIGKILL",
      restarts: 3,
      nextAttemptInSeconds: 8,
      // Only operators see what it wrote.
      lastStderr: null,
    });
  });

  it("operators see the last stderr lines of a crash", () => {
    const rows = [row({ state: "restarting", lastExitAt: at(10), lastExitCode: 1, lastStderr: "Error: boom" })];
    const [runner] = describeServiceHealth(rows, { now, operator: true });
    expect(runner).toMatchObject({ lastExit: "exited with code 1", lastStderr: "Error: boom" });
  });

  it("back up after a crash: degraded for a minute, then operational", () => {
    const flapping = row({
      failuresInRow: 2,
      restarts: 2,
      upSince: at(20_000),
      lastExitAt: at(21_000),
      lastExitCode: 1,
    });
    expect(describeServiceHealth([flapping], { now })[0]).toMatchObject({
      level: "degraded",
      summary: "Back after an unexpected exit 21 s ago; watching it.",
    });
    const steady = { ...flapping, upSince: at(61_000), lastExitAt: at(62_000) };
    expect(describeServiceHealth([steady], { now })[0]).toMatchObject({
      level: "operational",
      summary: "Operational.",
      lastExit: "exited with code 1",
    });
  });

  it("a service nobody reports, or reported long ago, is down", () => {
    const [runner, simulator] = describeServiceHealth([row({ reportedAt: at(120_000) })], { now });
    expect(runner).toMatchObject({ service: "runner", level: "down" });
    expect(simulator).toMatchObject({ service: "simulator", label: "Discord simulator", level: "down" });
    expect(overallLevel([runner!, simulator!])).toBe("down");
  });

  it("the worst of several hosts' reports counts", () => {
    const services = describeServiceHealth(
      [
        row({ host: "a" }),
        row({
          host: "b",
          state: "restarting",
          nextAttemptAt: new Date(now + 1_000),
          lastExitAt: at(1),
          lastExitCode: 2,
        }),
        row({ service: "simulator" }),
      ],
      { now },
    );
    expect(services.map((service) => service.level)).toEqual(["degraded", "operational"]);
    expect(overallLevel(services)).toBe("degraded");
  });
});

describe("a crashed service's last stderr lines", () => {
  it("keep no secret, no credential and no host path", () => {
    const secret = "s3cr3t-value-of-the-auth-key-0123456789";
    const tail = safeStderrTail(
      [
        "starting",
        `AUTH_SECRET=${secret}`,
        "connect to postgresql://cipher_runner:hunter2pass@127.0.0.1:5432/cipher failed",
        "token MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz012345 rejected",
        `Error: key ${secret} at Object.<anonymous> (/srv/cipher/runtime/simulator/server.ts:10:5)`,
        "    at load (/usr/lib/node_modules/x/index.js:1:1)\u001b[31m red\u001b[0m",
      ],
      { secrets: [secret], roots: ["/srv/cipher"] },
    )!;
    expect(tail.split("\n")).toHaveLength(5);
    expect(tail).not.toContain(secret);
    expect(tail).not.toContain("hunter2pass");
    expect(tail).not.toContain("GhIjKl");
    expect(tail).not.toContain("/srv/cipher");
    expect(tail).not.toContain("/usr/lib");
    expect(tail).not.toContain("\u001b");
    expect(tail).toContain("runtime/simulator/server.ts:10:5");
    expect(tail).toContain("…/index.js:1:1");
    expect(tail).toContain("postgresql://[redacted]@127.0.0.1:5432/cipher");
  });

  it("is empty when nothing was written, and bounds each line", () => {
    expect(safeStderrTail(["", "  "])).toBeNull();
    expect(safeStderrTail(["x".repeat(5_000).replace(/x/g, "x ")])!.length).toBeLessThanOrEqual(300);
  });
});

describe("a crash's stderr", () => {
  it("keeps the error's message and its first frame, not the whole stack or Node's trailer", () => {
    const tail = safeStderrTail(
      [
        "/srv/cipher/lib/env.ts:117",
        "    throw new Error(`Invalid environment variables`);",
        "Error: Invalid environment variables:",
        "  SIMULATOR_CONTROL_KEY: Too small: expected string to have >=32 characters",
        "    at parseEnv (/srv/cipher/lib/env.ts:117:11)",
        "    at <anonymous> (/srv/cipher/lib/env.ts:122:25)",
        "    at ModuleJob.run (node:internal/modules/esm/module_job:325:25)",
        "",
        "Node.js v20.20.2",
      ],
      { roots: ["/srv/cipher"] },
    );
    expect(tail).toBe(
      [
        "    throw new Error(`Invalid environment variables`);",
        "Error: Invalid environment variables:",
        "  SIMULATOR_CONTROL_KEY: Too small: expected string to have >=32 characters",
        "    at parseEnv (lib/env.ts:117:11)",
      ]
        .join("\n")
        .replace(/^/, "lib/env.ts:117\n"),
    );
  });
});

describe("any stderr", () => {
  it("never keeps a secret it was given, nor the host folder, whatever surrounds them", () => {
    const secret = fc.string({ unit: fc.constantFrom(..."abcXYZ0189+/=_-".split("")), minLength: 6, maxLength: 60 });
    const noise = fc.string({ unit: "grapheme", maxLength: 40 });
    fc.assert(
      fc.property(secret, fc.array(fc.tuple(noise, noise), { minLength: 1, maxLength: 8 }), (value, parts) => {
        const lines = parts.map(([before, after]) => `${before}${value}${after} /srv/cipher/x.ts`);
        const tail = safeStderrTail(lines, { secrets: [value], roots: ["/srv/cipher"] }) ?? "";
        expect(tail).not.toContain(value);
        expect(tail).not.toContain("/srv/cipher");
      }),
      fuzzParameters(200),
    );
  });
});
