/**
 * The runtime services that run beside the web app (runtime/README.md): the Discord simulator
 * and the bot runner, each its own process. `npm start`, `npm run dev` and the e2e server start
 * them here. A service that dies is started again, forever, with a growing pause
 * (restart-policy.ts); none of them ever stops the web app. Each one's health (up, restarting,
 * the last exit and what it wrote to stderr before it) is recorded for Hosting and /status.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve as resolvePath } from "node:path";

import { runtimeServiceLabels, safeStderrTail } from "../../lib/hosting/service-health";
import { deriveSimulatorKeys } from "../../lib/simulator/config";
import { projectRoot } from "../db/engine";
import {
  decideRestart,
  defaultRestartPolicy,
  notStarted,
  type RestartPolicy,
  type ServiceEvent,
  type SupervisedService,
} from "./restart-policy";
import { withServiceDatabase } from "./service-databases";
import { databaseHealthReporter, type HealthReporter } from "./service-health-writer";

export const runtimeServices = {
  simulator: join(projectRoot, "runtime", "simulator", "main.ts"),
  runner: join(projectRoot, "runtime", "runner", "main.ts"),
} as const;
export type RuntimeServiceName = keyof typeof runtimeServices;

export interface RunningServices {
  stop(): Promise<void>;
  /** The service's current process id, while one runs. */
  pid(name: RuntimeServiceName): number | undefined;
  state(name: RuntimeServiceName): SupervisedService;
}

export interface RuntimeServicesOptions {
  names?: RuntimeServiceName[];
  policy?: RestartPolicy;
  /** Where health is recorded. Default: PostgreSQL, as the web app's role (null: nowhere). */
  reporter?: HealthReporter | null;
  /** Each change of a service's state, after the policy decided it. */
  onChange?: (name: RuntimeServiceName, state: SupervisedService) => void;
}

/** Secrets of the web app that neither runtime service needs. */
const webOnlySecrets = ["AUTH_SECRET", "AUTH_GOOGLE_SECRET", "RESEND_API_KEY"] as const;

/**
 * Each service gets only the secrets it needs: the simulator its control key and token key
 * (derived from AUTH_SECRET, never AUTH_SECRET itself or the bot token key); the runner the
 * control key and the bot token key (it opens tokens and secret variables).
 */
export function serviceEnvironment(name: RuntimeServiceName, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const derived = env.AUTH_SECRET ? deriveSimulatorKeys(env.AUTH_SECRET) : null;
  const out: NodeJS.ProcessEnv = { ...env };
  for (const key of webOnlySecrets) delete out[key];
  out.SIMULATOR_CONTROL_KEY = env.SIMULATOR_CONTROL_KEY || derived?.controlKey;
  if (name === "simulator") {
    out.SIMULATOR_TOKEN_KEY = env.SIMULATOR_TOKEN_KEY || derived?.tokenKey;
    delete out.BOT_TOKEN_KEY;
    delete out.BOT_TOKEN_OLD_KEYS;
  } else {
    delete out.SIMULATOR_TOKEN_KEY;
  }
  return out;
}

/** Values a service's stderr must never carry into the database: its secrets and connection strings. */
function secretValues(env: NodeJS.ProcessEnv): string[] {
  return Object.entries(env)
    .filter(([name]) => /SECRET|TOKEN|KEY|PASSWORD|DATABASE_URL/i.test(name))
    .flatMap(([, value]) => (value ? [value, ...value.split(",")] : []))
    .map((value) => value.trim());
}

/** The last lines a process wrote to stderr, passed on to ours as they come. */
function stderrTail(child: ChildProcess, keep = 20): () => string[] {
  const lines: string[] = [];
  let partial = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    process.stderr.write(chunk);
    const parts = (partial + chunk.toString("utf8")).split("\n");
    partial = parts.pop()!.slice(-4_096);
    lines.push(...parts.map((line) => line.slice(0, 4_096)));
    if (lines.length > keep) lines.splice(0, lines.length - keep);
  });
  return () => (partial ? [...lines, partial] : [...lines]);
}

