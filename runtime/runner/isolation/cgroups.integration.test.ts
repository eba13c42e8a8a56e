import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

import { describe, expect, it } from "vitest";

import { cgroupDriver } from "./cgroups";

/** The folders of a bot's groups, from the cgroup.procs files the launcher joins. */
function groupDirs(procsFiles: string[]): string[] {
  return procsFiles.map((file) => dirname(file));
}

function read(dir: string, file: string): string {
  return readFileSync(join(dir, file), "utf8").trim();
}

describe("bot cgroups", () => {
  it("cap memory (no swap), processes and CPU on average, and let a bot spend CPU it saved in a burst", () => {
    const found = cgroupDriver();
    if ("error" in found) throw new Error(`cgroups unavailable here: ${found.error}`);
    const { driver } = found;
    const group = driver.create(`limits-test.${process.pid}`, { memoryMb: 64, pidsMax: 32, cpuPercent: 100 });
    try {
      const dirs = groupDirs(group.procsFiles);
      if (driver.version === 2) {
        const [dir] = dirs as [string];
        expect(read(dir, "memory.max")).toBe(String(64 * 1024 * 1024));
        expect(read(dir, "pids.max")).toBe("32");
        expect(read(dir, "cpu.max")).toBe("100000 100000");
        if (existsSync(join(dir, "cpu.max.burst"))) expect(read(dir, "cpu.max.burst")).toBe("100000");
      } else {
        const memory = dirs.find((dir) => dir.includes("/memory/"))!;
        const pids = dirs.find((dir) => dir.includes("/pids/"))!;
        const cpu = dirs.find((dir) => dir.includes("/cpu/"))!;
        expect(read(memory, "memory.limit_in_bytes")).toBe(String(64 * 1024 * 1024));
        if (existsSync(join(memory, "memory.memsw.limit_in_bytes"))) {
          expect(read(memory, "memory.memsw.limit_in_bytes")).toBe(String(64 * 1024 * 1024));
        }
        expect(read(pids, "pids.max")).toBe("32");
        expect(read(cpu, "cpu.cfs_quota_us")).toBe("100000");
        expect(read(cpu, "cpu.cfs_period_us")).toBe("100000");
        if (existsSync(join(cpu, "cpu.cfs_burst_us"))) expect(read(cpu, "cpu.cfs_burst_us")).toBe("100000");
      }
    } finally {
      group.remove();
    }
    for (const dir of groupDirs(group.procsFiles)) expect(existsSync(dir)).toBe(false);
  });
});
