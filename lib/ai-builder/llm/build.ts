/**
 * The LLM engine of the AI builder: a description (and, to change a bot, the bot as it is) into a
 * blueprint — or, when a blueprint cannot say it, code under the runtime contract with the checks
 * that should hold — proved in the simulator and repaired from what went wrong.
 *
 * The loop: refusals first (refused sentences never reach the model); then each attempt asks the
 * model for one JSON answer checked by zod (`Output.object`), compiles or statically checks it,
 * and proves it. Schema problems, unsafe code, build errors, failed checks and the bot's logs go
 * back to the model. It stops when a candidate passes, at the attempt or token budget, when the
 * same problems come back (a fix loop that oscillates burns money and fixes nothing), on a timeout,
 * an abort, or a model error. Every attempt is reported through `onEvent` with its tokens.
 */
import { APICallError, generateText, NoObjectGeneratedError, Output, type ModelMessage } from "ai";

import type { NotUnderstood } from "@/lib/ai-builder/types";
import { compileBlueprint } from "@/lib/blueprint/compile";

import { checkGeneratedCode } from "./guard";
import { repairPrompt, requestPrompt, systemPrompt } from "./prompt";
import { costInCents } from "./provider";
import { asCaseChecks, replySchema, type ModelReply } from "./reply";
import { screenDescription } from "./screen";
import type {
  AttemptProblem,
  AttemptReport,
  BuildDeps,
  BuildInput,
  BuildResult,
  Candidate,
  ProveOutcome,
  StopReason,
  TokenUsage,
} from "./types";

export const buildDefaults = { maxAttempts: 3, maxTokens: 200_000, attemptTimeoutMs: 120_000 } as const;
/** Lines of the bot's log sent back in a repair (the newest). */
const logLinesInRepair = 40;
const messagesPerProblem = 25;

const stopMessages: Record<StopReason, string> = {
  passed: "The bot passed its checks.",
  refused: "Nothing was built: what is left of the description is not something Cipher builds.",
  attempts: "The bot still fails after every attempt this build allows.",
  tokens: "The build used up its token budget before the bot passed its checks.",
  repeated: "The same problems came back after a fix, so the build stopped instead of trying the same fixes again.",
  timeout: "The model took too long to answer.",
  aborted: "The build was cancelled.",
  "model-error": "The model could not be reached or refused the request.",
};

function add(total: TokenUsage, usage: TokenUsage): TokenUsage {
  return { inputTokens: total.inputTokens + usage.inputTokens, outputTokens: total.outputTokens + usage.outputTokens };
}

function usageOf(usage: { inputTokens?: number; outputTokens?: number } | undefined): TokenUsage {
  return { inputTokens: usage?.inputTokens ?? 0, outputTokens: usage?.outputTokens ?? 0 };
}

/** "commands.0.name: …" lines from a schema failure, wherever the SDK put the zod issues. */
function schemaMessages(error: NoObjectGeneratedError): string[] {
  const issues: { path?: PropertyKey[]; message?: string }[] = [];
  for (let cause: unknown = error.cause, depth = 0; cause && depth < 4; depth++) {
    const found = (cause as { issues?: unknown }).issues;
    if (Array.isArray(found)) {
      issues.push(...(found as typeof issues));
      break;
    }
    cause = (cause as { cause?: unknown }).cause;
  }
  if (issues.length)
    return issues.map((issue) => {
      const path = (issue.path ?? []).map((part) =>
        typeof part === "object" ? String((part as { key?: unknown }).key) : String(part),
      );
      return `${path.length ? path.join(".") + ": " : ""}${issue.message ?? "invalid"}`;
    });
  const reason = error.cause instanceof Error ? error.cause.message : error.message;
  return [error.finishReason === "length" ? "The answer was cut off before it ended (too long)." : reason];
}