export function startRuntimeServices(env: NodeJS.ProcessEnv, options: RuntimeServicesOptions = {}): RunningServices {
  const policy = options.policy ?? defaultRestartPolicy;
  const webDatabase = withServiceDatabase("web", env).DATABASE_URL;
  const reporter =
    options.reporter === undefined ? (webDatabase ? databaseHealthReporter(webDatabase) : null) : options.reporter;
  const children = new Map<RuntimeServiceName, ChildProcess>();
  const timers = new Map<RuntimeServiceName, NodeJS.Timeout>();
  const states = new Map<RuntimeServiceName, SupervisedService>();
  // What each one wrote before its last unexpected exit, kept for every later report.
  const stderrs = new Map<RuntimeServiceName, string | null>();
  let stopping = false;

  const apply = (name: RuntimeServiceName, event: ServiceEvent, lastStderr?: string | null) => {
    const decision = decideRestart(states.get(name) ?? notStarted, event, policy);
    states.set(name, decision.next);
    if (decision.restartInMs !== null && lastStderr !== undefined) stderrs.set(name, lastStderr);
    reporter?.report({ service: name, state: decision.next, lastStderr: stderrs.get(name) ?? null });
    options.onChange?.(name, decision.next);
    return decision.restartInMs;
  };

  const launch = (name: RuntimeServiceName) => {
    const serviceEnv = serviceEnvironment(name, withServiceDatabase(name, env));
    // `node --import tsx` runs the service in this very process (the tsx CLI would add a wrapper
    // process in between), so signals reach it directly.
    const child = spawn(process.execPath, ["--import", "tsx", runtimeServices[name]], {
      cwd: projectRoot,
      env: serviceEnv,
      stdio: ["inherit", "inherit", "pipe"],
    });
    children.set(name, child);
    const tail = stderrTail(child);
    apply(name, { type: "started", at: Date.now() });
    let exited = false;
    const onExit = (code: number | null, signal: NodeJS.Signals | null) => {
      if (exited) return;
      exited = true;
      children.delete(name);
      const label = runtimeServiceLabels[name];
      const lastStderr = safeStderrTail(tail(), {
        secrets: secretValues(serviceEnv),
        roots: [projectRoot, resolvePath(projectRoot, serviceEnv.RUNNER_DATA_DIR ?? ".data/runtime")],
      });
      const delay = apply(name, { type: "exited", at: Date.now(), code, signal, stopping }, lastStderr);
      // Stopped on purpose (exit code 0: e.g. Ctrl-C reached the whole process group).
      if (delay === null) return;
      const state = states.get(name)!;
      console.error(
        `✖ The ${label} exited (${signal ?? `code ${code}`}); starting it again in ${delay / 1000} s` +
          (state.failuresInRow > 1 ? ` (${state.failuresInRow} exits in a row).` : "."),
      );
      timers.set(
        name,
        setTimeout(() => {
          timers.delete(name);
          if (!stopping) launch(name);
        }, delay),
      );
    };
    child.on("exit", onExit);
    // Could not be started at all (e.g. out of processes): 'exit' may not follow.
    child.on("error", (error) => {
      console.error(`✖ The ${runtimeServiceLabels[name]} could not be started: ${error.message}`);
      if (child.pid === undefined) onExit(null, null);
    });
  };

  for (const name of options.names ?? (["simulator", "runner"] as const)) launch(name);

  return {
    pid: (name) => children.get(name)?.pid,
    state: (name) => states.get(name) ?? notStarted,
    async stop() {
      stopping = true;
      for (const [name, timer] of timers) {
        clearTimeout(timer);
        const state: SupervisedService = { ...states.get(name)!, state: "down", nextAttemptAt: null };
        states.set(name, state);
        reporter?.report({ service: name, state, lastStderr: stderrs.get(name) ?? null });
      }
      timers.clear();
      await Promise.all(
        [...children.values()].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGTERM");
              // The runner gives its bots 10 s to stop gracefully; don't wait forever beyond that.
              setTimeout(() => child.kill("SIGKILL"), 15_000).unref();
            }),
        ),
      );
      await reporter?.close();
    },
  };
}
