/**
 * A build with a language model (AI_PROVIDER set, lib/ai-builder/llm): the model's candidates are
 * proven in a scratch simulator world (never the user's bot) and repaired by the engine's loop;
 * the candidate that ends the loop becomes the bot (create) or a change to review (change). Each
 * attempt shows on the build's code step; tokens and their cost are recorded on the build.
 */
import { languageNote } from "@/lib/ai-builder/language-words";
import { buildWithModel, type ConfiguredModel } from "@/lib/ai-builder/llm";
import type { Candidate, ProveOutcome } from "@/lib/ai-builder/llm";
import { affordableTokens, creditStatus, creditsUsedUp, minimumBuildTokens } from "@/lib/billing/credits";
import type { Blueprint } from "@/lib/blueprint";
import { deriveProof } from "@/lib/blueprint/proof/derive";
import { runInScratchWorld, type ProofDeps, type ProofReport } from "@/lib/blueprint/proof/run";
import type { CheckResult, ProofCheck } from "@/lib/blueprint/proof/types";
import { getBuilderState } from "@/lib/blueprint/service";
import { newestLogLines } from "@/lib/bots/logs";
import { createBot, getBot, latestVersionNumber } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { proposeChange, type ChangeProposal } from "./change";
import { finishBuild } from "./service";
import type { BuildPlan, BuildStatus, BuildStepKey, BuildStepStatus, ChangedFile } from "./types";

type Step = (key: BuildStepKey, status: BuildStepStatus, detail?: string) => Promise<void>;

export interface ModelBuildContext {
  build: { id: string; userId: string; botId: string | null; kind: string; description: string; language: string };
  configured: ConfiguredModel;
  proof: ProofDeps;
  step: Step;
  cancelled: () => Promise<boolean>;
  /** The proof step of a saved blueprint bot (./run.ts). */
  proveSaved: (botId: string) => Promise<BuildStatus>;
}

const attemptLimits = { maxAttempts: 3, maxTokens: 200_000 };
/** The newest lines of a candidate's log kept for its repair (the engine sends the last of them). */
const logLinesKept = 200;

function emptyBlueprint(name: string): Blueprint {
  return { version: 1, name, prefix: "!", commands: [], events: [], data: [], tables: [] };
}

/** What the scratch world showed of a candidate: kept so the one that becomes the bot keeps its proof. */
export interface ProvenRun {
  checks: ProofCheck[];
  results: CheckResult[];
  error: string | null;
  startedAt: Date;
}

/** A candidate proven in a scratch world: what a repair needs to know (also bench:ai's --engine=llm). */
export async function proveCandidate(
  context: Pick<ModelBuildContext, "proof"> & { build: Pick<ModelBuildContext["build"], "userId"> },
  candidate: Candidate,
  runs: WeakMap<Candidate, ProvenRun>,
): Promise<ProveOutcome> {
  const startedAt = new Date();
  const blueprint = candidate.kind === "blueprint" ? candidate.blueprint : emptyBlueprint("My Bot");
  const checks: ProofCheck[] =
    candidate.kind === "blueprint"
      ? deriveProof(candidate.blueprint).checks
      : candidate.checks.map((check, index) => ({
          id: `model-${index}`,
          title: check.title,
          target: { kind: "command", index: 0, name: "" },
          steps: check.steps,
        }));
  // The scratch bot's own log (a stack trace, a failed login…), read once it has stopped.
  let logs: string[] = [];
  const readLog = async (proofBotId: string) => {
    logs = (await newestLogLines(proofBotId, { limit: logLinesKept })).map((line) => `[${line.stream}] ${line.line}`);
  };
  try {
    const results = await runInScratchWorld(
      {
        userId: context.build.userId,
        name: blueprint.name,
        language: candidate.language,
        files: candidate.files,
        blueprint,
      },
      checks,
      context.proof,
      { stopped: readLog },
    );
    runs.set(candidate, { checks, results, error: null, startedAt });
    const failed = results.filter((result) => result.status !== "passed");
    return {
      passed: failed.length === 0,
      compileErrors: [],
      failedChecks: failed.map((result) => ({
        title: checks.find((check) => check.id === result.id)?.title ?? result.id,
        transcript: [
          ...(result.problem ? [result.problem] : []),
          ...result.transcript.map((line) => `${line.who} ${line.what} ${line.text}`),
        ],
      })),
      logs,
    };
  } catch (error) {
    const results = checks.map((check): CheckResult => ({ id: check.id, status: "pending", transcript: [] }));
    runs.set(candidate, { checks, results, error: (error as Error).message, startedAt });
    return { passed: false, compileErrors: [(error as Error).message], failedChecks: [], logs };
  }
}

