/**
 * Next.js calls `register()` once per server process before it serves requests. Cipher starts its
 * background jobs here: the hourly archive purge (lib/archive/purge-job.ts) and, on the same
 * pg-boss runner, the hourly purge of accounts left unconfirmed (lib/auth/unconfirmed-purge-job.ts)
 * the Builder's proofs (lib/blueprint/proof/job.ts) and the AI builder's builds (lib/ai-builder/build/job.ts).
 *
 * process.env is read directly on purpose: NEXT_RUNTIME and NEXT_PHASE are set by Next itself
 * (and NEXT_RUNTIME lets the edge bundle drop the Node-only branch), they are not configuration.
 */
import { PHASE_PRODUCTION_BUILD } from "next/constants";

export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // `next build` loads the server to collect page data; no job belongs in a build.
  if (process.env.NEXT_PHASE === PHASE_PRODUCTION_BUILD) return;
  const { startArchivePurgeJob } = await import("./lib/archive/purge-job");
  const { scheduleUnconfirmedAccountPurge } = await import("./lib/auth/unconfirmed-purge-job");
  const { startProofWorker } = await import("./lib/blueprint/proof/job");
  const { startBuildWorker } = await import("./lib/ai-builder/build/job");
  // Not awaited: a slow or unreachable database must not hold back the server; failures are logged.
  void startArchivePurgeJob().then(async (job) => {
    if (!job) return;
    await scheduleUnconfirmedAccountPurge(job.boss).catch((error: unknown) => {
      console.error("[auth] could not schedule the purge of unconfirmed accounts", error);
    });
    await startProofWorker(job.boss).catch((error: unknown) => {
      console.error("[proof] could not start the proof worker; proofs run in the server process instead", error);
    });
    await startBuildWorker(job.boss).catch((error: unknown) => {
      console.error("[build] could not start the build worker; builds run in the server process instead", error);
    });
  });
}
