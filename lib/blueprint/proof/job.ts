/**
 * The proof job: proofs queued by "Check it" (lib/blueprint/proof/service.ts) run on the web
 * process's pg-boss runner (the one lib/archive/purge-job.ts starts), so a proof survives a closed
 * tab, and one whose process died is retried once (runProof removes its old bot and starts over).
 * Without the worker (no database URL when the server started, or pg-boss failed), a proof
 * runs in this process at once instead, and says so in the server's log.
 */
import type PgBoss from "pg-boss";

import { callControl, openWorldEvents } from "@/lib/simulator/client";

import type { SimulatorAccess } from "./observed";
import { runProof } from "./run";

export const proofQueue = "blueprint-proof";

/** Set once this process works the queue (shared by Next's bundles through globalThis). */
const worker = globalThis as unknown as { cipherProofWorker?: PgBoss };

/** The simulator as the web app reaches it (lib/simulator/config.ts). */
export function simulatorAccess(): SimulatorAccess {
  return { call: callControl, openEvents: openWorldEvents };
}

/** Registers the proof worker on the process's job runner (instrumentation.ts). */
export async function startProofWorker(boss: PgBoss): Promise<void> {
  // A proof takes seconds to a couple of minutes; one that has not finished in 10 is retried once.
  await boss.createQueue(proofQueue, { name: proofQueue, retryLimit: 1, expireInSeconds: 600 });
  await boss.work<{ proofId: string }>(proofQueue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await runProof(job.data.proofId, { access: simulatorAccess() });
  });
  worker.cipherProofWorker = boss;
}

/** Starts a queued proof: on the job runner, or in this process if there is none. */
export async function enqueueProof(proofId: string): Promise<void> {
  const boss = worker.cipherProofWorker;
  if (boss) {
    await boss.send(proofQueue, { proofId });
    return;
  }
  console.warn("[proof] no job runner in this process; running the proof here");
  void runProof(proofId, { access: simulatorAccess() }).catch((error: unknown) =>
    console.error("[proof] failed", error),
  );
}
