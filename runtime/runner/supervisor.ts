/**
 * Keeps one bot in the state its row asks for. Every change goes through one queue per bot,
 * so a start, a stop, a crash and a restart never interleave. Crashes restart with backoff
 * until the crash-loop limit; an intentional stop is never a crash.
 */
import { botDatabase } from "@/lib/bots/kv";
import { notify } from "@/lib/notifications/service";

import { AnalyticsForwarder } from "./analytics";
import { BotProcess, describeExit, writePidFile, type ExitInfo } from "./bot-process";
import { callDatabase } from "./database-bridge";
import type { Lease } from "./leases";
import type { Materialised } from "./materialise";
import { ConfigurationError, prepareRun, type PrepareContext } from "./prepare-run";
import { sandboxRequest } from "./sandbox";
import { SandboxUnavailableError } from "./sandbox-health";
import { writeStatus, type BotStatus, type StatusChange } from "./status";
import { startWatchdog } from "./watchdog";

export interface BotSnapshot {
  id: string;
  userId: string;
  name: string;
  desiredState: string;
  archivedAt: Date | null;
  restartNonce: number;
  connectTo: string;
  restartPolicy: string;
  status: string;
  /** "proof": a builder proof's short-lived copy (its crash is the proof's to report, not a notification). */
  kind?: string;
}

export interface SupervisorContext extends PrepareContext {
  /** With leases: the lease this runner holds on the bot (null: not held, write nothing). */
  leaseOf?: (botId: string) => Lease | null;
}

/** What the metrics sampler reads about a bot's current process. */
export interface ProcessInfo {
  pid: number;
  spawnedAt: number;
  readyAt: number | null;
  latencyMs: number | null;
}

interface Run {
  process: BotProcess;
  nonce: number;
  connectTo: string;
  readyAt: number | null;
  /** Set when the runner ends the process on purpose: its exit is not a crash. */
  intentional: boolean;
  failure: string | null;
  readyTimer: NodeJS.Timeout | null;
  /** The plan's memory cap, enforced by the kernel (cgroup) and reported when it killed the bot. */
  memoryMb: number;
}

export class BotSupervisor {
  private snapshot: BotSnapshot;
  private run: Run | null = null;
  private status: string;
  private queue: Promise<void> = Promise.resolve();
  private backoff: NodeJS.Timeout | null = null;
  private backoffKey = "";
  private crashes: number[] = [];
  private consecutive = 0;
  private wanted = false;
  private closed = false;
  private convergeQueued: Promise<void> | null = null;
  private deploying: BotProcess | null = null;
  private analytics: AnalyticsForwarder;
  private pending = 0;
  /** Set when another runner took the bot: this copy is ended and writes nothing more. */
  private fenced = false;
  /** The restartNonce a start was refused for because this host cannot isolate bots (retried by sandboxChanged or a new Start). */
  private refusedNonce: number | null = null;
  /** The restartNonce for which this runner itself set desiredState to stopped (crash, bad files). */
  private stoppedFor: number | null = null;
  /** Restarts after a crash so far (the metrics sampler reports the difference per interval). */
  restarts = 0;

  constructor(
    snapshot: BotSnapshot,
    private readonly context: SupervisorContext,
  ) {
    this.snapshot = snapshot;
    this.status = snapshot.status;
    this.analytics = new AnalyticsForwarder(snapshot.id, snapshot.userId);
  }

  get botId(): string {
    return this.snapshot.id;
  }

  /** The latest row from the database: converge on it. */
  update(snapshot: BotSnapshot): Promise<void> {
    if (
      this.stoppedFor === snapshot.restartNonce &&
      snapshot.desiredState === "running" &&
      snapshot.status !== this.status
    ) {
      // Read before this runner's own "crashed, stay stopped" write landed: not a new Start (a
      // Start after it finds the status this runner wrote). Acting on it restarted the bot.
      snapshot = { ...snapshot, desiredState: "stopped" };
    } else if (snapshot.desiredState === "running") {
      this.stoppedFor = null;
    }
    this.snapshot = snapshot;
    // Polls arrive every half second; one waiting converge sees the latest snapshot anyway.
    if (this.convergeQueued) return this.convergeQueued;
    this.convergeQueued = this.enqueue(() => {
      this.convergeQueued = null;
      return this.converge();
    });
    return this.convergeQueued;
  }

