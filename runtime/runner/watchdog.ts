/**
 * Watches one bot process (its whole process tree, bubblewrap included) every couple of
 * seconds: resident memory above the plan's cap, a CPU core kept busy too long, or an event
 * loop that stopped sending its heartbeat over fd 3. The first violation is reported once;
 * the supervisor stops the bot and counts it as a crash (backoff and crash-loop rules apply).
 */
import { readdirSync, readFileSync } from "node:fs";

export interface WatchdogLimits {
  /** Resident memory of the process tree; null where the kernel enforces the limit (the bot's cgroup). */
  memoryMb: number | null;
  sampleMs: number;
  /** Percent of one core, averaged over each sample. */
  cpuPercent: number;
  /** Above cpuPercent this long without a break: restarted. */
  cpuWindowMs: number;
  /** No heartbeat (or other message) over fd 3 this long: the event loop is frozen. */
  heartbeatTimeoutMs: number;
}

export interface Watched {
  readonly pid: number | undefined;
  readonly running: boolean;
  /** Last message from the bot's preload / sitecustomize; null before the first. */
  readonly lastHeartbeatAt: number | null;
}

const pageTicks = 100; // USER_HZ on Linux

function children(pid: number): number[] {
  const found: number[] = [];
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return found;
  }
  for (const task of tasks) {
    try {
      const text = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      if (text) for (const child of text.split(/\s+/)) found.push(Number(child));
    } catch {
      // Gone meanwhile.
    }
  }
  return found;
}

/** The process and all its descendants. */
export function processTree(root: number): number[] {
  const all: number[] = [];
  const queue = [root];
  while (queue.length > 0 && all.length < 10_000) {
    const pid = queue.shift()!;
    all.push(pid);
    queue.push(...children(pid));
  }
  return all;
}

export interface TreeUsage {
  rssBytes: number;
  /** utime + stime of the live processes, in seconds. */
  cpuSeconds: number;
  processes: number;
}

export function treeUsage(root: number): TreeUsage {
  let rssBytes = 0;
  let ticks = 0;
  const pids = processTree(root);
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(status);
      if (rss) rssBytes += Number(rss[1]) * 1024;
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // Fields 14 and 15 of stat (utime, stime); index 0 here is field 3.
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Exited meanwhile.
    }
  }
  return { rssBytes, cpuSeconds: ticks / pageTicks, processes: pids.length };
}

export function startWatchdog(bot: Watched, limits: WatchdogLimits, onViolation: (reason: string) => void): () => void {
  const samples: { at: number; cpuSeconds: number }[] = [];
  let fired = false;
  const fire = (reason: string) => {
    if (fired) return;
    fired = true;
    stop();
    onViolation(reason);
  };
  const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;
  const sample = () => {
    const pid = bot.pid;
    if (!bot.running || !pid) return stop();
    const now = Date.now();
    const usage = treeUsage(pid);
    if (limits.memoryMb !== null && usage.rssBytes > limits.memoryMb * 1024 * 1024) {
      return fire(`Used more than ${limits.memoryMb} MB of memory.`);
    }
    // CPU: the average over the last cpuWindowMs, from the samples kept that long, counted from the
    // bot's first message (its ready): start-up, loading its libraries, is not held against it
    // (on a slow or busy machine discord.js alone takes most of a core for a second or two).
    if (bot.lastHeartbeatAt === null) samples.length = 0;
    else samples.push({ at: now, cpuSeconds: usage.cpuSeconds });
    while (samples.length > 2 && now - samples[1]!.at >= limits.cpuWindowMs) samples.shift();
    const oldest = samples[0];
    if (oldest && now - oldest.at >= limits.cpuWindowMs) {
      const percent = ((usage.cpuSeconds - oldest.cpuSeconds) * 100_000) / (now - oldest.at);
      if (percent >= limits.cpuPercent) {
        return fire(`Used more than ${limits.cpuPercent}% of a CPU core for ${seconds(limits.cpuWindowMs)}.`);
      }
    }
    const last = bot.lastHeartbeatAt;
    if (last !== null && now - last >= limits.heartbeatTimeoutMs) {
      return fire(`Event loop frozen for ${seconds(limits.heartbeatTimeoutMs)}.`);
    }
    // A process that never spoke on fd 3 at all is left to the ready timeout.
  };
  const timer = setInterval(sample, limits.sampleMs);
  timer.unref();
  function stop() {
    clearInterval(timer);
  }
  return stop;
}
