/**
 * The proof end to end (real runner sandbox, simulator, PostgreSQL): a blueprint's compiled bot
 * passes the checks derived from it, in a scratch world that leaves the user's world alone; a bot
 * hand-edited to answer the wrong text fails its check, so the proof can fail.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { startWorld, type TestWorld } from "../compile/integration-support";
import { exampleBlueprints } from "../examples";
import { blueprintBot, describeFailures, proofBotsLeft, proveBot } from "./proof-support";

describe.each(["javascript", "python"] as const)("the proof, %s", (language) => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld(`proof-${language}`, language);
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it("a compiled blueprint passes its derived checks, in a scratch world of its own", async () => {
    const before = await world.simulator.call<{ messages: Record<string, unknown[]> }>(
      "GET",
      `/worlds/${world.userId}`,
    );
    const botId = await blueprintBot(world, "Dice", exampleBlueprints.dice!);
    const view = await proveBot(world, botId);
    expect(view.status, describeFailures(view)).toBe("passed");
    expect(view.checks.length).toBeGreaterThan(1);
    expect(view.checks.every((check) => check.result.transcript.length > 0)).toBe(true);
    // The user's own world saw nothing of it, and the proof's bot is gone.
    const after = await world.simulator.call<{ messages: Record<string, unknown[]>; bots: { botId: string }[] }>(
      "GET",
      `/worlds/${world.userId}`,
    );
    expect(after.messages).toEqual(before.messages);
    expect(await proofBotsLeft(world.userId)).toBe(0);
    expect(await db.bot.findUnique({ where: { id: botId }, select: { status: true } })).toEqual({ status: "stopped" });
  }, 120_000);

  it("a bot hand-edited to answer the wrong text fails the check that expects the right one", async () => {
    const botId = await blueprintBot(world, "Wrong", exampleBlueprints.dice!, (files) => {
      for (const file of files) {
        if (file.path.endsWith(".json")) continue;
        file.content = file.content.replaceAll(" rolled ", " rollled ");
      }
    });
    // A failing step waits for what it expects; 2.5 s is plenty on a machine this test runs alone on.
    const view = await proveBot(world, botId, { stepTimeoutMs: 2_500 });
    expect(view.status).toBe("failed");
    const failed = view.checks.filter((check) => check.result.status === "failed");
    expect(failed.length).toBeGreaterThan(0);
    expect(failed[0]!.result.problem).toMatch(/rollled/);
    expect(await proofBotsLeft(world.userId)).toBe(0);
  }, 120_000);

  it("a proof that runs out of time fails the checks it did not reach, and still removes its bot", async () => {
    const botId = await blueprintBot(world, "Slow", exampleBlueprints.dice!);
    const view = await proveBot(world, botId, { totalMs: 0 });
    expect(view.status).toBe("failed");
    expect(view.checks.every((check) => check.result.problem?.startsWith("Not run:"))).toBe(true);
    expect(await proofBotsLeft(world.userId)).toBe(0);
  }, 120_000);
});
