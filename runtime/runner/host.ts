/**
 * This runner's RunnerHost row: registered on start, then a heartbeat with the host's numbers
 * (CPU, memory, the data folder's disk, network) every few seconds, plus a RunnerMetric sample.
 * The Hosting page shows a host offline after 30 s without a heartbeat.
 */
import { readFileSync, statfsSync } from "node:fs";
import { cpus, freemem, hostname, totalmem } from "node:os";

import { db } from "@/lib/db";

import type { SandboxHealth } from "./sandbox-health";

export interface HostNumbers {
  cpuPercent: number;
  memoryUsedBytes: bigint;
  memoryTotalBytes: bigint;
  diskUsedBytes: bigint;
  diskTotalBytes: bigint;
  netRxBytesPerSec: number;
  netTxBytesPerSec: number;
}

interface Counters {
  at: number;
  cpuIdle: number;
  cpuTotal: number;
  rx: number;
  tx: number;
}

function cpuTimes(): { idle: number; total: number } {
  let idle = 0;
  let total = 0;
  for (const cpu of cpus()) {
    const { user, nice, sys, idle: free, irq } = cpu.times;
    idle += free;
    total += user + nice + sys + free + irq;
  }
  return { idle, total };
}

/** Received and sent bytes over every interface but loopback, from /proc/net/dev. */
export function networkBytes(text: string): { rx: number; tx: number } {
  let rx = 0;
  let tx = 0;
  for (const line of text.split("\n").slice(2)) {
    const [name, rest] = line.split(":");
    if (!rest || name!.trim() === "lo") continue;
    const fields = rest.trim().split(/\s+/).map(Number);
    rx += fields[0] ?? 0;
    tx += fields[8] ?? 0;
  }
  return { rx, tx };
}

function readCounters(): Counters {
  const cpu = cpuTimes();
  let net = { rx: 0, tx: 0 };
  try {
    net = networkBytes(readFileSync("/proc/net/dev", "utf8"));
  } catch {
    // Not Linux: no network numbers.
  }
  return { at: Date.now(), cpuIdle: cpu.idle, cpuTotal: cpu.total, ...net };
}

export class HostReporter {
  private last: Counters = readCounters();

  constructor(private readonly options: { name: string; region: string; dataDir: string; sandbox: SandboxHealth }) {}

  /** The sandbox check's verdict as the Hosting page shows it. */
  private sandboxFields() {
    const sandbox = this.options.sandbox.mode();
    return {
      sandbox: sandbox.mode,
      sandboxWarning: sandbox.warning,
      sandboxCheckedAt: sandbox.checkedAt,
      sandboxRetryAt: sandbox.retryAt,
    };
  }

  /** The host's numbers since the previous call (CPU and network are rates over that interval). */
  measure(): HostNumbers {
    const now = readCounters();
    const seconds = Math.max(0.001, (now.at - this.last.at) / 1000);
    const total = now.cpuTotal - this.last.cpuTotal;
    const cpuPercent =
      total > 0 ? Math.max(0, Math.min(100, (1 - (now.cpuIdle - this.last.cpuIdle) / total) * 100)) : 0;
    const netRxBytesPerSec = Math.max(0, (now.rx - this.last.rx) / seconds);
    const netTxBytesPerSec = Math.max(0, (now.tx - this.last.tx) / seconds);
    this.last = now;
    let diskUsedBytes = 0n;
    let diskTotalBytes = 0n;
    try {
      const disk = statfsSync(this.options.dataDir, { bigint: true });
      diskTotalBytes = disk.blocks * disk.bsize;
      diskUsedBytes = (disk.blocks - disk.bfree) * disk.bsize;
    } catch {
      // The data folder does not exist yet.
    }
    const memoryTotalBytes = BigInt(totalmem());
    return {
      cpuPercent,
      memoryUsedBytes: memoryTotalBytes - BigInt(freemem()),
      memoryTotalBytes,
      diskUsedBytes,
      diskTotalBytes,
      netRxBytesPerSec,
      netTxBytesPerSec,
    };
  }

  async register(): Promise<void> {
    const now = new Date();
    const row = {
      region: this.options.region,
      hostname: hostname(),
      pid: process.pid,
      startedAt: now,
      heartbeatAt: now,
      draining: false,
      ...this.sandboxFields(),
      ...this.measure(),
    };
    await db.runnerHost.upsert({
      where: { name: this.options.name },
      create: { name: this.options.name, ...row },
      update: row,
    });
  }

  /** Right after the sandbox check changed its verdict. */
  async reportSandbox(): Promise<void> {
    await db.runnerHost.update({ where: { name: this.options.name }, data: this.sandboxFields() });
  }

  async beat(state: { draining: boolean }): Promise<void> {
    const numbers = this.measure();
    const at = new Date();
    await db.$transaction([
      db.runnerHost.update({
        where: { name: this.options.name },
        data: { heartbeatAt: at, draining: state.draining, ...this.sandboxFields(), ...numbers },
      }),
      db.runnerMetric.createMany({
        data: [
          {
            runnerName: this.options.name,
            resolution: 5,
            at,
            cpuPercent: numbers.cpuPercent,
            memoryUsedBytes: numbers.memoryUsedBytes,
            diskUsedBytes: numbers.diskUsedBytes,
            netRxBytesPerSec: numbers.netRxBytesPerSec,
            netTxBytesPerSec: numbers.netTxBytesPerSec,
          },
        ],
        skipDuplicates: true,
      }),
    ]);
  }
}
