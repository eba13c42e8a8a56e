/**
 * The build job: builds queued by the AI builder (./service.ts) run on the web process's pg-boss
 * runner (instrumentation.ts), so a build survives a closed tab. A build whose process died (a
 * server restart) stops sending heartbeats; the worker takes such builds over when it starts and
 * every minute after, and resumes them where they were (./run.ts claims a build atomically, so
 * two processes never run one build). Without the job runner a build runs in this process.
 */
import type PgBoss from "pg-boss";

import { simulatorAccess } from "@/lib/blueprint/proof/job";
import { db } from "@/lib/db";

import { runBuild, staleHeartbeatMs } from "./run";

export const buildQueue = "ai-build";

const worker = globalThis as unknown as { cipherBuildWorker?: PgBoss; cipherBuildSweep?: NodeJS.Timeout };

function deps() {
  return { proof: { access: simulatorAccess() } };
}

/** Registers the build worker on the process's job runner, and resumes builds left behind. */
export async function startBuildWorker(boss: PgBoss): Promise<void> {
  await boss.createQueue(buildQueue, { name: buildQueue, retryLimit: 0, expireInSeconds: 30 * 60 });
  await boss.work<{ buildId: string }>(buildQueue, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    if (!job) return;
    await runBuild(job.data.buildId, deps());
  });
  worker.cipherBuildWorker = boss;
  const sweep = () =>
    resumeOrphanedBuilds().catch((error: unknown) => console.error("[build] could not resume builds", error));
  void sweep();
  if (!worker.cipherBuildSweep) {
    worker.cipherBuildSweep = setInterval(sweep, 60_000);
    worker.cipherBuildSweep.unref();
  }
}

/** Running builds nobody is running any more (their heartbeat stopped): queued again. */
export async function resumeOrphanedBuilds(
  enqueue: (buildId: string) => Promise<unknown> = enqueueBuild,
): Promise<number> {
  const orphans = await db.botBuild.findMany({
    where: {
      status: "running",
      OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: new Date(Date.now() - staleHeartbeatMs) } }],
    },
    select: { id: true },
    take: 20,
  });
  for (const build of orphans) await enqueue(build.id);
  return orphans.length;
}

/** Starts a build: on the job runner, or in this process if there is none. */
export async function enqueueBuild(buildId: string): Promise<void> {
  const boss = worker.cipherBuildWorker;
  if (boss) {
    await boss.send(buildQueue, { buildId });
    return;
  }
  console.warn("[build] no job runner in this process; running the build here");
  void runBuild(buildId, deps()).catch((error: unknown) => console.error("[build] failed", error));
}
