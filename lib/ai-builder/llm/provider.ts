/**
 * The model the AI builder talks to, chosen by AI_PROVIDER / AI_MODEL / AI_API_KEY / AI_BASE_URL
 * (lib/env.ts). `null` means no model: the offline builder is all there is. The API key goes into
 * the provider's client and nowhere else: it is never part of a returned value, an error or a log.
 */
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";

import { env, type Env } from "@/lib/env";

/** US dollars per million tokens, as providers publish them; null when not configured. */
export interface ModelPrices {
  inputPerMTok: number | null;
  outputPerMTok: number | null;
}

export type ProviderName = "openai" | "anthropic" | "openai-compatible";

export interface ConfiguredModel {
  model: LanguageModel;
  provider: ProviderName;
  modelId: string;
  prices: ModelPrices;
}

export type AiSettings = Pick<
  Env,
  "AI_PROVIDER" | "AI_MODEL" | "AI_API_KEY" | "AI_BASE_URL" | "AI_PRICE_INPUT_PER_MTOK" | "AI_PRICE_OUTPUT_PER_MTOK"
>;

/** The configured model, or null when AI_PROVIDER is "none" (the default). */
export function modelFromEnv(settings: AiSettings = env): ConfiguredModel | null {
  const provider = settings.AI_PROVIDER;
  if (provider === "none") return null;
  const modelId = settings.AI_MODEL;
  // lib/env.ts already refuses these at start; this keeps a hand-made settings object honest.
  if (!modelId) throw new Error(`AI_MODEL is needed with AI_PROVIDER=${provider}.`);
  const prices: ModelPrices = {
    inputPerMTok: settings.AI_PRICE_INPUT_PER_MTOK ?? null,
    outputPerMTok: settings.AI_PRICE_OUTPUT_PER_MTOK ?? null,
  };
  const baseURL = settings.AI_BASE_URL;
  const apiKey = settings.AI_API_KEY;
  switch (provider) {
    case "openai": {
      if (!apiKey) throw new Error("AI_API_KEY is needed with AI_PROVIDER=openai.");
      return { model: createOpenAI({ apiKey, baseURL }).chat(modelId), provider, modelId, prices };
    }
    case "anthropic": {
      if (!apiKey) throw new Error("AI_API_KEY is needed with AI_PROVIDER=anthropic.");
      return { model: createAnthropic({ apiKey, baseURL })(modelId), provider, modelId, prices };
    }
    case "openai-compatible": {
      if (!baseURL) throw new Error("AI_BASE_URL is needed with AI_PROVIDER=openai-compatible.");
      // Local servers differ in JSON-schema support; json_object mode plus our own zod check works everywhere.
      const compatible = createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey });
      return { model: compatible.chatModel(modelId), provider, modelId, prices };
    }
  }
}

/**
 * What the tokens cost, in whole US cents rounded up (money is integer cents everywhere), or null
 * when either price is not configured.
 */
export function costInCents(usage: { inputTokens: number; outputTokens: number }, prices: ModelPrices): number | null {
  if (prices.inputPerMTok === null || prices.outputPerMTok === null) return null;
  const dollars = (usage.inputTokens * prices.inputPerMTok + usage.outputTokens * prices.outputPerMTok) / 1_000_000;
  // Rounded to a millionth of a cent first, so float noise never adds a cent.
  return Math.ceil(Math.round(dollars * 100 * 1e6) / 1e6);
}