/** The model's reply as a candidate, or what is wrong with it before it can run. */
function candidateOf(reply: ModelReply, input: BuildInput): { candidate: Candidate } | { problem: AttemptProblem } {
  if (reply.mode === "blueprint" && reply.blueprint) {
    try {
      const files = compileBlueprint(reply.blueprint, input.language);
      return { candidate: { kind: "blueprint", blueprint: reply.blueprint, files, language: input.language } };
    } catch (error) {
      return { problem: { kind: "compile", messages: [`The blueprint did not compile: ${(error as Error).message}`] } };
    }
  }
  const files = reply.files ?? [];
  const findings = checkGeneratedCode(files);
  if (findings.length)
    return {
      problem: { kind: "unsafe", messages: findings.map((f) => `${f.path}:${f.line} ${f.message}`) },
    };
  return { candidate: { kind: "code", files, checks: asCaseChecks(reply.checks ?? []), language: input.language } };
}

function proofProblems(outcome: ProveOutcome): AttemptProblem[] {
  const problems: AttemptProblem[] = [];
  if (outcome.compileErrors.length) problems.push({ kind: "compile", messages: outcome.compileErrors });
  if (outcome.failedChecks.length)
    problems.push({
      kind: "checks",
      messages: outcome.failedChecks.map((check) =>
        [check.title, ...check.transcript.map((line) => `    ${line}`)].join("\n"),
      ),
    });
  if (outcome.logs.length) {
    const logs = outcome.logs.slice(-logLinesInRepair);
    const last = problems[problems.length - 1];
    const lines = ["The bot's log:", ...logs.map((line) => `    ${line}`)].join("\n");
    if (last) last.messages.push(lines);
    else problems.push({ kind: "checks", messages: [lines] });
  }
  if (!problems.length) problems.push({ kind: "checks", messages: ["The proof did not pass, and said nothing more."] });
  return problems;
}

/** What identifies a set of problems across attempts: their kinds and texts, the bot's log left out (timestamps). */
function signatureOf(problems: AttemptProblem[]): string {
  return JSON.stringify(
    problems.map((problem) => [problem.kind, problem.messages.filter((m) => !m.startsWith("The bot's log:")).sort()]),
  );
}

function truncate(messages: string[]): string[] {
  const kept = messages.slice(0, messagesPerProblem).map((m) => (m.length > 2_000 ? m.slice(0, 2_000) + "…" : m));
  if (messages.length > messagesPerProblem) kept.push(`…and ${messages.length - messagesPerProblem} more.`);
  return kept;
}

