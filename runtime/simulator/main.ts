/** `npm run simulator`: the Discord simulator on SIMULATOR_HOST:SIMULATOR_PORT. */
import { env } from "@/lib/env";
import { simulatorControlKey, simulatorTokenKey } from "@/lib/simulator/config";

import { startSimulator } from "./server";

// Every request and frame is answered or closed where it is handled (request.ts, gateway.ts);
// anything that still escapes is a bug in one handler, and it must not stop every world and
// session with it: log it and keep serving.
process.on("uncaughtException", (error) => console.error("[simulator] uncaught exception (still serving):", error));
process.on("unhandledRejection", (reason) => console.error("[simulator] unhandled rejection (still serving):", reason));

const simulator = await startSimulator({
  port: env.SIMULATOR_PORT,
  host: env.SIMULATOR_HOST,
  controlKey: simulatorControlKey(),
  tokenKey: simulatorTokenKey(),
});
console.log(`● Simulator: ${simulator.url}`);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  try {
    await simulator.close();
    process.exit(0);
  } catch (error) {
    console.error(`[simulator] error while stopping on ${signal}:`, error);
    process.exit(1);
  }
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
