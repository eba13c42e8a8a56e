/**
 * The runtime services that run beside the web app (runtime/README.md): the Discord simulator
 * and the bot runner, each its own process. `npm start`, `npm run dev` and the e2e server start
 * them here. A service that dies unexpectedly is started again (a few times, with a pause); one
 * that keeps dying stops everything with a clear message rather than leave a half-working product.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

import { deriveSimulatorKeys } from "../../lib/simulator/config";
import { projectRoot } from "../db/engine";
import { withServiceDatabase } from "./service-databases";

export const runtimeServices = {
  simulator: join(projectRoot, "runtime", "simulator", "main.ts"),
  runner: join(projectRoot, "runtime", "runner", "main.ts"),
} as const;
export type RuntimeServiceName = keyof typeof runtimeServices;

export type RunningServices = { stop(): Promise<void> };

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

const maxRestarts = 5;
const restartWindowMs = 60_000;

export function startRuntimeServices(
  env: NodeJS.ProcessEnv,
  options: { names?: RuntimeServiceName[]; onFatal: (name: string) => void },
): RunningServices {
  const children = new Map<RuntimeServiceName, ChildProcess>();
  let stopping = false;

  const launch = (name: RuntimeServiceName, restarts: number[]) => {
    // `node --import tsx` runs the service in this very process (the tsx CLI would add a wrapper
    // process in between), so signals reach it directly.
    const child = spawn(process.execPath, ["--import", "tsx", runtimeServices[name]], {
      cwd: projectRoot,
      env: serviceEnvironment(name, withServiceDatabase(name, env)),
      stdio: "inherit",
    });
    children.set(name, child);
    child.on("exit", (code, signal) => {
      children.delete(name);
      // Exit code 0 is a clean stop: someone sent it SIGTERM (e.g. to the whole process group).
      if (stopping || code === 0) return;
      const now = Date.now();
      const recent = [...restarts.filter((at) => now - at < restartWindowMs), now];
      if (recent.length > maxRestarts) {
        console.error(`✖ The ${name} stopped ${recent.length} times in a minute; shutting down.`);
        options.onFatal(name);
        return;
      }
      console.error(`✖ The ${name} exited (${signal ?? `code ${code}`}); starting it again.`);
      setTimeout(() => !stopping && launch(name, recent), 1_000);
    });
  };

  for (const name of options.names ?? (["simulator", "runner"] as const)) launch(name, []);

  return {
    async stop() {
      stopping = true;
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
    },
  };
}