export async function buildWithModel(input: BuildInput, deps: BuildDeps): Promise<BuildResult> {
  const maxAttempts = Math.max(1, deps.budget.maxAttempts ?? buildDefaults.maxAttempts);
  const maxTokens = Math.max(1, deps.budget.maxTokens ?? buildDefaults.maxTokens);
  const attemptTimeoutMs = deps.budget.attemptTimeoutMs ?? buildDefaults.attemptTimeoutMs;
  const prices = deps.prices ?? { inputPerMTok: null, outputPerMTok: null };

  const attempts: AttemptReport[] = [];
  let usage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
  let lastCandidate: Candidate | null = null;
  let lastReply: ModelReply | null = null;

  const screened = screenDescription(input.description);
  const finish = async (stopReason: StopReason, detail?: string): Promise<BuildResult> => {
    const ok = stopReason === "passed";
    const message = detail ? `${stopMessages[stopReason]} ${detail}` : stopMessages[stopReason];
    if (!ok) await deps.onEvent({ type: "stopped", reason: stopReason, message });
    const notUnderstood: NotUnderstood[] = [...screened.refused, ...(lastReply?.notUnderstood ?? [])];
    return {
      ok,
      stopReason,
      message,
      candidate: lastCandidate,
      blueprint: lastCandidate?.kind === "blueprint" ? lastCandidate.blueprint : null,
      files: lastCandidate?.files ?? null,
      checks: lastCandidate?.kind === "code" ? lastCandidate.checks : [],
      plan: lastReply?.plan ?? [],
      notUnderstood,
      attempts,
      usage,
      costCents: costInCents(usage, prices),
    };
  };

  if (screened.refused.length) await deps.onEvent({ type: "refused", notUnderstood: screened.refused });
  // Something to change an existing bot with may be short, but an empty request builds nothing.
  if (!screened.kept) return finish("refused", screened.refused.length ? undefined : "The description is empty.");

  const system = systemPrompt(input.language);
  const messages: ModelMessage[] = [
    { role: "user", content: requestPrompt(screened.kept, input.language, input.current) },
  ];
  const seen = new Set<string>();

  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    if (deps.signal.aborted) return finish("aborted");
    const spent = usage.inputTokens + usage.outputTokens;
    if (spent >= maxTokens) return finish("tokens");
    await deps.onEvent({ type: "attempt-start", attempt });

    const timeout = AbortSignal.timeout(attemptTimeoutMs);
    const signal = AbortSignal.any([deps.signal, timeout]);
    let reply: ModelReply | null = null;
    let replyText = "";
    let attemptUsage: TokenUsage = { inputTokens: 0, outputTokens: 0 };
    const problems: AttemptProblem[] = [];
    try {
      const result = await generateText({
        model: deps.model,
        system,
        messages,
        output: Output.object({
          schema: replySchema,
          name: "bot",
          description: "The bot: a blueprint, or code with checks.",
        }),
        abortSignal: signal,
        maxOutputTokens: Math.max(256, maxTokens - spent),
        maxRetries: 1,
        // The blueprint has optional parts; OpenAI's strict mode would demand every key.
        providerOptions: { openai: { strictJsonSchema: false } },
      });
      attemptUsage = usageOf(result.totalUsage);
      reply = result.output;
      replyText = result.text;
    } catch (error) {
      if (NoObjectGeneratedError.isInstance(error)) {
        attemptUsage = usageOf(error.usage);
        replyText = error.text ?? "";
        problems.push({ kind: "schema", messages: truncate(schemaMessages(error)) });
      } else {
        usage = add(usage, attemptUsage);
        const stop: StopReason = deps.signal.aborted ? "aborted" : timeout.aborted ? "timeout" : "model-error";
        const said =
          stop === "model-error"
            ? APICallError.isInstance(error) && error.statusCode
              ? `The provider answered ${error.statusCode}.`
              : "The provider could not be reached."
            : "";
        const report = {
          attempt,
          passed: false,
          problems: [{ kind: "model" as const, messages: [stopMessages[stop]] }],
          usage: attemptUsage,
        };
        attempts.push(report);
        await deps.onEvent({ type: "attempt-end", ...report });
        return finish(stop, said || undefined);
      }
    }
    usage = add(usage, attemptUsage);

    if (reply) {
      lastReply = reply;
      const made = candidateOf(reply, input);
      if ("problem" in made) problems.push({ ...made.problem, messages: truncate(made.problem.messages) });
      else {
        lastCandidate = made.candidate;
        const outcome = await deps.prove(made.candidate);
        if (outcome.passed) {
          const report = { attempt, passed: true, problems: [], usage: attemptUsage };
          attempts.push(report);
          await deps.onEvent({ type: "attempt-end", ...report });
          return finish("passed");
        }
        problems.push(...proofProblems(outcome).map((p) => ({ ...p, messages: truncate(p.messages) })));
      }
    }

    const report = { attempt, passed: false, problems, usage: attemptUsage };
    attempts.push(report);
    await deps.onEvent({ type: "attempt-end", ...report });

    const signature = signatureOf(problems);
    if (seen.has(signature)) return finish("repeated");
    seen.add(signature);
    if (usage.inputTokens + usage.outputTokens >= maxTokens) return finish("tokens");

    messages.push({ role: "assistant", content: replyText || "(no answer)" });
    messages.push({ role: "user", content: repairPrompt(problems) });
  }
  return finish("attempts");
}
