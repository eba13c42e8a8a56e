/**
 * The server Playwright tests run against: the production build on a throwaway database.
 * Writes the database URL and the simulator's control key where the tests can read them, and
 * drops the database (and removes both files) on exit.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

import {
  e2eDatabaseUrlFile,
  e2ePort,
  e2eSimulatorControlKeyFile,
  e2eSimulatorPort,
  e2eSupportAdminEmail,
} from "../tests/e2e/server-info";
import { createThrowawayDatabase } from "../tests/setup/throwaway-database";
import { projectRoot } from "./db/engine";
import { dropServiceRoles, randomRolePasswords, serviceNames } from "./db/roles";
import { ensureProductionBuild, productionServerArgs } from "./lib/build";
import { resolveServiceDatabases, serviceDatabaseVariables, withServiceDatabase } from "./lib/service-databases";
import { serviceEnvironment, startRuntimeServices, type RunningServices } from "./lib/services";

// Not under /tmp: the bots' sandbox gives each bot a private /tmp.
const runnerDataDir = join(projectRoot, "node_modules", ".cache", "cipher", `e2e-runtime-${process.pid}`);

async function main() {
  const database = await createThrowawayDatabase("e2e");
  mkdirSync(dirname(e2eDatabaseUrlFile), { recursive: true });
  writeFileSync(e2eDatabaseUrlFile, database.url);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: String(database.poolSize),
    NEXT_TELEMETRY_DISABLED: "1",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
    // Each test sends its own X-Forwarded-For (tests/e2e/support.ts), so per-IP limits and the
    // sign-in lockout of one test never affect another. The browser on loopback plays the one
    // trusted proxy in front of the app: the server takes the last entry it appended.
    TRUSTED_PROXY_HOPS: "1",
    // The support operator the support e2e tests sign in as.
    SUPPORT_ADMIN_EMAILS: e2eSupportAdminEmail,
    // The suite's own simulator and runner, beside whatever `npm start` may be running.
    SIMULATOR_PORT: String(e2eSimulatorPort),
    SIMULATOR_URL: `http://127.0.0.1:${e2eSimulatorPort}`,
    RUNNER_NAME: "e2e-runner",
    RUNNER_DATA_DIR: runnerDataDir,
    RUNNER_POLL_INTERVAL_MS: "1000",
  };
  const running: { child?: ChildProcess; services?: RunningServices } = {};
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const { child, services } = running;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await services?.stop();
    rmSync(runnerDataDir, { recursive: true, force: true });
    rmSync(e2eDatabaseUrlFile, { force: true });
    rmSync(e2eSimulatorControlKeyFile, { force: true });
    if (!database.embedded) {
      await dropServiceRoles(database.url).catch((error: unknown) =>
        console.error("Could not drop the e2e roles", error),
      );
    }
    await database.drop().catch((error: unknown) => console.error("Could not drop the e2e database", error));
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  // Like npm start: each service as its own least-privilege role (on a real PostgreSQL server).
  const databases = await resolveServiceDatabases(database.url, {
    embedded: database.embedded,
    passwords: randomRolePasswords,
  });
  for (const name of serviceNames) env[serviceDatabaseVariables[name]] = databases.urls[name];
  // The key exactly as the simulator gets it; created afresh so it is never readable by others.
  rmSync(e2eSimulatorControlKeyFile, { force: true });
  writeFileSync(e2eSimulatorControlKeyFile, serviceEnvironment("simulator", env).SIMULATOR_CONTROL_KEY ?? "", {
    mode: 0o600,
  });
  running.services = startRuntimeServices(env);
  // A failed build (another `next build` running, say) must not leave the services behind, holding their ports.
  await ensureProductionBuild(env).catch(async (error: unknown) => {
    console.error(error);
    await stop(1);
  });
  // The same server as `npm start` (scripts/server.ts), so the suite covers its cache layer.
  const child = spawn(process.execPath, productionServerArgs(e2ePort, "127.0.0.1"), {
    cwd: projectRoot,
    env: { ...withServiceDatabase("web", env), NODE_ENV: "production" },
    stdio: "inherit",
  });
  running.child = child;
  child.on("exit", (code) => void stop(code ?? 1));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
