/**
 * The bot runner: claims bots through leases (leases.ts), reconciles each leased bot's process
 * with its row (desiredState, restartNonce, connectTo, archivedAt) on start, on each NOTIFY
 * cipher_bot_desired and every pollIntervalMs, and supervises it through a BotSupervisor.
 * Every heartbeatMs it renews its leases (ending copies it lost), and records its host's and
 * its bots' numbers (host.ts, metrics.ts). stop() drains: bots stop and are handed over at once.
 */
import { resolve } from "node:path";

import { botsOverRunningLimit } from "@/lib/bots/running-limit";
import { db } from "@/lib/db";

import { HostReporter } from "./host";
import { LeaseTable } from "./leases";
import { listenForChanges } from "./listen";
import { LogSink, type LogSinkOptions } from "./log-sink";
import { BotSampler } from "./metrics";
import { MetricsRollup } from "./metrics-store";
import { SandboxHealth, type SandboxHealthOptions } from "./sandbox-health";
import { writeStatus } from "./status";
import { BotSupervisor, type BotSnapshot } from "./supervisor";
import { defaultTiming, type RunnerTiming } from "./timing";

export interface RunnerOptions {
  name: string;
  region: string;
  dataDir: string;
  simulatorUrl: string;
  controlKey: string;
  pollIntervalMs: number;
  pythonBin?: string;
  /** PostgreSQL URL for the LISTEN connection; null: poll only. */
  listenUrl?: string | null;
  timing?: Partial<RunnerTiming>;
  logs?: LogSinkOptions;
  /** Most bots this runner holds (default 500); it claims at most its fair share while others are alive. */
  capacity?: number;
  /** A lease lasts this long without renewal (default 15 s): another runner takes the bots within it. */
  leaseTtlMs?: number;
  /** Lease renewal, RunnerHost heartbeat and metrics sample interval (default 5 s). */
  heartbeatMs?: number;
  /** The sandbox check's schedule, or (tests) a self-test that fails on purpose. */
  sandbox?: Pick<SandboxHealthOptions, "policy" | "selfTest">;
}

export interface Runner {
  /** This runner's sandbox check (its verdict, and when it runs again). */
  readonly sandbox: SandboxHealth;
  /** Reconciles now (tests; otherwise NOTIFY and the poll do it). */
  reconcile(): Promise<void>;
  /** Drain: stop every bot gracefully, hand its lease back at once, mark the host draining. */
  stop(): Promise<void>;
  /**
   * Tests: behave as if the process was killed with SIGKILL: timers stop, bot processes are
   * killed, nothing is written and no lease is released.
   */
  kill(): Promise<void>;
  /** Bots supervised right now. */
  readonly botCount: number;
  /** Bots whose lease this runner holds. */
  heldBots(): string[];
}

