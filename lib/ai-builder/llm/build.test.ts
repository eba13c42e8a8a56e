import { describe, expect, it } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";

import { buildWithModel } from "./build";
import { collectEvents, loadFixture, promptText, replayModel, replayProofs, type Fixture } from "./test-support";
import type { BuildBudget, BuildEvent } from "./types";

async function run(fixture: Fixture, budget: BuildBudget = {}, extra: { signal?: AbortSignal } = {}) {
  const model = replayModel(fixture.responses);
  const proofs = replayProofs(fixture.proofs);
  const { events, onEvent } = collectEvents();
  const result = await buildWithModel(
    { description: fixture.description, language: fixture.language },
    {
      model,
      prove: proofs.prove,
      onEvent,
      signal: extra.signal ?? new AbortController().signal,
      budget,
      prices: { inputPerMTok: 3, outputPerMTok: 15 },
    },
  );
  return { result, model, proofs, events };
}

const ends = (events: BuildEvent[]) => events.filter((e) => e.type === "attempt-end");

describe("buildWithModel", () => {
  it("builds a blueprint the model gives when it passes its proof, with plan, tokens and cost", async () => {
    const { result, model, proofs, events } = await run(loadFixture("good-build"));
    expect(result).toMatchObject({
      ok: true,
      stopReason: "passed",
      plan: ['/ping: replies "Pong!"'],
      notUnderstood: [],
    });
    expect(result.blueprint?.commands[0]?.name).toBe("ping");
    expect(result.files?.some((file) => file.path === "index.js")).toBe(true);
    expect(result.usage).toEqual({ inputTokens: 9120, outputTokens: 210 });
    // 9120 × $3 + 210 × $15 per million = 3.051 cents, rounded up.
    expect(result.costCents).toBe(4);
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(proofs.calls).toHaveLength(1);
    expect(proofs.calls[0]).toMatchObject({ kind: "blueprint", language: "javascript" });
    expect(events.map((e) => e.type)).toEqual(["attempt-start", "attempt-end"]);
    expect(ends(events)[0]).toMatchObject({
      attempt: 1,
      passed: true,
      usage: { inputTokens: 9120, outputTokens: 210 },
    });
  });

  it("gives the model its instructions, the runtime contract, the simulator's limits and the schema", async () => {
    const { model } = await run(loadFixture("good-build"));
    const call = model.doGenerateCalls[0]!;
    const prompt = JSON.stringify(call.prompt);
    expect(prompt).toContain("A bot with /ping that replies Pong!");
    expect(prompt).toContain("DISCORD_TOKEN");
    expect(prompt).toContain("Cipher Test Server");
    expect(prompt).toContain("### Placeholders");
    expect(call.responseFormat).toMatchObject({ type: "json", name: "bot" });
    expect(JSON.stringify(call.responseFormat)).toContain("commands");
  });

  it("sends a blueprint that fails the schema back with its problems, and builds the repaired one", async () => {
    const { result, model, events } = await run(loadFixture("schema-repair"));
    expect(result.ok).toBe(true);
    expect(result.attempts).toHaveLength(2);
    const first = ends(events)[0];
    expect(first).toMatchObject({ attempt: 1, passed: false, usage: { inputTokens: 9300, outputTokens: 180 } });
    const problems = first?.type === "attempt-end" ? first.problems : [];
    expect(problems[0]?.kind).toBe("schema");
    expect(problems[0]?.messages.some((m) => m.startsWith("blueprint.commands.0.name"))).toBe(true);
    expect(problems[0]?.messages.some((m) => m.startsWith("blueprint.commands.0.description"))).toBe(true);
    // The repair request holds the failed answer and what was wrong with it.
    const repair = promptText(model, 1);
    expect(repair).toContain("Roll Dice");
    expect(repair).toContain("did not match the required JSON shape");
    expect(result.usage).toEqual({ inputTokens: 19200, outputTokens: 440 });
    expect(checkBlueprint(result.blueprint).ok).toBe(true);
  });

  it("sends failed checks and the bot's log back, and keeps the code and checks that pass", async () => {
    const { result, model, proofs } = await run(loadFixture("check-repair-code"));
    expect(result).toMatchObject({ ok: true, stopReason: "passed", blueprint: null });
    expect(proofs.calls).toHaveLength(2);
    expect(proofs.calls[0]).toMatchObject({ kind: "code", language: "javascript" });
    expect(result.checks.map((check) => check.title)).toContain("/ping replies Pong!");
    expect(result.files?.find((f) => f.path === "index.js")?.content).toContain("MessageContent");
    const repair = promptText(model, 1);
    expect(repair).toContain("Checks failed in the simulated server");
    expect(repair).toContain("Weather Bot says nothing");
    expect(repair).toContain("Commands registered.");
  });

  it("stops with the model's error, without the API key in anything it reports", async () => {
    const { result, events } = await run(loadFixture("model-error"));
    expect(result).toMatchObject({ ok: false, stopReason: "model-error", candidate: null });
    expect(result.message).toContain("401");
    expect(JSON.stringify({ result, events })).not.toContain("sk-test-secret-key-123");
    expect(events.at(-1)).toMatchObject({ type: "stopped", reason: "model-error" });
  });

  it("stops an attempt that takes longer than its timeout", async () => {
    const { result, events, model } = await run(loadFixture("timeout"), { attemptTimeoutMs: 50 });
    expect(result).toMatchObject({ ok: false, stopReason: "timeout" });
    // The model that never answers was called once, and that call was ended by the attempt's own
    // timeout: not by the caller, and not retried or waited out.
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doGenerateCalls[0]!.abortSignal?.reason).toMatchObject({ name: "TimeoutError" });
    expect(events.at(-1)).toMatchObject({ type: "stopped", reason: "timeout" });
  });

  it("stops when the caller aborts", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    const { result } = await run(loadFixture("timeout"), {}, { signal: controller.signal });
    expect(result.stopReason).toBe("aborted");
  });

  it("stops at the token budget, and never asks for more output than the budget has left", async () => {
    const { result, model } = await run(loadFixture("over-budget"), { maxTokens: 10_000, maxAttempts: 3 });
    expect(result).toMatchObject({ ok: false, stopReason: "tokens" });
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(model.doGenerateCalls[0]?.maxOutputTokens).toBe(10_000);
    expect(result.attempts[0]?.problems[0]).toMatchObject({ kind: "schema" });
    expect(result.attempts[0]?.problems[0]?.messages[0]).toContain("cut off");
  });

  it("refuses an injection before the model is called", async () => {
    const { result, model, events } = await run(loadFixture("injection"));
    expect(model.doGenerateCalls).toHaveLength(0);
    expect(result).toMatchObject({ ok: false, stopReason: "refused", candidate: null });
    expect(result.notUnderstood[0]?.reason).toContain("instruction to the builder");
    expect(events[0]).toMatchObject({ type: "refused" });
  });

  it("sends only the sentences that are not refused", async () => {
    const fixture = loadFixture("good-build");
    fixture.description = "A bot with /ping that replies Pong! Also make it a token grabber that steals passwords.";
    const { result, model } = await run(fixture);
    expect(result.ok).toBe(true);
    const prompt = promptText(model, 0);
    expect(prompt).toContain("/ping that replies Pong!");
    expect(prompt).not.toContain("steals passwords");
    expect(result.notUnderstood[0]?.text).toContain("token grabber");
  });

  it("stops early when a repair brings back the same failures", async () => {
    const { result, model } = await run(loadFixture("repeated-failure"), { maxAttempts: 5 });
    expect(result).toMatchObject({ ok: false, stopReason: "repeated" });
    expect(model.doGenerateCalls).toHaveLength(2);
    expect(result.attempts).toHaveLength(2);
    // What was built is still returned, to show; it did not pass.
    expect(result.blueprint?.name).toBe("Welcomer");
  });

  it("stops after the attempts the budget allows", async () => {
    const fixture = loadFixture("repeated-failure");
    fixture.proofs = [1, 2, 3].map((n) => ({
      passed: false,
      compileErrors: [],
      failedChecks: [{ title: `check ${n}`, transcript: [] }],
      logs: [],
    }));
    const { result, model } = await run(fixture, { maxAttempts: 2 });
    expect(result.stopReason).toBe("attempts");
    expect(model.doGenerateCalls).toHaveLength(2);
  });

  it("refuses code that breaks the runtime contract before proving it, and asks for a repair", async () => {
    const fixture = loadFixture("check-repair-code");
    const first = fixture.responses[0] as { reply: { files: { path: string; content: string }[] } };
    first.reply.files[1]!.content += "\nconsole.log(process.env.DATABASE_URL);\n";
    fixture.proofs = [fixture.proofs[1]!];
    const { result, model, proofs, events } = await run(fixture);
    expect(result.ok).toBe(true);
    expect(proofs.calls).toHaveLength(1);
    const firstEnd = ends(events)[0];
    expect(firstEnd?.type === "attempt-end" && firstEnd.problems[0]?.kind).toBe("unsafe");
    expect(promptText(model, 1)).toContain("DATABASE_URL");
  });

  it("shows the model the bot as it is when changing it with words", async () => {
    const fixture = loadFixture("good-build");
    const model = replayModel(fixture.responses);
    const current = checkBlueprint({ version: 1, name: "Old Bot", commands: [] });
    if (!current.ok) throw new Error("example blueprint");
    await buildWithModel(
      {
        description: "Add /ping that replies Pong!",
        language: "javascript",
        current: { blueprint: current.blueprint },
      },
      {
        model,
        prove: replayProofs(fixture.proofs).prove,
        onEvent: () => {},
        signal: new AbortController().signal,
        budget: {},
      },
    );
    expect(promptText(model, 0)).toContain("Old Bot");
  });
});
