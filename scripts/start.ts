/**
 * `npm start` (production) and `npm run dev` (hot reload).
 *
 * With DATABASE_URL unset it hosts the embedded PostgreSQL (PGlite, data in .data/) in this
 * process, applies migrations, then runs the web server as a child process pointed at it: in
 * production scripts/server.ts (Next.js behind an in-memory cache of the prerendered pages), in
 * development `next dev`. Migrations run asynchronously here: a synchronous child call would
 * block the process that serves PGlite.
 */
import { spawn, type ChildProcess } from "node:child_process";

import { tokenKeyRing } from "../lib/bots/token-keys";
import { env } from "../lib/env";
import { describeMigrations, migrateDatabase } from "./db/data-migrations";
import { describeUrl, embeddedDataDir } from "./db/database";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "./db/embedded";
import { projectRoot } from "./db/engine";
import { serviceNames } from "./db/roles";
import { ensureProductionBuild, nextBin, productionServerArgs } from "./lib/build";
import { resolveAuthSecret, resolveBotTokenKey } from "./lib/local-secrets";
import { resolveServiceDatabases, serviceDatabaseVariables, withServiceDatabase } from "./lib/service-databases";
import { startRuntimeServices, type RunningServices } from "./lib/services";
import { ensureSystemPackages, runtimeRequirements } from "./lib/system-packages";

const dev = process.argv.includes("--dev");

async function main() {
  // Bots run only in their sandbox: its packages are installed now (as root on Debian/Ubuntu),
  // or we stop with the exact command — never a platform that would run bots unsandboxed.
  const missing = ensureSystemPackages(runtimeRequirements);
  if (missing) {
    console.error(
      `\nCipher's bot sandbox needs system packages that are not installed. Run:\n\n  ${missing}\n\nthen npm start again.\n`,
    );
    process.exit(1);
  }
  if (process.getuid?.() !== 0) {
    console.warn("● Bots: the runner needs root to sandbox them (run npm start as root); until then no bot starts.");
  }
  let embedded: EmbeddedPostgres | undefined;
  const running: { child?: ChildProcess; services?: RunningServices } = {};
  let stopping = false;

  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    const { child, services } = running;
    if (child && child.exitCode === null) {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
    await services?.stop();
    await embedded?.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  // No network here or on most servers: keep Next.js from trying to send telemetry.
  const childEnv: NodeJS.ProcessEnv = { NEXT_TELEMETRY_DISABLED: "1", ...process.env };
  if (env.DATABASE_URL) {
    console.log(`● Database: ${describeUrl(env.DATABASE_URL)}`);
  } else {
    const started = Date.now();
    embedded = await startEmbeddedPostgres({ dataDir: embeddedDataDir, port: env.EMBEDDED_DB_PORT });
    console.log(
      `● Database: embedded PostgreSQL in ${env.EMBEDDED_DB_DIR} on port ${embedded.port} (${Date.now() - started} ms)`,
    );
    childEnv.DATABASE_URL = embedded.url;
    // PGlite serves one query at a time; a larger pool causes prepared-statement errors.
    childEnv.DATABASE_POOL_SIZE = "1";
    // Nor does it deliver NOTIFY to other connections: the runner polls desired state instead.
    childEnv.RUNNER_POLL_INTERVAL_MS ??= "500";
  }

  const authSecret = resolveAuthSecret();
  childEnv.AUTH_SECRET = authSecret.secret;
  if (authSecret.source !== "env") console.log("● Auth secret: .data/auth-secret (set AUTH_SECRET to use your own)");
  const botTokenKey = resolveBotTokenKey();
  childEnv.BOT_TOKEN_KEY = botTokenKey.secret;
  if (botTokenKey.source !== "env")
    console.log("● Bot token key: .data/bot-token-key (set BOT_TOKEN_KEY to use your own)");

  const migrated = await migrateDatabase(childEnv.DATABASE_URL!, () =>
    tokenKeyRing(botTokenKey.secret, env.BOT_TOKEN_OLD_KEYS),
  );
  for (const line of describeMigrations(migrated)) console.log(line);

  // Each service connects as its own least-privilege role; the owner's URL stays here.
  const databases = await resolveServiceDatabases(childEnv.DATABASE_URL!, { embedded: Boolean(embedded) });
  for (const line of databases.notes) console.log(line);
  for (const name of serviceNames) childEnv[serviceDatabaseVariables[name]] = databases.urls[name];

  // The simulator and the runner start while the web app builds: bots that should be running
  // come back as soon as possible.
  running.services = startRuntimeServices(childEnv);
  console.log(
    `● Simulator: http://127.0.0.1:${env.SIMULATOR_PORT} · Runner: ${env.RUNNER_NAME} (${env.RUNNER_REGION})`,
  );

  const webEnv = withServiceDatabase("web", childEnv);
  if (!dev) await ensureProductionBuild(webEnv);
  if (stopping) return;

  const args = dev ? [nextBin, "dev", "--port", String(env.PORT)] : productionServerArgs(env.PORT);
  const child = spawn(process.execPath, args, {
    cwd: projectRoot,
    env: { ...webEnv, NODE_ENV: dev ? "development" : "production" },
    stdio: "inherit",
  });
  running.child = child;
  child.on("exit", (code) => void shutdown(code ?? 0));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
