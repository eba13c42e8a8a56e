/**
 * The AI builder's LLM engine (used when AI_PROVIDER is set; the offline engine otherwise):
 * `modelFromEnv()` picks the model, `buildWithModel()` builds and repairs a bot with it.
 */
export { buildDefaults, buildWithModel } from "./build";
export { checkGeneratedCode, runtimeVariables, type GuardFinding } from "./guard";
export { costInCents, modelFromEnv, type ConfiguredModel, type ModelPrices, type ProviderName } from "./provider";
export { screenDescription, type ScreenedDescription } from "./screen";
export type * from "./types";