  /** The runner's sandbox check changed its verdict: a start it refused is tried again (if still wanted). */
  sandboxChanged(): Promise<void> {
    if (this.refusedNonce === null) return Promise.resolve();
    this.refusedNonce = null;
    return this.update(this.snapshot);
  }

  /** Runner shutdown or bot deleted: stop the process (status written if the bot still exists). */
  close(reason: string): Promise<void> {
    this.closed = true;
    void this.deploying?.stop(1000);
    return this.enqueue(() => this.stopRun(reason));
  }

  /**
   * The lease is gone (another runner holds the bot now, or may at any moment): end this copy
   * at once with SIGKILL, without waiting for the queue and without writing any status.
   */
  abandon(): Promise<void> {
    this.fenced = true;
    this.closed = true;
    if (this.backoff) clearTimeout(this.backoff);
    this.backoff = null;
    void this.deploying?.stop(0);
    const run = this.run;
    this.run = null;
    if (!run) return Promise.resolve();
    run.intentional = true;
    if (run.readyTimer) clearTimeout(run.readyTimer);
    return run.process.stop(0).then(() => {});
  }

  /** Nothing to do and nothing wanted: the runner may hand the bot back. */
  get idle(): boolean {
    const wanted = this.snapshot.desiredState === "running" && !this.snapshot.archivedAt;
    return (
      !wanted &&
      !this.run &&
      !this.backoff &&
      !this.deploying &&
      this.pending === 0 &&
      ["stopped", "crashed"].includes(this.status)
    );
  }

  get processInfo(): ProcessInfo | null {
    const run = this.run;
    const pid = run?.process.child.pid;
    if (!run || !pid || !run.process.running) return null;
    return { pid, spawnedAt: run.process.spawnedAt, readyAt: run.readyAt, latencyMs: run.process.latencyMs };
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    this.pending += 1;
    const next = this.queue
      .then(task)
      .catch((error: unknown) => {
        // The operator's log too: an error may quote what the bot was given.
        console.error(`[runner] bot ${this.botId}: ${this.redact(String((error as Error)?.stack ?? error))}`);
        this.context.logs.add(this.botId, "system", `Runner error: ${(error as Error).message}`);
      })
      .finally(() => {
        this.pending -= 1;
      });
    this.queue = next;
    return next;
  }

  private log(line: string): void {
    this.context.logs.add(this.botId, "system", line);
  }

  /** The log sink's redactor: no secret of this bot and no host path in what its owner sees. */
  private redact(text: string): string {
    return this.context.logs.redact(this.botId, text);
  }

  private async setStatus(change: StatusChange): Promise<void> {
    if (this.fenced) return;
    this.status = change.status;
    // Reasons quote errors (a launch failure, a bot's own exception): redacted like a log line.
    change = { ...change, reason: this.redact(change.reason) };
    this.log(`Status: ${change.status}. ${change.reason}`);
    const leaseOf = this.context.leaseOf;
    if (!leaseOf) return writeStatus(this.botId, change);
    const lease = leaseOf(this.botId);
    if (lease) await writeStatus(this.botId, change, lease);
  }

  private async converge(): Promise<void> {
    if (this.closed) return;
    const bot = this.snapshot;
    const wantRunning = bot.desiredState === "running" && !bot.archivedAt;
    if (!wantRunning) {
      this.wanted = false;
      const reason = bot.archivedAt ? "The bot was deleted." : "Stopped.";
      if (this.run || this.backoff) await this.stopRun(reason);
      else if (!["stopped", "crashed"].includes(this.status)) await this.setStatus({ status: "stopped", reason });
      return;
    }
    if (!this.wanted) {
      // A fresh Start: earlier crashes no longer count.
      this.wanted = true;
      this.crashes = [];
      this.consecutive = 0;
    }
    const run = this.run;
    if (run && run.nonce === bot.restartNonce && run.connectTo === bot.connectTo) return;
    if (!run && this.refusedNonce === bot.restartNonce) return;
    if (run) {
      const why = run.connectTo !== bot.connectTo ? `Connecting to ${bot.connectTo} instead.` : "Restart requested.";
      await this.endRun(run, { status: "stopping", reason: why });
      await this.startRun(why);
      return;
    }
    if (this.backoff) {
      // Restart pressed (or the connection changed) while waiting out a backoff: start now.
      if (this.backoffKey === `${bot.restartNonce}:${bot.connectTo}`) return;
      clearTimeout(this.backoff);
      this.backoff = null;
      await this.startRun("Restart requested.");
      return;
    }
    await this.startRun("Starting.");
  }

