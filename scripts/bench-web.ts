/**
 * npm run bench:web — serves the production build on a fresh embedded database (or
 * DATABASE_URL) and prints start-up time, latency percentiles, throughput and server memory.
 * Prints numbers only; it never fails for being slow.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { env } from "../lib/env";
import { startEmbeddedPostgres } from "./db/embedded";
import { applyMigrations, projectRoot } from "./db/engine";
import { ensureProductionBuild, nextBin } from "./lib/build";

const port = 3200;
const base = `http://127.0.0.1:${port}`;
const requests = Number(process.argv[2] ?? 400);
const concurrency = Number(process.argv[3] ?? 50);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function load(path: string) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t = performance.now();
        try {
          const response = await fetch(base + path);
          await response.arrayBuffer();
          if (response.status >= 500) failures++;
        } catch {
          failures++;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${path.padEnd(16)} ${requests} req, ${concurrency} parallel: ${(requests / seconds).toFixed(0)} req/s, ` +
      `p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, ` +
      `max ${latencies.at(-1)?.toFixed(1)} ms, failures ${failures}`,
  );
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "cipher-bench-"));
  const dbStart = performance.now();
  const embedded = env.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({ dataDir: join(dir, "pglite"), port: 0 });
  const url = env.DATABASE_URL ?? embedded!.url;
  await applyMigrations(url);
  console.log(
    `database ready (${embedded ? "embedded, new" : "DATABASE_URL"}): ${(performance.now() - dbStart).toFixed(0)} ms`,
  );

  await ensureProductionBuild();
  const serverStart = performance.now();
  const child = spawn(process.execPath, [nextBin, "start", "--port", String(port), "--hostname", "127.0.0.1"], {
    cwd: projectRoot,
    env: { ...process.env, DATABASE_URL: url, DATABASE_POOL_SIZE: embedded ? "1" : "10", NODE_ENV: "production" },
    stdio: "ignore",
  });
  try {
    while (
      !(await fetch(`${base}/api/health`)
        .then((r) => r.ok)
        .catch(() => false))
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    console.log(
      `server ready: ${(performance.now() - serverStart).toFixed(0)} ms, RSS ${rssMb(child.pid!).toFixed(0)} MB`,
    );
    for (const path of ["/", "/api/health", "/no-such-page"]) await load(path);
    console.log(`server RSS after load: ${rssMb(child.pid!).toFixed(0)} MB`);
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    await embedded?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
