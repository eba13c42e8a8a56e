/**
 * The LLM engine's vocabulary: what a build asks for, what it may call, what it reports while it
 * works and what it returns. The build job implements `prove` with the real simulator.
 */
import type { LanguageModel } from "ai";

import type { BuildLanguage, CaseCheck, NotUnderstood } from "@/lib/ai-builder/types";
import type { Blueprint } from "@/lib/blueprint";

export interface BotFile {
  /** Relative, "/"-separated: "index.js", "commands/ping.js". */
  path: string;
  content: string;
}

/** What a repair needs to know about one proof of a candidate. */
export interface ProveOutcome {
  passed: boolean;
  /** The bot did not build or start (syntax errors, a missing module, a crash at start). */
  compileErrors: string[];
  failedChecks: { title: string; transcript: string[] }[];
  /** The bot's own log lines during the proof (its stderr most of all). */
  logs: string[];
}

/**
 * What the model proposed, ready to prove. A blueprint comes compiled (its checks the proof derives
 * from it); code comes with the checks the model says should hold, in the proof's vocabulary.
 */
export type Candidate =
  | { kind: "blueprint"; blueprint: Blueprint; files: BotFile[]; language: BuildLanguage }
  | { kind: "code"; files: BotFile[]; checks: CaseCheck[]; language: BuildLanguage };

export interface BuildInput {
  description: string;
  language: BuildLanguage;
  /** The bot as it is, for "change it with words": the model edits this instead of starting over. */
  current?: { blueprint?: Blueprint; files?: BotFile[] };
}

/** Why an attempt did not end the build, as the user (and the model, in the repair) reads it. */
export type AttemptProblem =
  | { kind: "schema"; messages: string[] }
  | { kind: "unsafe"; messages: string[] }
  | { kind: "compile"; messages: string[] }
  | { kind: "checks"; messages: string[] }
  | { kind: "model"; messages: string[] };

export type BuildEvent =
  | { type: "refused"; notUnderstood: NotUnderstood[] }
  | { type: "attempt-start"; attempt: number }
  | {
      type: "attempt-end";
      attempt: number;
      /** true: this attempt's candidate passed its proof. */
      passed: boolean;
      problems: AttemptProblem[];
      /** This attempt's tokens. */
      usage: TokenUsage;
    }
  | { type: "stopped"; reason: StopReason; message: string };

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

export interface BuildBudget {
  /** Model calls at most (the first one included). Default 3. */
  maxAttempts?: number;
  /** Input plus output tokens over all attempts; no new attempt starts past it. Default 200,000. */
  maxTokens?: number;
  /** One model call at most this long. Default 120 s. */
  attemptTimeoutMs?: number;
}

export interface BuildDeps {
  model: LanguageModel;
  prove: (candidate: Candidate) => Promise<ProveOutcome>;
  onEvent: (event: BuildEvent) => void | Promise<void>;
  signal: AbortSignal;
  budget: BuildBudget;
  /** For costCents; null prices: cost unknown. */
  prices?: { inputPerMTok: number | null; outputPerMTok: number | null };
}

export type StopReason =
  "passed" | "refused" | "attempts" | "tokens" | "repeated" | "timeout" | "aborted" | "model-error";

export interface AttemptReport {
  attempt: number;
  passed: boolean;
  problems: AttemptProblem[];
  usage: TokenUsage;
}

export interface BuildResult {
  /** True only when the returned candidate passed its proof. */
  ok: boolean;
  stopReason: StopReason;
  /** Plain words for the user when it did not pass. */
  message: string;
  /** The last candidate that was proved (passed or not), or null when none could be made. */
  candidate: Candidate | null;
  /** Understanding-like: the blueprint (blueprint mode), plan lines and what was left out. */
  blueprint: Blueprint | null;
  files: BotFile[] | null;
  checks: CaseCheck[];
  plan: string[];
  notUnderstood: NotUnderstood[];
  attempts: AttemptReport[];
  usage: TokenUsage;
  /** Whole US cents, rounded up; null when prices are not configured. */
  costCents: number | null;
}
