/**
 * Writes each runtime service's health to PostgreSQL (RuntimeServiceHealth) for Hosting and
 * /status: the web app is another process (and may be on another machine), and a service that is
 * down cannot report itself, so its supervisor does. One row per service and host, rewritten on
 * every change and every healthReportIntervalMs (so a row nobody refreshes reads as down).
 *
 * Recording health never gets in the way of supervising: writes are queued (only the latest
 * state of each service is kept), a database that is down or drops the connection costs a
 * warning, and the next write reconnects.
 */
import { hostname } from "node:os";

import pg from "pg";

import { healthReportIntervalMs } from "../../lib/hosting/service-health";
import type { SupervisedService } from "./restart-policy";

export interface HealthReport {
  service: string;
  state: SupervisedService;
  /** The last stderr lines before the exit, already made safe (safeStderrTail). */
  lastStderr: string | null;
}

export interface HealthReporter {
  report(report: HealthReport): void;
  /** Writes what is queued, then stops reporting. */
  close(): Promise<void>;
}

const upsert = `
  INSERT INTO "RuntimeServiceHealth" ("id", "service", "host", "state", "restarts", "failuresInRow", "upSince",
    "nextAttemptAt", "lastExitAt", "lastExitCode", "lastExitSignal", "lastStderr", "reportedAt")
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, now())
  ON CONFLICT ("id") DO UPDATE SET "state" = EXCLUDED."state", "restarts" = EXCLUDED."restarts",
    "failuresInRow" = EXCLUDED."failuresInRow", "upSince" = EXCLUDED."upSince",
    "nextAttemptAt" = EXCLUDED."nextAttemptAt", "lastExitAt" = EXCLUDED."lastExitAt",
    "lastExitCode" = EXCLUDED."lastExitCode", "lastExitSignal" = EXCLUDED."lastExitSignal",
    "lastStderr" = EXCLUDED."lastStderr", "reportedAt" = now()`;

const date = (ms: number | null) => (ms === null ? null : new Date(ms));

export function databaseHealthReporter(databaseUrl: string, host: string = hostname()): HealthReporter {
  // One connection is plenty, and the embedded database serves one at a time anyway.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 1,
    idleTimeoutMillis: 30_000,
    // A database that does not answer delays a report, never the supervisor's stop.
    connectionTimeoutMillis: 5_000,
    query_timeout: 5_000,
  });
  // An idle connection ended by the server (restart, pg_terminate_backend) must not take this
  // process down: the next query opens a new one.
  pool.on("error", () => {});
  const latest = new Map<string, HealthReport>();
  const queued = new Set<string>();
  let writing: Promise<void> | null = null;
  let failing = false;

  const write = async (report: HealthReport) => {
    const { state } = report;
    await pool.query(upsert, [
      `${report.service}@${host}`,
      report.service,
      host,
      state.state,
      state.restarts,
      state.failuresInRow,
      date(state.upSince),
      date(state.nextAttemptAt),
      date(state.lastExit?.at ?? null),
      state.lastExit?.code ?? null,
      state.lastExit?.signal ?? null,
      report.lastStderr,
    ]);
  };

  const flush = (): Promise<void> => {
    writing ??= (async () => {
      while (queued.size) {
        const names = [...queued];
        queued.clear();
        for (const name of names) {
          try {
            await write(latest.get(name)!);
            if (failing) console.log("● Service health: recording again.");
            failing = false;
          } catch (error) {
            if (!failing) {
              const reason = error instanceof Error ? error.message : String(error);
              console.warn(`⚠ Service health: could not record it (${reason}); Hosting and /status may lag.`);
            }
            failing = true;
          }
        }
      }
    })().finally(() => {
      writing = null;
    });
    return writing;
  };

  const heartbeat = setInterval(() => {
    for (const name of latest.keys()) queued.add(name);
    void flush();
  }, healthReportIntervalMs);
  heartbeat.unref();

  return {
    report(report) {
      latest.set(report.service, report);
      queued.add(report.service);
      void flush();
    },
    async close() {
      clearInterval(heartbeat);
      await flush();
      await pool.end().catch(() => {});
    },
  };
}
