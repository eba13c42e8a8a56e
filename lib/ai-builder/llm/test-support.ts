/**
 * Replays recorded model answers (fixtures/*.json) through the AI SDK's test model, so the engine's
 * tests run the real `generateText` + `Output.object` path without a network or a provider.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { APICallError } from "ai";
import { MockLanguageModelV3 } from "ai/test";

import type { BuildLanguage } from "@/lib/ai-builder/types";

import type { BuildEvent, ProveOutcome } from "./types";

/** One recorded answer: the JSON the model wrote (or raw text), its usage, or an error. */
export type RecordedResponse =
  | {
      reply?: unknown;
      text?: string;
      usage: { input: number; output: number };
      finishReason?: "stop" | "length";
    }
  | { error: { statusCode: number; message: string } }
  /** The model never answers (until the call is aborted). */
  | { hang: true };

export interface Fixture {
  description: string;
  language: BuildLanguage;
  responses: RecordedResponse[];
  /** What prove() answers, in order (the last one again when there are more calls). */
  proofs: ProveOutcome[];
}

export function loadFixture(name: string): Fixture {
  return JSON.parse(readFileSync(path.join(import.meta.dirname, "fixtures", `${name}.json`), "utf8")) as Fixture;
}

type DoGenerate = MockLanguageModelV3["doGenerate"];

export function replayModel(responses: RecordedResponse[]): MockLanguageModelV3 {
  let next = 0;
  const doGenerate: DoGenerate = async (options) => {
    const response = responses[Math.min(next++, responses.length - 1)]!;
    if ("hang" in response)
      return new Promise((_, reject) => {
        const signal = options.abortSignal;
        signal?.addEventListener("abort", () => reject(signal.reason), { once: true });
      });
    if ("error" in response)
      throw new APICallError({
        message: response.error.message,
        url: "https://provider.invalid/v1/chat/completions",
        requestBodyValues: {},
        statusCode: response.error.statusCode,
        isRetryable: false,
      });
    const text = response.text ?? JSON.stringify(response.reply);
    return {
      content: [{ type: "text", text }],
      finishReason: { unified: response.finishReason ?? "stop", raw: response.finishReason ?? "stop" },
      usage: {
        inputTokens: {
          total: response.usage.input,
          noCache: response.usage.input,
          cacheRead: undefined,
          cacheWrite: undefined,
        },
        outputTokens: { total: response.usage.output, text: response.usage.output, reasoning: undefined },
      },
      warnings: [],
    };
  };
  return new MockLanguageModelV3({ provider: "replay", modelId: "recorded", doGenerate });
}

export function replayProofs(proofs: ProveOutcome[]) {
  const calls: unknown[] = [];
  const prove = async (candidate: unknown) => {
    calls.push(candidate);
    return proofs[Math.min(calls.length - 1, proofs.length - 1)]!;
  };
  return { prove, calls };
}

export function collectEvents() {
  const events: BuildEvent[] = [];
  return { events, onEvent: (event: BuildEvent) => void events.push(event) };
}

/** The text of every prompt message the model was given in its Nth call. */
export function promptText(model: MockLanguageModelV3, call: number): string {
  return JSON.stringify(model.doGenerateCalls[call]?.prompt ?? []);
}
