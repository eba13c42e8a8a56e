import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { killLeftover, writePidFile } from "./bot-process";
import { tempDataDir } from "./test-support";

const data = tempDataDir();
afterAll(() => data.remove());

describe("killLeftover", () => {
  it("ends the process a killed runner left running for that bot, and nothing else", async () => {
    const app = join(data.dir, "app");
    mkdirSync(app);
    const left = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { cwd: app, stdio: "ignore" });
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { cwd: data.dir, stdio: "ignore" });
    const exited = new Promise((resolve) => left.once("exit", (_code, signal) => resolve(signal)));
    await new Promise((resolve) => setTimeout(resolve, 100));
    writePidFile(data.dir, left.pid);
    killLeftover(data.dir, app);
    expect(await exited).toBe("SIGKILL");
    writePidFile(data.dir, other.pid);
    killLeftover(data.dir, app);
    expect(other.exitCode).toBeNull();
    other.kill("SIGKILL");
  });
});
