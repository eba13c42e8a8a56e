/**
 * Every heartbeat, one BotMetric row (resolution 5) per bot process this runner holds: CPU %
 * (of one core, from /proc/<pid>/stat utime+stime deltas), RSS, uptime, restarts since the
 * previous sample and the gateway latency the bot last reported. CPU and RSS are summed over
 * the process tree, so a bot under bubblewrap (bwrap → its init → the bot) counts whole.
 */
import { readdirSync, readFileSync } from "node:fs";

import { db } from "@/lib/db";

import type { BotSupervisor } from "./supervisor";

/** USER_HZ: the unit of utime/stime; 100 on every Linux this runs on. */
const clockTicks = 100;

interface ProcEntry {
  ppid: number;
  ticks: number;
}

/** ppid and utime+stime from a /proc/<pid>/stat line (the name may hold spaces and parentheses). */
export function parseStat(text: string): ProcEntry | null {
  const close = text.lastIndexOf(")");
  if (close < 0) return null;
  const fields = text.slice(close + 2).split(" ");
  // After "(comm) ": state(0) ppid(1) … utime(11) stime(12).
  const ppid = Number(fields[1]);
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ppid) && Number.isFinite(ticks) ? { ppid, ticks } : null;
}

export function parseRssBytes(status: string): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  return match ? Number(match[1]) * 1024 : 0;
}

/** One pass over /proc: every process's parent and CPU ticks. */
function readProcessTable(): Map<number, ProcEntry> {
  const table = new Map<number, ProcEntry>();
  let names: string[] = [];
  try {
    names = readdirSync("/proc");
  } catch {
    return table;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const entry = parseStat(readFileSync(`/proc/${name}/stat`, "utf8"));
      if (entry) table.set(Number(name), entry);
    } catch {
      // Exited meanwhile.
    }
  }
  return table;
}

/** The pid and all its descendants. */
export function processTree(root: number, table: Map<number, ProcEntry>): number[] {
  const children = new Map<number, number[]>();
  for (const [pid, entry] of table) {
    const list = children.get(entry.ppid);
    if (list) list.push(pid);
    else children.set(entry.ppid, [pid]);
  }
  const tree: number[] = [];
  const queue = [root];
  while (queue.length) {
    const pid = queue.shift()!;
    if (!table.has(pid) || tree.includes(pid)) continue;
    tree.push(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return tree;
}

export interface BotSample {
  botId: string;
  at: Date;
  cpuPercent: number;
  rssBytes: bigint;
  latencyMs: number | null;
  restarts: number;
  uptimeSeconds: number;
}

/** Resident memory of a process tree, summed (as the bench reports it). */
export function treeRssBytes(root: number): number {
  const table = readProcessTable();
  return processTree(root, table).reduce((sum, pid) => sum + rssOf(pid), 0);
}

function rssOf(pid: number): number {
  try {
    return parseRssBytes(readFileSync(`/proc/${pid}/status`, "utf8"));
  } catch {
    return 0;
  }
}

export class BotSampler {
  /** Per bot: the process sampled last, its tree's ticks, when, and the restart count then. */
  private last = new Map<string, { pid: number; ticks: number; at: number; restarts: number }>();

  sample(supervisors: Map<string, BotSupervisor>, now = Date.now()): BotSample[] {
    const table = readProcessTable();
    const samples: BotSample[] = [];
    const seen = new Set<string>();
    for (const [botId, supervisor] of supervisors) {
      const info = supervisor.processInfo;
      const previous = this.last.get(botId);
      if (!info) {
        // Between runs (backoff): keep the restart count so the next sample reports it.
        if (previous) seen.add(botId);
        continue;
      }
      seen.add(botId);
      const tree = processTree(info.pid, table);
      const ticks = tree.reduce((sum, pid) => sum + (table.get(pid)?.ticks ?? 0), 0);
      const rss = tree.reduce((sum, pid) => sum + rssOf(pid), 0);
      let cpuPercent = 0;
      if (previous && previous.pid === info.pid && now > previous.at) {
        cpuPercent = Math.max(0, ((ticks - previous.ticks) / clockTicks / ((now - previous.at) / 1000)) * 100);
      } else {
        // First sample of this process: its average since it was spawned.
        cpuPercent = (ticks / clockTicks / Math.max(0.001, (now - info.spawnedAt) / 1000)) * 100;
      }
      const restarts = supervisor.restarts - (previous?.restarts ?? 0);
      this.last.set(botId, { pid: info.pid, ticks, at: now, restarts: supervisor.restarts });
      samples.push({
        botId,
        at: new Date(now),
        cpuPercent: Math.round(cpuPercent * 100) / 100,
        rssBytes: BigInt(rss),
        latencyMs: info.latencyMs,
        restarts,
        uptimeSeconds: info.readyAt ? Math.max(0, Math.round((now - info.readyAt) / 1000)) : 0,
      });
    }
    for (const botId of this.last.keys()) if (!seen.has(botId)) this.last.delete(botId);
    return samples;
  }

  /** One insert for the whole tick. */
  async record(samples: BotSample[]): Promise<void> {
    if (!samples.length) return;
    const insert = (rows: BotSample[]) =>
      db.botMetric.createMany({ data: rows.map((sample) => ({ ...sample, resolution: 5 })), skipDuplicates: true });
    try {
      await insert(samples);
    } catch (error) {
      // A bot deleted meanwhile fails the whole batch (foreign key): keep the others.
      const existing = await db.bot.findMany({
        where: { id: { in: samples.map((s) => s.botId) } },
        select: { id: true },
      });
      const ids = new Set(existing.map((row) => row.id));
      if (ids.size === samples.length) throw error;
      await insert(samples.filter((sample) => ids.has(sample.botId)));
    }
  }
}
