import { spawn } from "node:child_process";
import { join } from "node:path";
import type { Duplex } from "node:stream";

import { describe, expect, it } from "vitest";

const preload = join(__dirname, "cipher-preload.cjs");

function startBot(script: string, config: object) {
  return spawn(process.execPath, ["-r", preload, "-e", script], {
    env: { PATH: process.env.PATH, CIPHER_RUNNER_CONFIG: JSON.stringify(config) } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe", "pipe"],
  });
}

describe("the runner's preload", () => {
  it("ends the bot when the runner's channel closes (a runner killed with SIGKILL leaves no orphans)", async () => {
    const bot = startBot("setInterval(() => {}, 1000)", { channel: true });
    const exited = new Promise<number | null>((resolve) => bot.once("exit", (code) => resolve(code)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    (bot.stdio[3] as Duplex).destroy();
    expect(await exited).toBe(0);
  });

  it("hides its settings from the bot and lets a finished script exit", async () => {
    const bot = startBot("console.log(JSON.stringify(Object.keys(process.env)))", { channel: true, hostedDb: true });
    let output = "";
    bot.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise((resolve) => bot.once("exit", resolve));
    expect(code).toBe(0);
    expect(JSON.parse(output)).toEqual(["PATH"]);
  });
});
