/**
 * One OS process of a bot, launched in its sandbox (isolation/launch.ts): its stdout/stderr
 * fed line by line to the log sink, its readiness reports read from fd 3, its exit awaited
 * (and its sandbox's cgroups, relay and egress removed), and stopped with SIGTERM then SIGKILL
 * after a grace period.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { constants, setPriority } from "node:os";
import { join } from "node:path";
import type { Duplex } from "node:stream";

import { attachChannel, type ReadyMessage, type RequestHandler } from "./channel";
import type { LaunchedSandbox } from "./isolation/launch";
import { lineSplitter, type LogSink } from "./log-sink";
import { processTree } from "./watchdog";

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export type { HeartbeatMessage, ReadyMessage, RequestHandler, RequestMessage } from "./channel";

export class BotProcess {
  readonly child: ChildProcess;
  readonly exited: Promise<ExitInfo>;
  readonly spawnedAt = Date.now();
  exitInfo: ExitInfo | null = null;
  private readonly sandboxed: boolean;
  /** The bot's latest gateway ping in ms (discord.js `client.ws.ping`, discord.py `latency`), reported every 5 s. */
  latencyMs: number | null = null;
  /** When the bot's event loop last reported in over fd 3 (heartbeat or any message). */
  lastHeartbeatAt: number | null = null;

  /** True when the kernel killed a process of this bot for memory (its cgroup's limit). */
  readonly oomKilled: () => boolean;

  constructor(
    launched: Pick<LaunchedSandbox, "child" | "started" | "cleanup" | "oomKilled">,
    botId: string,
    logs: LogSink,
    onReady: (message: ReadyMessage) => void = () => {},
    onRequest: RequestHandler | null = null,
    /** Other messages from the bot's preload / sitecustomize (analytics batches). */
    onMessage: ((message: { type: string; [key: string]: unknown }) => void) | null = null,
  ) {
    this.sandboxed = true;
    this.child = launched.child;
    this.oomKilled = launched.oomKilled;
    launched.started.catch((error: unknown) =>
      logs.add(botId, "system", `Could not set up the bot's sandbox: ${(error as Error).message}`),
    );
    try {
      // Bots yield the CPU to the web app, the simulator and the runner itself.
      if (this.child.pid) setPriority(this.child.pid, 10);
    } catch {
      // Not permitted here: run at normal priority.
    }
    const streams = [
      [this.child.stdout, "stdout"],
      [this.child.stderr, "stderr"],
    ] as const;
    const ends: Promise<void>[] = [];
    for (const [stream, name] of streams) {
      if (!stream) continue;
      const splitter = lineSplitter((line, cut) => logs.add(botId, name, line, cut));
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => splitter.push(chunk));
      ends.push(new Promise((resolve) => stream.once("close", () => (splitter.end(), resolve()))));
    }
    const channel = this.child.stdio[3] as Duplex | null;
    if (channel) {
      attachChannel(channel, {
        onAlive: () => (this.lastHeartbeatAt = Date.now()),
        onHeartbeat: (ping) => {
          if (typeof ping === "number" && Number.isFinite(ping) && ping >= 0) this.latencyMs = Math.round(ping);
        },
        onReady,
        onAnalytics: (message) => onMessage?.(message),
        onRequest,
        log: (line) => logs.add(botId, "system", line),
      });
    }
    this.exited = new Promise((resolve) => {
      this.child.once("error", (error) => {
        logs.add(botId, "system", `Could not start the process: ${error.message}`);
        // A failed spawn emits no exit event.
        if (this.child.pid === undefined) finish(127, null);
      });
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (this.exitInfo) return;
        this.exitInfo = { code, signal };
        void Promise.race([Promise.all(ends), new Promise((r) => setTimeout(r, 1000))])
          .then(() => launched.cleanup())
          .catch((error: unknown) => console.error(`[runner] ${botId}: sandbox cleanup failed:`, error))
          .then(() => resolve(this.exitInfo!));
      };
      this.child.once("exit", (code, signal) => {
        // bubblewrap exits with 128 + n when the bot was ended by signal n.
        const name = this.sandboxed && code !== null && code > 128 ? signalName(code - 128) : null;
        if (name) finish(null, name);
        else finish(code, signal);
      });
    });
  }

  /**
   * bubblewrap does not pass signals on: SIGTERM goes to the bot's own processes inside the
   * sandbox (so its shutdown handlers run); SIGKILL to bubblewrap too (--die-with-parent then
   * ends whatever is left).
   */
  private signal(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (!this.sandboxed || !pid) {
      this.child.kill(signal);
      return;
    }
    const inside = processTree(pid).filter((child) => child !== pid && !isBubblewrap(child));
    for (const child of inside) {
      try {
        process.kill(child, signal);
      } catch {
        // Gone already.
      }
    }
    if (signal === "SIGKILL" || inside.length === 0) this.child.kill(signal);
  }

  get running(): boolean {
    return this.exitInfo === null;
  }

  /** SIGTERM, then SIGKILL if it is still alive after graceMs. Resolves when it has exited. */
  async stop(graceMs: number): Promise<ExitInfo> {
    if (this.running) this.signal("SIGTERM");
    const timer = setTimeout(() => {
      if (this.running) this.signal("SIGKILL");
    }, graceMs);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Remembers the bot's pid so a runner that was killed can end the process it left behind. */
export function writePidFile(root: string, pid: number | undefined): void {
  if (pid) writeFileSync(join(root, "pid"), String(pid));
}

export function killLeftover(root: string, appDir: string): void {
  const file = join(root, "pid");
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(file, "utf8"), 10);
  } catch {
    return;
  }
  try {
    // Only if that pid is still one of our bot processes (same working directory).
    if (Number.isFinite(pid) && readlinkSync(`/proc/${pid}/cwd`) === appDir) process.kill(pid, "SIGKILL");
  } catch {
    // Gone already.
  }
  rmSync(file, { force: true });
}

function isBubblewrap(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "bwrap";
  } catch {
    return false;
  }
}

function signalName(number: number): NodeJS.Signals | null {
  const entry = Object.entries(constants.signals).find(([, value]) => value === number);
  return entry ? (entry[0] as NodeJS.Signals) : null;
}

export function describeExit(exit: ExitInfo): string {
  return exit.signal ? `signal ${exit.signal}` : `exit code ${exit.code}`;
}
