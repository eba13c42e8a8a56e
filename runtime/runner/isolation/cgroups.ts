/**
 * Hard resource limits for every bot, enforced by the kernel (cgroups): memory without swap
 * (tmpfs pages count too), a process/thread count, and a CPU quota. cgroup v2 where the host
 * has it (the usual case today), else v1 with the memory, pids and cpu controllers (as on
 * these CI machines). Each bot's processes join their group before bubblewrap starts (see
 * launch.ts), so nothing a bot forks can be outside it.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface CgroupLimits {
  memoryMb: number;
  /** Processes and threads together (Node needs about a dozen threads; Python fewer). */
  pidsMax: number;
  /** Percent of one core. */
  cpuPercent: number;
}

export interface BotCgroup {
  /** The cgroup.procs files a process writes its pid to, to join this bot's group. */
  readonly procsFiles: string[];
  /** How many times the kernel killed a process here for memory. */
  oomKills(): number;
  /** Kills anything left and removes the group (after the bot exited). */
  remove(): void;
}

export interface CgroupDriver {
  readonly version: 1 | 2;
  create(name: string, limits: CgroupLimits): BotCgroup;
  /** Removes groups a runner that is gone (killed) left behind: names are <bot>.<runner pid>.<stamp>. */
  sweep(): void;
}

const root = "/sys/fs/cgroup";
const groupName = "cipher-bots";
const cpuPeriodUs = 100_000;

/**
 * CPU a bot saved while idle may be spent at once, up to one period's quota: Node's start-up
 * (V8 compiles and collects on several threads) otherwise hits the quota in most periods and
 * is throttled for about a third of its start. The average over time stays at the quota.
 */
function burstUs(limits: CgroupLimits): number {
  return Math.round((cpuPeriodUs * limits.cpuPercent) / 100);
}

/** A setting older kernels do not have (CPU burst is Linux 5.14+): without it, no burst. */
function writeIfPresent(file: string, value: number): void {
  if (existsSync(file)) write(file, value);
}

/** The runner's own place in each hierarchy, from /proc/self/cgroup. */
function ownPaths(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const line of readFileSync("/proc/self/cgroup", "utf8").trim().split("\n")) {
    const [, controllers, path] = line.split(":", 3) as [string, string, string];
    for (const controller of controllers.split(",")) paths.set(controller, path);
  }
  return paths;
}

function write(file: string, value: string | number): void {
  writeFileSync(file, String(value));
}

