/**
 * The bot runner: reconciles every bot's process with its row (desiredState, restartNonce,
 * connectTo, archivedAt) on start, on each NOTIFY cipher_bot_desired and every pollIntervalMs,
 * and supervises each bot through a BotSupervisor.
 */
import { resolve } from "node:path";

import { db } from "@/lib/db";

import { listenForChanges } from "./listen";
import { LogSink, type LogSinkOptions } from "./log-sink";
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
}

export interface Runner {
  /** Reconciles now (tests; otherwise NOTIFY and the poll do it). */
  reconcile(): Promise<void>;
  /** Bots with a process right now. */
  stop(): Promise<void>;
  readonly botCount: number;
}

const activeStatuses = ["starting", "running", "stopping", "restarting"];

export async function startRunner(options: RunnerOptions): Promise<Runner> {
  const logs = new LogSink(options.logs);
  const context = {
    dataDir: resolve(options.dataDir),
    simulatorUrl: options.simulatorUrl.replace(/\/$/, ""),
    controlKey: options.controlKey,
    pythonBin: options.pythonBin ?? "python3",
    logs,
    timing: { ...defaultTiming, ...options.timing },
  };
  const supervisors = new Map<string, BotSupervisor>();
  let stopped = false;
  let reconciling: Promise<void> | null = null;
  let again = false;

  async function reconcileOnce(): Promise<void> {
    const bots: BotSnapshot[] = await db.bot.findMany({
      where: {
        OR: [{ desiredState: "running" }, { status: { in: activeStatuses } }, { id: { in: [...supervisors.keys()] } }],
      },
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
      },
    });
    if (stopped) return;
    const seen = new Set<string>();
    for (const bot of bots) {
      seen.add(bot.id);
      let supervisor = supervisors.get(bot.id);
      if (!supervisor) {
        supervisor = new BotSupervisor(bot, context);
        supervisors.set(bot.id, supervisor);
      }
      void supervisor.update(bot);
    }
    for (const [id, supervisor] of supervisors) {
      if (seen.has(id)) continue;
      supervisors.delete(id);
      void supervisor.close("The bot was deleted.");
    }
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

  await reconcile();
  const poll = setInterval(() => void reconcile(), options.pollIntervalMs);
  const listener = options.listenUrl ? listenForChanges(options.listenUrl, () => void reconcile()) : null;

  return {
    reconcile,
    get botCount() {
      return supervisors.size;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(poll);
      await listener?.close();
      await reconciling;
      await Promise.all([...supervisors.values()].map((supervisor) => supervisor.close("The runner shut down.")));
      supervisors.clear();
      await logs.close();
    },
  };
}