export async function startRunner(options: RunnerOptions): Promise<Runner> {
  const logs = new LogSink({ dataDir: options.dataDir, ...options.logs });
  const context = {
    dataDir: resolve(options.dataDir),
    simulatorUrl: options.simulatorUrl.replace(/\/$/, ""),
    controlKey: options.controlKey,
    pythonBin: options.pythonBin ?? "python3",
    logs,
    timing: { ...defaultTiming, ...options.timing },
  };
  // Fail closed: until the sandbox check passes no bot starts here (operators see why on Hosting);
  // it keeps being checked, and waiting bots start as soon as it passes.
  const loopbackPorts = [options.simulatorUrl, options.listenUrl]
    .map((url) => {
      try {
        return Number(new URL(url ?? "").port) || null;
      } catch {
        return null;
      }
    })
    .filter((port): port is number => port !== null);
  const sandbox = new SandboxHealth({
    name: options.name,
    dataDir: context.dataDir,
    hostPorts: loopbackPorts,
    pythonBin: "/usr/bin/python3",
    ...options.sandbox,
  });
  const heartbeatMs = options.heartbeatMs ?? 5000;
  const leases = new LeaseTable({
    runnerName: options.name,
    ttlMs: options.leaseTtlMs ?? 15_000,
    capacity: options.capacity ?? 500,
  });
  const supervisorContext = { ...context, sandbox, leaseOf: (botId: string) => leases.get(botId) };
  const host = new HostReporter({ name: options.name, region: options.region, dataDir: context.dataDir, sandbox });
  const sampler = new BotSampler();
  const rollup = new MetricsRollup();
  const supervisors = new Map<string, BotSupervisor>();
  let stopped = false;
  let reconciling: Promise<void> | null = null;
  let again = false;

  async function reconcileOnce(): Promise<void> {
    // A failed claim must not keep the bots already held from converging.
    await leases.claim().catch((error: unknown) => console.error("[runner] claiming bots failed:", error));
    if (stopped) return;
    const held = leases.ids();
    const bots: BotSnapshot[] = await db.bot.findMany({
      where: { id: { in: held } },
      select: {
        id: true,
        userId: true,
        name: true,
        desiredState: true,
        archivedAt: true,
        restartNonce: true,
        connectTo: true,
        restartPolicy: true,
        status: true,
        kind: true,
      },
    });
    if (stopped) return;
    // The plan's cap on bots running at once holds whatever wrote the row: a bot beyond it is
    // not run, and says why (lib/bots/running-limit.ts decides, as Start does).
    const overLimit = await botsOverRunningLimit(
      bots.filter((bot) => bot.desiredState === "running" && !bot.archivedAt).map((bot) => bot.userId),
    );
    const seen = new Set<string>();
    // Settled on stopped/crashed and still not wanted: hand the bot back, so whichever runner has
    // room starts it next. Checked before update(), which would queue a (no-op) converge.
    const settled: string[] = [];
    for (const row of bots) {
      seen.add(row.id);
      const refusal = overLimit.get(row.id);
      const bot = refusal ? { ...row, desiredState: "stopped" } : row;
      const lease = refusal ? leases.get(row.id) : null;
      if (refusal && lease && ["stopped", "crashed"].includes(row.status) && !supervisors.get(row.id)?.processInfo) {
        await writeStatus(
          row.id,
          { status: "stopped", reason: refusal, stopDesired: { restartNonce: row.restartNonce } },
          lease,
        );
      }
      const wanted = bot.desiredState === "running" && !bot.archivedAt;
      if (!wanted && supervisors.get(bot.id)?.idle) {
        settled.push(bot.id);
        continue;
      }
      let supervisor = supervisors.get(bot.id);
      if (!supervisor) {
        supervisor = new BotSupervisor(bot, supervisorContext);
        supervisors.set(bot.id, supervisor);
      }
      void supervisor.update(bot);
    }
    for (const [id, supervisor] of supervisors) {
      if (seen.has(id) || !held.includes(id)) continue;
      supervisors.delete(id);
      void supervisor.close("The bot was deleted.");
    }
    leases.forget(held.filter((id) => !seen.has(id)));
    for (const id of settled) supervisors.delete(id);
    await leases.release(settled);
  }

  /** The lease is gone: end this copy at once (another runner may already run the bot). */
  function abandon(ids: string[], why: string): void {
    leases.forget(ids);
    for (const id of ids) {
      const supervisor = supervisors.get(id);
      if (!supervisor) continue;
      supervisors.delete(id);
      console.warn(`[runner] ${options.name}: ${why}; ending bot ${id}.`);
      void supervisor.abandon();
    }
  }

  let beating: Promise<void> | null = null;
  async function heartbeatOnce(): Promise<void> {
    try {
      const lost = await leases.renew();
      if (lost.length) abandon(lost, "lease lost to another runner");
    } catch (error) {
      console.error("[runner] lease renewal failed:", error);
      if (leases.mustFence()) abandon(leases.ids(), "could not renew leases in time");
    }
    try {
      await host.beat({ draining: stopped });
      const rows = sampler.sample(supervisors);
      await sampler.record(rows);
      await rollup.tick(new Date());
    } catch (error) {
      console.error("[runner] heartbeat failed:", error);
    }
  }
  function heartbeat(): void {
    beating ??= heartbeatOnce().finally(() => (beating = null));
  }

  function reconcile(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (reconciling) {
      again = true;
      return reconciling;
    }
    reconciling = (async () => {
      do {
        again = false;
        try {
          await reconcileOnce();
        } catch (error) {
          console.error("[runner] reconcile failed:", error);
        }
      } while (again && !stopped);
      reconciling = null;
    })();
    return reconciling;
  }

  await host.register();
  let sandboxMode = sandbox.state.mode;
  sandbox.onChange((state) => {
    if (stopped) return;
    // Hosting shows the new verdict at once, not at the next heartbeat.
    void host.reportSandbox().catch((error: unknown) => console.error("[runner] reporting the sandbox failed:", error));
    if (state.mode === sandboxMode) return;
    sandboxMode = state.mode;
    // Waiting bots start now, or say the check failed instead of that it is running.
    for (const supervisor of supervisors.values()) void supervisor.sandboxChanged();
    if (state.mode === "isolated") void reconcile();
  });
  // Its health is served while the first check runs; bots are claimed after its verdict, so a
  // start is not refused only because the check had not ended.
  const beat = setInterval(heartbeat, heartbeatMs);
  await sandbox.start();
  await reconcile();
  const poll = setInterval(() => void reconcile(), options.pollIntervalMs);
  const listener = options.listenUrl ? listenForChanges(options.listenUrl, () => void reconcile()) : null;

  return {
    sandbox,
    reconcile,
    get botCount() {
      return supervisors.size;
    },
    heldBots: () => leases.ids(),
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(poll);
      await sandbox.stop();
      await listener?.close();
      await reconciling;
      // Draining: others stop counting this runner; leases stay renewed until each bot is down.
      await host.beat({ draining: true }).catch(() => {});
      await Promise.all(
        [...supervisors].map(async ([id, supervisor]) => {
          await supervisor.close("The runner shut down.");
          await leases.release([id]);
        }),
      );
      supervisors.clear();
      clearInterval(beat);
      await beating;
      await leases.release(leases.ids());
      await logs.close();
    },
    async kill() {
      if (stopped) return;
      stopped = true;
      void sandbox.stop();
      clearInterval(poll);
      clearInterval(beat);
      await listener?.close();
      leases.forget(leases.ids());
      await Promise.all([...supervisors.values()].map((supervisor) => supervisor.abandon()));
      supervisors.clear();
      await logs.close();
    },
  };
}
