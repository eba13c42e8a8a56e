/**
 * The simulator as its own process for `npm run bench:runtime` (as `npm start` runs it beside the
 * runner), with the bench's options: worlds kept in memory only, and rate limits raised so the
 * runtime is timed rather than Discord's 5 messages per 5 s. Prints {"url": ...} once listening.
 */
import { startSimulator } from "../../runtime/simulator/server";

const controlKey = process.env.BENCH_CONTROL_KEY;
if (!controlKey) throw new Error("BENCH_CONTROL_KEY is not set");

const simulator = await startSimulator({
  port: 0,
  host: "127.0.0.1",
  controlKey,
  persist: false,
  rateLimitFactor: 1000,
});
process.stdout.write(`${JSON.stringify({ url: simulator.url })}\n`);

process.on("SIGTERM", () => void simulator.close().finally(() => process.exit(0)));
