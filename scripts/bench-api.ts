/**
 * npm run bench:api — the public REST API under load, with a valid key: requests/s and p50/p99 of
 * `GET /api/v1/bots` and `GET /api/v1/bots/{id}/status`, on the embedded database and on
 * PostgreSQL (a throwaway database on TEST_DATABASE_URL's server, default the local one). The
 * production server `npm start` runs (scripts/server.ts) serves each; the key's rate limit is set
 * out of the way (API_RATE_LIMIT_PER_MINUTE) so the numbers are the API's, not the limiter's 429s.
 * Never fails for being slow. Target (issue 21): status on PostgreSQL ≥ 1,000 req/s, p99 ≤ 50 ms.
 * `-- --port N` to use another port than 3210; `-- --duration S` (default 10).
 */
import { spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import type autocannon from "autocannon";
import pg from "pg";

import { env } from "../lib/env";
import { createThrowawayDatabase } from "../tests/setup/throwaway-database";
import { startEmbeddedPostgres } from "./db/embedded";
import { applyMigrations, projectRoot } from "./db/engine";
import { ensureProductionBuild, productionServerArgs } from "./lib/build";

const { values: options } = parseArgs({
  options: { port: { type: "string", default: "3210" }, duration: { type: "string", default: "10" } },
});
const port = Number(options.port);
const duration = Number(options.duration);
const base = `http://127.0.0.1:${port}`;
const autocannonBin = join(projectRoot, "node_modules", "autocannon", "autocannon.js");

/** A user on Core with two bots and a read key, straight into the database. */
async function seed(url: string): Promise<{ secret: string; botId: string }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const stamp = randomBytes(4).toString("hex");
    const userId = `benchuser${stamp}`;
    await client.query(`INSERT INTO "User" (id, email, plan, "updatedAt") VALUES ($1, $2, 'core', now())`, [
      userId,
      `bench-api-${stamp}@example.com`,
    ]);
    let botId = "";
    for (const name of ["Bench One", "Bench Two"]) {
      botId = `benchbot${randomBytes(6).toString("hex")}`;
      await client.query(
        `INSERT INTO "Bot" (id, "userId", name, language, "updatedAt") VALUES ($1, $2, $3, 'javascript', now())`,
        [botId, userId, name],
      );
    }
    const secret = `cph_${randomBytes(30).toString("base64url").replace(/[-_]/g, "x").slice(0, 40)}`;
    await client.query(
      `INSERT INTO "ApiKey" (id, "userId", name, prefix, hash, scopes) VALUES ($1, $2, 'bench', $3, $4, ARRAY['read'])`,
      [`benchkey${stamp}`, userId, secret.slice(0, 12), createHash("sha256").update(secret).digest("hex")],
    );
    return { secret, botId };
  } finally {
    await client.end();
  }
}

async function load(label: string, path: string, secret: string, connections = 20) {
  const args = [autocannonBin, "--json", "-c", String(connections), "-d", String(duration)];
  args.push("-H", `authorization=Bearer ${secret}`, base + path);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, args);
    let stdout = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(stdout) : reject(new Error(`autocannon exited with ${code}`))));
  });
  const result = JSON.parse(output) as autocannon.Result;
  console.log(
    `${label.padEnd(11)} GET ${path.replace(/benchbot\w+/, "{id}").padEnd(28)} ${connections} connections ${duration}s: ` +
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `errors ${result.errors}, non-2xx ${result.non2xx}`,
  );
}

async function serve(label: string, url: string, poolSize: number) {
  await applyMigrations(url);
  const { secret, botId } = await seed(url);
  const child = spawn(process.execPath, productionServerArgs(port, "127.0.0.1"), {
    cwd: projectRoot,
    env: {
      ...process.env,
      DATABASE_URL: url,
      DATABASE_POOL_SIZE: String(poolSize),
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      AUTH_SECRET: randomBytes(32).toString("base64url"),
      BOT_TOKEN_KEY: randomBytes(32).toString("base64"),
      API_RATE_LIMIT_PER_MINUTE: "1000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const started = performance.now();
    while (
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (performance.now() - started > 60_000) throw new Error("the server did not start within 60 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const check = await fetch(`${base}/api/v1/bots/${botId}/status`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    if (!check.ok) throw new Error(`the key was refused: ${check.status} ${await check.text()}`);
    // Warm-up: the first requests compile nothing (production build) but fill the pools.
    await load(`${label} warm`, `/api/v1/bots/${botId}/status`, secret, 5).catch(() => undefined);
    await load(label, "/api/v1/bots", secret);
    await load(label, `/api/v1/bots/${botId}/status`, secret);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
  }
}

async function main() {
  await ensureProductionBuild();
  const dir = mkdtempSync(join(tmpdir(), "cipher-bench-api-"));
  const embedded = await startEmbeddedPostgres({ dataDir: join(dir, "pglite"), port: 0 });
  try {
    await serve("embedded", embedded.url, 1);
  } finally {
    await embedded.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  env.TEST_DATABASE_URL ??= "postgresql://postgres@127.0.0.1:5432/postgres";
  const postgres = await createThrowawayDatabase("bench_api");
  try {
    await serve("PostgreSQL", postgres.url, 10);
  } finally {
    await postgres.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
