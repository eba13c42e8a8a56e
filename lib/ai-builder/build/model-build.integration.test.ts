/**
 * A build with a language model, wired end to end (no network: the AI SDK's test model replays
 * recorded answers): the model's blueprint is proven in a scratch world by the real runner, an
 * answer the blueprint's schema refuses goes back for repair, and the tokens and their cost are
 * recorded on the build.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { ConfiguredModel } from "@/lib/ai-builder/llm";
import { replayModel, type RecordedResponse } from "@/lib/ai-builder/llm/test-support";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { db } from "@/lib/db";

import { runBuild } from "./run";
import { getBuildView, queueBuild } from "./service";

let world: TestWorld;

beforeAll(async () => {
  world = await startWorld("ai-build-model", "javascript");
}, 60_000);

afterAll(async () => {
  await world?.close();
});

const ping = (text: string) => ({
  mode: "blueprint",
  plan: [`/ping: replies "${text}"`],
  notUnderstood: [],
  blueprint: {
    version: 1,
    name: "Ping Bot",
    commands: [
      { name: "ping", description: "Check that the bot answers", actions: [{ do: "reply", message: { text } }] },
    ],
  },
});

function configured(responses: RecordedResponse[]): ConfiguredModel {
  return {
    model: replayModel(responses),
    provider: "openai-compatible",
    modelId: "recorded-model",
    prices: { inputPerMTok: 3, outputPerMTok: 15 },
  };
}

describe("a build with a language model", () => {
  it("proves the model's blueprint in the simulator and records the tokens and their cost", async () => {
    const { id } = await queueBuild(world.userId, {
      description: "A bot with /ping that replies Pong!",
      language: "javascript",
    });
    const status = await runBuild(id, {
      proof: proofDeps(world),
      model: configured([{ reply: ping("Pong!"), usage: { input: 9000, output: 300 } }]),
    });
    const view = (await getBuildView(world.userId, id))!;
    expect(status, JSON.stringify(view, null, 1)).toBe("succeeded");
    expect(view.engine).toBe("openai-compatible");
    expect(view.plan?.lines).toEqual(['/ping: replies "Pong!"']);
    expect(view.proof?.status).toBe("passed");
    const row = await db.botBuild.findUniqueOrThrow({ where: { id } });
    expect([row.inputTokens, row.outputTokens]).toEqual([9000, 300]);
    // 9,000 × $3/M + 300 × $15/M = $0.0315 → 4 cents, rounded up.
    expect(row.costCents).toBe(4);
  }, 120_000);

  it("sends an answer that fails the blueprint's validation back for repair, then proves the repaired one", async () => {
    // The first answer's reply text is a number: the schema refuses it, and the repair's answer is
    // proven by the real bot.
    const broken = ping("Pong!");
    (broken.blueprint.commands[0]!.actions[0] as { message: unknown }).message = { text: 42 };
    const { id } = await queueBuild(world.userId, {
      description: "A bot with /ping that replies Pong!",
      language: "javascript",
    });
    const status = await runBuild(id, {
      proof: proofDeps(world),
      model: configured([
        { reply: broken, usage: { input: 8000, output: 250 } },
        { reply: ping("Pong!"), usage: { input: 9500, output: 260 } },
      ]),
    });
    expect(status).toBe("succeeded");
    const row = await db.botBuild.findUniqueOrThrow({ where: { id } });
    expect([row.inputTokens, row.outputTokens]).toEqual([17_500, 510]);
  }, 120_000);
});