function counter(file: string, key: string): number {
  try {
    const match = new RegExp(`^${key} (\\d+)$`, "m").exec(readFileSync(file, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

function killAndRemove(dir: string, procsFile: string): void {
  for (let attempt = 0; attempt < 20; attempt++) {
    let pids: string[] = [];
    try {
      pids = readFileSync(join(dir, procsFile), "utf8").split("\n").filter(Boolean);
    } catch {
      return; // Gone.
    }
    for (const pid of pids) {
      try {
        process.kill(Number(pid), "SIGKILL");
      } catch {
        // Exited meanwhile.
      }
    }
    try {
      rmdirSync(dir);
      return;
    } catch {
      // Still emptying: dying processes leave the group a moment later.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

function sweepDir(parent: string): void {
  let entries: string[] = [];
  try {
    entries = readdirSync(parent, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return;
  }
  for (const name of entries) {
    // Named <bot>.<runner pid>.<stamp>: only groups of runners that are gone (several runners
    // may share a host, and each sweeps at start).
    const owner = Number(name.split(".")[1]);
    if (Number.isInteger(owner) && owner > 0 && runnerAlive(owner)) continue;
    killAndRemove(join(parent, name), "cgroup.procs");
  }
}

function runnerAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

class V1Driver implements CgroupDriver {
  readonly version = 1;
  constructor(private readonly parents: { memory: string; pids: string; cpu: string }) {}

  create(name: string, limits: CgroupLimits): BotCgroup {
    const dirs = {
      memory: join(this.parents.memory, name),
      pids: join(this.parents.pids, name),
      cpu: join(this.parents.cpu, name),
    };
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    const bytes = limits.memoryMb * 1024 * 1024;
    write(join(dirs.memory, "memory.limit_in_bytes"), bytes);
    // memory+swap equal to memory: no swap (only where the kernel accounts swap).
    if (existsSync(join(dirs.memory, "memory.memsw.limit_in_bytes"))) {
      write(join(dirs.memory, "memory.memsw.limit_in_bytes"), bytes);
    }
    try {
      write(join(dirs.memory, "memory.swappiness"), 0);
    } catch {
      // Not settable under some parents; memsw above is the real limit.
    }
    write(join(dirs.pids, "pids.max"), limits.pidsMax);
    write(join(dirs.cpu, "cpu.cfs_period_us"), cpuPeriodUs);
    write(join(dirs.cpu, "cpu.cfs_quota_us"), Math.round((cpuPeriodUs * limits.cpuPercent) / 100));
    writeIfPresent(join(dirs.cpu, "cpu.cfs_burst_us"), burstUs(limits));
    return {
      procsFiles: Object.values(dirs).map((dir) => join(dir, "cgroup.procs")),
      oomKills: () => counter(join(dirs.memory, "memory.oom_control"), "oom_kill"),
      remove: () => {
        for (const dir of Object.values(dirs)) killAndRemove(dir, "cgroup.procs");
      },
    };
  }

  sweep(): void {
    for (const parent of Object.values(this.parents)) sweepDir(parent);
  }
}

class V2Driver implements CgroupDriver {
  readonly version = 2;
  constructor(private readonly parent: string) {}

  create(name: string, limits: CgroupLimits): BotCgroup {
    const dir = join(this.parent, name);
    mkdirSync(dir, { recursive: true });
    write(join(dir, "memory.max"), limits.memoryMb * 1024 * 1024);
    if (existsSync(join(dir, "memory.swap.max"))) write(join(dir, "memory.swap.max"), 0);
    write(join(dir, "pids.max"), limits.pidsMax);
    write(join(dir, "cpu.max"), `${Math.round((cpuPeriodUs * limits.cpuPercent) / 100)} ${cpuPeriodUs}`);
    writeIfPresent(join(dir, "cpu.max.burst"), burstUs(limits));
    return {
      procsFiles: [join(dir, "cgroup.procs")],
      oomKills: () => counter(join(dir, "memory.events"), "oom_kill"),
      remove: () => killAndRemove(dir, "cgroup.procs"),
    };
  }

  sweep(): void {
    sweepDir(this.parent);
  }
}

function setUpV1(): CgroupDriver {
  const own = ownPaths();
  const parents = { memory: "", pids: "", cpu: "" };
  for (const controller of ["memory", "pids", "cpu"] as const) {
    const mount = join(root, controller);
    if (!existsSync(join(mount, "cgroup.procs"))) throw new Error(`the ${controller} cgroup controller is not mounted`);
    const parent = join(mount, own.get(controller) ?? "/", groupName);
    mkdirSync(parent, { recursive: true });
    parents[controller] = parent;
  }
  // Limits are per bot, so a parent with its own limit only caps them all together.
  try {
    write(join(parents.memory, "memory.use_hierarchy"), 1);
  } catch {
    // Already hierarchical (the default on current kernels) or fixed by the parent.
  }
  return new V1Driver(parents);
}

function setUpV2(): CgroupDriver {
  const own = ownPaths().get("") ?? "/";
  const base = join(root, own);
  const needed = ["memory", "pids", "cpu"];
  const available = readFileSync(join(base, "cgroup.controllers"), "utf8").trim().split(/\s+/);
  const missing = needed.filter((controller) => !available.includes(controller));
  if (missing.length > 0)
    throw new Error(`the ${missing.join(", ")} cgroup controllers are not delegated to the runner`);
  const enable = needed.map((controller) => `+${controller}`).join(" ");
  const parent = join(base, groupName);
  mkdirSync(parent, { recursive: true });
  try {
    write(join(base, "cgroup.subtree_control"), enable);
  } catch {
    // "No internal processes": a group with processes cannot hand controllers to children.
    // Move the runner into a leaf of its own first (as systemd services do).
    const leaf = join(base, "cipher-runner");
    mkdirSync(leaf, { recursive: true });
    write(join(leaf, "cgroup.procs"), process.pid);
    write(join(base, "cgroup.subtree_control"), enable);
  }
  write(join(parent, "cgroup.subtree_control"), enable);
  return new V2Driver(parent);
}

let detected: { driver: CgroupDriver } | { error: string } | null = null;

/** The host's cgroups, set up once for the runner; an error says why they cannot be used. */
export function cgroupDriver(): { driver: CgroupDriver } | { error: string } {
  if (detected) return detected;
  try {
    const v2 = existsSync(join(root, "cgroup.controllers"));
    detected = { driver: v2 ? setUpV2() : setUpV1() };
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "EACCES" || (error as NodeJS.ErrnoException).code === "EROFS"
        ? "the runner may not create cgroups (run it as root, or delegate a cgroup v2 subtree to its user)"
        : (error as Error).message;
    detected = { error: `No resource limits: ${reason}.` };
  }
  return detected;
}
