/**
 * Runs a command while the machine is busy: one CPU-bound process per core for the whole run.
 *
 *   npx tsx scripts/with-busy-machine.ts npm test
 *
 * Prints how long the command took; exits with its exit code.
 */
import { spawn } from "node:child_process";

import { makeMachineBusy } from "./lib/busy-machine";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: npx tsx scripts/with-busy-machine.ts <command> [args…]");
  process.exit(2);
}
const busy = makeMachineBusy();
console.log(`● Busy machine: ${busy.workers} CPU-bound process(es) running beside \`${[command, ...args].join(" ")}\``);
const started = Date.now();
const child = spawn(command, args, { stdio: "inherit" });
const finish = async (code: number) => {
  await busy.stop();
  console.log(`● Busy machine: the command exited with ${code} after ${Math.round((Date.now() - started) / 1000)} s`);
  process.exit(code);
};
child.on("exit", (code, signal) => void finish(code ?? (signal ? 1 : 0)));
child.on("error", (error) => {
  console.error(error.message);
  void finish(1);
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