export async function buildByModel(context: ModelBuildContext): Promise<BuildStatus> {
  const { build, configured, step } = context;
  const language = build.language === "python" ? "python" : "javascript";
  await db.botBuild.update({ where: { id: build.id }, data: { engine: configured.provider } });
  await step("understand", "running", `Asking ${configured.modelId}.`);

  let current: { blueprint?: Blueprint; files?: { path: string; content: string }[] } | undefined;
  if (build.kind === "change" && build.botId) {
    const bot = await getBot(build.userId, build.botId);
    const state = await getBuilderState(build.userId, build.botId);
    current = {
      files: bot.files.map((file) => ({ path: file.path, content: file.content })),
      ...(state.kind === "blueprint" ? { blueprint: state.blueprint } : {}),
    };
  }

  const credits = await creditStatus(build.userId);
  const maxTokens = Math.min(attemptLimits.maxTokens, affordableTokens(credits.remainingCents, configured.prices));
  if (maxTokens < minimumBuildTokens) {
    await finishBuild(build.id, "refused", creditsUsedUp(credits));
    return "refused";
  }

  const abort = new AbortController();
  const watch = setInterval(() => {
    void context.cancelled().then((yes) => yes && abort.abort(new Error("Cancelled.")));
  }, 2000);
  watch.unref();
  let tokens = { inputTokens: 0, outputTokens: 0 };
  const runs = new WeakMap<Candidate, ProvenRun>();
  let result;
  try {
    result = await buildWithModel(
      { description: build.description, language, current },
      {
        model: configured.model,
        prices: configured.prices,
        signal: abort.signal,
        budget: { ...attemptLimits, maxTokens },
        prove: (candidate) => proveCandidate(context, candidate, runs),
        onEvent: async (event) => {
          if (event.type === "attempt-start") {
            await step("understand", "done", `Understood by ${configured.modelId}.`);
            await step(
              "code",
              "running",
              `Attempt ${event.attempt} of ${attemptLimits.maxAttempts}: writing and proving.`,
            );
          } else if (event.type === "attempt-end") {
            tokens = {
              inputTokens: tokens.inputTokens + event.usage.inputTokens,
              outputTokens: tokens.outputTokens + event.usage.outputTokens,
            };
            await db.botBuild.update({ where: { id: build.id }, data: tokens });
            const problems = event.problems
              .flatMap((problem) => problem.messages)
              .slice(0, 2)
              .join(" ");
            await step(
              "code",
              "running",
              event.passed
                ? `Attempt ${event.attempt} passed its checks.`
                : `Attempt ${event.attempt} did not pass${problems ? `: ${problems}` : ""}; repairing.`,
            );
          }
        },
      },
    );
  } finally {
    clearInterval(watch);
  }
  await db.botBuild.update({
    where: { id: build.id },
    data: {
      inputTokens: result.usage.inputTokens,
      outputTokens: result.usage.outputTokens,
      costCents: result.costCents ?? 0,
    },
  });
  if (await context.cancelled()) {
    await finishBuild(build.id, "cancelled", "Cancelled.");
    return "cancelled";
  }
  const languageNoted = build.kind === "create" ? languageNote(build.description, language) : null;
  const plan: BuildPlan = {
    lines: result.plan,
    notUnderstood: result.notUnderstood,
    ...(languageNoted ? { languageNote: languageNoted } : {}),
  };
  await db.botBuild.update({ where: { id: build.id }, data: { plan: plan as never } });
  await step("understand", "done", `Understood by ${configured.modelId}.`);
  const candidate = result.candidate;
  if (!candidate) {
    await step("plan", result.stopReason === "refused" ? "failed" : "done");
    await finishBuild(build.id, result.stopReason === "refused" ? "refused" : "failed", result.message);
    return result.stopReason === "refused" ? "refused" : "failed";
  }
  await step("plan", "done", `${result.plan.length} part${result.plan.length === 1 ? "" : "s"}.`);
  const attempts = `${result.attempts.length} attempt${result.attempts.length === 1 ? "" : "s"}`;

  if (build.kind === "change" && build.botId) {
    const proposal =
      candidate.kind === "blueprint"
        ? await proposeChange(build.userId, build.botId, candidate.blueprint)
        : await proposeFiles(build.userId, build.botId, candidate.files);
    await db.botBuild.update({ where: { id: build.id }, data: { proposal: proposal as never, status: "review" } });
    await step("code", "done", `${proposal.summary} (${attempts})`);
    if (!result.ok) {
      await db.botBuild.update({
        where: { id: build.id },
        data: { message: `Not every check passed: ${result.message} Review the change before you save it.` },
      });
    }
    return "review";
  }

  const name = candidate.kind === "blueprint" ? candidate.blueprint.name : "My Bot";
  const bot = await createBot(build.userId, {
    name,
    description: build.description.slice(0, 500),
    language,
    files: candidate.files,
  });
  await db.botBuild.update({ where: { id: build.id }, data: { botId: bot.id, versionNumber: 1 } });
  await step(
    "code",
    "done",
    `${language === "python" ? "Python" : "JavaScript"}, ${candidate.files.length} files (${attempts}).`,
  );
  if (candidate.kind === "blueprint") return context.proveSaved(bot.id);
  // Code: its own checks were proven in the loop; that run is saved as the bot's first proof, so the
  // build shows each check and its transcript as a blueprint's proof does.
  const run = runs.get(candidate);
  if (run) {
    const report: ProofReport = { checks: run.checks, gaps: [], results: run.results };
    const proof = await db.blueprintProof.create({
      data: {
        botId: bot.id,
        userId: build.userId,
        versionNumber: 1,
        language,
        status: run.error ? "error" : result.ok ? "passed" : "failed",
        report: report as never,
        error: run.error,
        startedAt: run.startedAt,
        finishedAt: new Date(),
      },
    });
    await db.botBuild.update({ where: { id: build.id }, data: { proofId: proof.id } });
  }
  await step("prove", result.ok ? "done" : "failed", result.ok ? "The model's checks passed." : result.message);
  if (result.ok) await step("done", "done");
  await finishBuild(
    build.id,
    result.ok ? "succeeded" : "failed",
    result.ok ? "Your bot is built and proven. Start it, or try it in the Test tab." : result.message,
  );
  return result.ok ? "succeeded" : "failed";
}

/** A code change proposed as whole files (the model rewrote hand-written code). */
async function proposeFiles(
  userId: string,
  botId: string,
  files: { path: string; content: string }[],
): Promise<ChangeProposal> {
  const bot = await getBot(userId, botId);
  const now = new Map(bot.files.map((file) => [file.path, file.content]));
  // Files the model did not return stay as they are: nothing of the user's goes silently.
  const next = new Map(now);
  for (const file of files) next.set(file.path, file.content);
  const changed: ChangedFile[] = [];
  for (const [path, after] of next) {
    const before = now.get(path);
    if (before === after) continue;
    changed.push({ path, status: before === undefined ? "added" : "modified", before: before ?? "", after });
  }
  return {
    summary: changed.length ? `Changes ${changed.map((file) => file.path).join(", ")}.` : "Changes nothing.",
    message: "Changed with words",
    files: [...next.entries()].map(([path, content]) => ({ path, content })),
    changed,
    baseVersion: await latestVersionNumber(userId, botId),
    handEditsKept: [],
  };
}
