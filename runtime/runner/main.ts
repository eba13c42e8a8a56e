/**
 * `npm run runner`: the bot runner as its own process. SIGTERM/SIGINT stop every bot
 * gracefully (statuses written) before exiting.
 */
import { env } from "@/lib/env";
import { simulatorControlKey, simulatorUrl } from "@/lib/simulator/config";

import { startRunner, type Runner } from "./runner";

let stopping = false;
let runner: Runner | null = null;
// Installed before the first sandbox check (startRunner waits for its verdict): a stop during it
// ends the process at once, as nothing runs yet (the probe dies with it; the next start cleans up).
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (!runner) process.exit(0);
    void runner.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error("[runner] stop failed:", error);
        process.exit(1);
      },
    );
  });
}

runner = await startRunner({
  name: env.RUNNER_NAME,
  region: env.RUNNER_REGION,
  dataDir: env.RUNNER_DATA_DIR,
  simulatorUrl: simulatorUrl(),
  controlKey: simulatorControlKey(),
  pollIntervalMs: env.RUNNER_POLL_INTERVAL_MS,
  pythonBin: env.PYTHON_BIN,
  listenUrl: env.DATABASE_URL ?? null,
});
console.log(`● Runner ${env.RUNNER_NAME} (${env.RUNNER_REGION}): ${runner.botCount} bots`);
