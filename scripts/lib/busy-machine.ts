/**
 * Makes this machine busy on purpose: one CPU-bound process per core, as a first `npm start`
 * (the production build) or a laptop with other work does. Tests use it to show that what they
 * check holds on a busy machine; scripts/with-busy-machine.ts runs a whole command under it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";

export interface BusyMachine {
  /** CPU-bound processes running. */
  readonly workers: number;
  stop(): Promise<void>;
}

export function makeMachineBusy(workers = availableParallelism()): BusyMachine {
  const children: ChildProcess[] = [];
  for (let index = 0; index < workers; index++) {
    // Spins until killed; a parent that dies takes it along (it exits when its stdin closes).
    const child = spawn(
      process.execPath,
      [
        "-e",
        "process.stdin.on('close', () => process.exit(0)); process.stdin.resume(); setImmediate(function spin() { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); });",
      ],
      { stdio: ["pipe", "ignore", "ignore"] },
    );
    children.push(child);
  }
  return {
    workers,
    async stop() {
      await Promise.all(
        children.map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.once("exit", () => resolve());
              child.kill("SIGKILL");
            }),
        ),
      );
    },
  };
}