  private async startRun(reason: string): Promise<void> {
    await this.setStatus({ status: "starting", reason, startedAt: null });
    const bot = this.snapshot;
    try {
      const { bundle, env, memoryMb, simulator } = await prepareRun(this.botId, this.context, {
        log: (line) => this.log(line),
        deploying: (process) => (this.deploying = process),
      });
      if (this.closed) return;
      await this.spawnRun(bot, bundle, env, memoryMb, simulator);
    } catch (error) {
      if (error instanceof SandboxUnavailableError) {
        // Fail closed: the operator sees why on Hosting and in the runner's log; the user sees
        // that the server, not their bot, is the problem. Tried again by sandboxChanged() once a check passes.
        console.error(`[runner] bot ${this.botId} not started yet: ${error.message}`);
        this.refusedNonce = bot.restartNonce;
        await this.setStatus(
          error.checking
            ? {
                status: "starting",
                reason: "Waiting for this server's sandbox check to finish; the bot starts as soon as it passes.",
              }
            : {
                status: "stopped",
                reason:
                  "This server cannot run bots safely right now (its sandbox check failed), so the bot has not started. It starts by itself once a later check passes; the operators have been told.",
              },
        );
        // The verdict changed while this start was being refused: sandboxChanged() came too early.
        const now = this.context.sandbox.state.mode;
        if (now === "isolated" || (error.checking && now === "unavailable")) void this.sandboxChanged();
        return;
      }
      if (error instanceof ConfigurationError) {
        await this.setStatus({
          status: "crashed",
          reason: error.message,
          stopDesired: { restartNonce: bot.restartNonce },
        });
        this.snapshot = { ...this.snapshot, desiredState: "stopped" };
        this.stoppedFor = bot.restartNonce;
        this.wanted = false;
        return;
      }
      await this.crashed(null, (error as Error).message);
    }
  }

  private async spawnRun(
    bot: BotSnapshot,
    bundle: Materialised,
    env: Record<string, string>,
    memoryMb: number,
    simulator: { host: string; port: number } | null,
  ): Promise<void> {
    this.log(`Starting ${bundle.entry} (${bundle.kind === "python" ? "Python" : "Node.js"}, ${bot.connectTo}).`);
    const launched = await this.context.sandbox.launch(
      sandboxRequest(bundle, this.botId, bundle.entry, env, this.context.pythonBin, { memoryMb, simulator }),
    );
    const run: Run = {
      process: null as unknown as BotProcess,
      nonce: bot.restartNonce,
      connectTo: bot.connectTo,
      readyAt: null,
      intentional: false,
      failure: null,
      readyTimer: null,
      memoryMb,
    };
    const database = botDatabase(this.botId);
    run.process = new BotProcess(
      launched,
      this.botId,
      this.context.logs,
      (message) => {
        // Marked at once (not when the queue gets to it), so a busy queue cannot make the
        // ready timeout fire for a bot that did connect.
        if (run.readyAt || !run.process.running) return;
        run.readyAt = Date.now();
        if (run.readyTimer) clearTimeout(run.readyTimer);
        void this.enqueue(() => this.ready(run, message.user?.tag));
      },
      (request) => callDatabase(database, request),
      (message) => this.analytics.add(message.events),
    );
    writePidFile(bundle.root, run.process.child.pid);
    this.watch(run);
    this.run = run;
    run.readyTimer = setTimeout(() => {
      if (run.readyAt || !run.process.running) return;
      run.failure = `Did not connect within ${Math.round(this.context.timing.readyTimeoutMs / 1000)} s.`;
      void run.process.stop(this.context.timing.stopGraceMs);
    }, this.context.timing.readyTimeoutMs);
    void run.process.exited.then((exit) => {
      if (run.readyTimer) clearTimeout(run.readyTimer);
      void this.analytics.flush();
      if (!run.intentional) void this.enqueue(() => this.exitedUnexpectedly(run, exit));
    });
  }

  /** Memory, CPU and heartbeat limits: a violation stops the bot and counts as a crash. */
  private watch(run: Run): void {
    const { timing } = this.context;
    const process = run.process;
    startWatchdog(
      {
        pid: process.child.pid,
        get running() {
          return process.running;
        },
        get lastHeartbeatAt() {
          return process.lastHeartbeatAt;
        },
      },
      {
        // Enforced by the kernel (the bot's cgroup, no swap): summing the resident memory of a
        // process tree counts shared pages once per process and would stop a bot that forks.
        memoryMb: null,
        sampleMs: timing.watchdogSampleMs,
        cpuPercent: timing.cpuLimitPercent,
        cpuWindowMs: timing.cpuWindowMs,
        heartbeatTimeoutMs: timing.heartbeatTimeoutMs,
      },
      (reason) => {
        if (this.run !== run || run.intentional) return;
        run.failure = reason;
        this.log(`${reason} Stopping it.`);
        void process.stop(Math.min(timing.stopGraceMs, 2000));
      },
    );
  }

