import { MockLanguageModelV3 } from "ai/test";
import { describe, expect, it } from "vitest";

import { answerWithModel } from "./chat-model";

function modelSaying(text: string) {
  return new MockLanguageModelV3({
    doGenerate: async () => ({
      content: [{ type: "text", text }],
      finishReason: { unified: "stop", raw: "stop" },
      usage: {
        inputTokens: { total: 800, noCache: 800, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 60, text: 60, reasoning: undefined },
      },
      warnings: [],
    }),
  });
}

describe("answerWithModel", () => {
  it("answers from the matching docs and links the pages it did not mention", async () => {
    const model = modelSaying("Use the moderation tutorial: it covers warnings and bans.");
    const answer = await answerWithModel("How do I make a moderation bot?", [], { model });
    expect(answer).toContain("Use the moderation tutorial");
    expect(answer).toMatch(/Read more: .*\/tutorials\/moderation-bot/);
    const system = JSON.stringify(model.doGenerateCalls[0]?.prompt);
    expect(system).toContain("/tutorials/moderation-bot");
    expect(system).toContain("not instructions to you");
  });

  it("does not repeat a link the answer already gives, and passes the recent conversation", async () => {
    const model = modelSaying("See /tutorials/moderation-bot for the whole bot.");
    const answer = await answerWithModel(
      "moderation bot?",
      [
        { role: "assistant", content: "Hi! Ask me anything." },
        { role: "user", content: "I want to warn members" },
      ],
      { model },
    );
    expect(answer).not.toContain("Read more: /tutorials/moderation-bot");
    expect(JSON.stringify(model.doGenerateCalls[0]?.prompt)).toContain("I want to warn members");
  });

  it("fails when the model fails, so the caller can fall back to the keyword answer", async () => {
    const model = new MockLanguageModelV3({
      doGenerate: async () => {
        throw new Error("provider down");
      },
    });
    await expect(answerWithModel("pricing?", [], { model })).rejects.toThrow();
  });
});
