import { describe, expect, it } from "vitest";

import { parseEnv } from "@/lib/env";

import { costInCents, modelFromEnv } from "./provider";

describe("modelFromEnv", () => {
  it("is null when no provider is configured (the offline builder only)", () => {
    expect(modelFromEnv(parseEnv({}))).toBeNull();
  });

  it("makes each provider's model, with its prices, never exposing the key", () => {
    const openai = modelFromEnv(
      parseEnv({
        AI_PROVIDER: "openai",
        AI_MODEL: "gpt-test",
        AI_API_KEY: "sk-secret",
        AI_PRICE_INPUT_PER_MTOK: "2.5",
        AI_PRICE_OUTPUT_PER_MTOK: "10",
      }),
    );
    expect(openai).toMatchObject({
      provider: "openai",
      modelId: "gpt-test",
      prices: { inputPerMTok: 2.5, outputPerMTok: 10 },
    });
    expect(
      JSON.stringify({ provider: openai?.provider, modelId: openai?.modelId, prices: openai?.prices }),
    ).not.toContain("sk-secret");
    expect(
      modelFromEnv(parseEnv({ AI_PROVIDER: "anthropic", AI_MODEL: "claude-test", AI_API_KEY: "k" })),
    ).toMatchObject({
      provider: "anthropic",
      modelId: "claude-test",
      prices: { inputPerMTok: null, outputPerMTok: null },
    });
    const local = modelFromEnv(
      parseEnv({
        AI_PROVIDER: "openai-compatible",
        AI_MODEL: "qwen2.5-coder",
        AI_BASE_URL: "http://127.0.0.1:11434/v1",
      }),
    );
    expect(local).toMatchObject({ provider: "openai-compatible", modelId: "qwen2.5-coder" });
  });

  it("refuses at start a provider that cannot work, naming the variable but not its value", () => {
    expect(() => parseEnv({ AI_PROVIDER: "openai", AI_MODEL: "gpt-test" })).toThrow(/AI_API_KEY/);
    expect(() => parseEnv({ AI_PROVIDER: "openai-compatible", AI_MODEL: "m" })).toThrow(/AI_BASE_URL/);
    expect(() => parseEnv({ AI_PROVIDER: "anthropic", AI_API_KEY: "sk-hidden" })).toThrow(/AI_MODEL/);
    expect(() => parseEnv({ AI_PROVIDER: "anthropic", AI_API_KEY: "sk-hidden" })).not.toThrow(/sk-hidden/);
    expect(() => parseEnv({ AI_PROVIDER: "gemini" })).toThrow(/AI_PROVIDER/);
  });
});

describe("costInCents", () => {
  it("meters tokens at the configured dollars per million, in whole cents rounded up", () => {
    expect(costInCents({ inputTokens: 1_000_000, outputTokens: 0 }, { inputPerMTok: 3, outputPerMTok: 15 })).toBe(300);
    expect(costInCents({ inputTokens: 10_000, outputTokens: 1_000 }, { inputPerMTok: 3, outputPerMTok: 15 })).toBe(5);
    expect(costInCents({ inputTokens: 0, outputTokens: 0 }, { inputPerMTok: 3, outputPerMTok: 15 })).toBe(0);
    expect(costInCents({ inputTokens: 5, outputTokens: 5 }, { inputPerMTok: null, outputPerMTok: 15 })).toBeNull();
  });
});