  private async ready(run: Run, tag: string | undefined): Promise<void> {
    if (this.run !== run || !run.process.running || !run.readyAt) return;
    const seconds = ((run.readyAt - run.process.spawnedAt) / 1000).toFixed(2);
    await this.setStatus({
      status: "running",
      reason: `Connected${tag ? ` as ${tag}` : ""} in ${seconds} s.`,
      startedAt: new Date(run.readyAt),
    });
  }

  private async exitedUnexpectedly(run: Run, exit: ExitInfo): Promise<void> {
    if (this.run !== run || run.intentional) return;
    this.run = null;
    if (run.readyAt && Date.now() - run.readyAt >= this.context.timing.stableAfterMs) this.consecutive = 0;
    const reason =
      run.failure ??
      (run.process.oomKilled()
        ? `Used more than ${run.memoryMb} MB of memory.`
        : `Exited unexpectedly (${describeExit(exit)}).`);
    await this.crashed(exit.code, reason);
  }

  /** A crash: restart after a backoff, or stay crashed at the policy's or loop's limit. */
  private async crashed(exitCode: number | null, reason: string): Promise<void> {
    // Redacted before anything uses it: the status and the owner's notification alike.
    reason = this.redact(reason);
    const { timing } = this.context;
    const now = Date.now();
    this.crashes = [...this.crashes.filter((at) => now - at < timing.crashWindowMs), now];
    const stayStopped = this.snapshot.restartPolicy === "stay-stopped";
    const looping = this.crashes.length >= timing.crashLimit;
    if (stayStopped || looping || this.closed) {
      const why = looping
        ? `${reason} It crashed ${this.crashes.length} times within ${Math.round(timing.crashWindowMs / 60_000)} minutes, so it stays stopped.`
        : reason;
      await this.setStatus({
        status: "crashed",
        reason: why,
        exitCode,
        stopDesired: this.closed ? undefined : { restartNonce: this.snapshot.restartNonce },
      });
      if (this.closed) return;
      this.snapshot = { ...this.snapshot, desiredState: "stopped" };
      this.stoppedFor = this.snapshot.restartNonce;
      this.wanted = false;
      if (this.snapshot.kind === "proof") return;
      await notify(this.snapshot.userId, {
        kind: "bot_crashed",
        title: `${this.snapshot.name} crashed`,
        body: why,
        href: `/dashboard/bots/${this.botId}`,
      }).catch((error: unknown) => console.error("[runner] could not notify:", error));
      return;
    }
    this.consecutive += 1;
    this.restarts += 1;
    const delay = Math.min(timing.backoffCapMs, timing.backoffBaseMs * 2 ** (this.consecutive - 1));
    await this.setStatus({ status: "restarting", reason: `${reason} Restarting in ${formatDelay(delay)}.`, exitCode });
    this.backoffKey = `${this.snapshot.restartNonce}:${this.snapshot.connectTo}`;
    this.backoff = setTimeout(() => {
      this.backoff = null;
      void this.enqueue(() => this.converge());
    }, delay);
  }

  /** Stops whatever runs (or waits to restart) and records `stopped` with the reason. */
  private async stopRun(reason: string): Promise<void> {
    if (this.backoff) clearTimeout(this.backoff);
    this.backoff = null;
    const run = this.run;
    if (run) {
      const exit = await this.endRun(run, { status: "stopping", reason });
      await this.setStatus({ status: "stopped", reason, exitCode: exit.code });
    } else if (!["stopped", "crashed"].includes(this.status)) {
      await this.setStatus({ status: "stopped", reason });
    }
  }

  private async endRun(run: Run, change: { status: BotStatus; reason: string }): Promise<ExitInfo> {
    run.intentional = true;
    if (run.readyTimer) clearTimeout(run.readyTimer);
    this.run = null;
    if (run.process.running) await this.setStatus(change);
    return run.process.stop(this.context.timing.stopGraceMs);
  }
}

function formatDelay(ms: number): string {
  return ms >= 60_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 100) / 10} s`;
}
