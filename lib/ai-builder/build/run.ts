/**
 * Runs one build (queued by ./service.ts): understanding → plan → code → proof → done, each step
 * saved as it happens so the page shows it live. Run by the build job (./job.ts); a retry after the
 * process died picks up where the build was: a bot it already made is reused, never made twice.
 *
 * "Change it with words" (kind change) stops after the code step with the change proposed
 * (status review): nothing is saved until the user has seen the diff and accepted it
 * (./change.ts); accepting saves a new version and proves it here again.
 */
import { languageNote } from "@/lib/ai-builder/language-words";
import { modelFromEnv, type ConfiguredModel } from "@/lib/ai-builder/llm";
import { understand } from "@/lib/ai-builder/offline";
import { PlanLimitError } from "@/lib/billing/plans";
import type { Blueprint } from "@/lib/blueprint";
import { compileBlueprint } from "@/lib/blueprint/compile";
import { deriveProof } from "@/lib/blueprint/proof/derive";
import { runInScratchWorld, runProof, type ProofDeps, type ProofReport } from "@/lib/blueprint/proof/run";
import { createProof } from "@/lib/blueprint/proof/service";
import type { ProofStatus } from "@/lib/blueprint/proof/types";
import { createBot, getBot } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { wordsJudge } from "../words/verify";
import { proposeChange } from "./change";
import { BuildRefusedError } from "./errors";
import { buildByModel } from "./model-build";
import { planNeedsUser, reviewPlan, type Superseded } from "./plan-review";
import { finishBuild } from "./service";
import {
  countOf,
  type BuildPlan,
  type BuildStatus,
  type BuildStep,
  type BuildStepKey,
  type BuildStepStatus,
  type StoredPlan,
} from "./types";

export interface BuildDeps {
  proof: ProofDeps;
  /** The language model (tests); undefined: the one AI_PROVIDER configures, if any; null: offline. */
  model?: ConfiguredModel | null;
}

class Cancelled extends Error {}

/** A running build whose heartbeat is older than this was left behind by a process that died. */
export const staleHeartbeatMs = 45_000;
const heartbeatEveryMs = 10_000;

export async function runBuild(buildId: string, deps: BuildDeps): Promise<BuildStatus> {
  // Claimed atomically: a queued build, or a running one whose process stopped beating.
  const claimed = await db.botBuild.updateMany({
    where: {
      id: buildId,
      OR: [
        { status: "queued" },
        {
          status: "running",
          OR: [{ heartbeatAt: null }, { heartbeatAt: { lt: new Date(Date.now() - staleHeartbeatMs) } }],
        },
      ],
    },
    data: { status: "running", heartbeatAt: new Date() },
  });
  const build = await db.botBuild.findUnique({ where: { id: buildId } });
  if (!build) return "error";
  if (claimed.count === 0) return build.status as BuildStatus;
  const heartbeat = setInterval(() => {
    void db.botBuild
      .updateMany({ where: { id: buildId, status: "running" }, data: { heartbeatAt: new Date() } })
      .catch(() => undefined);
  }, heartbeatEveryMs);
  heartbeat.unref();
  try {
    return await runClaimed(build, deps);
  } finally {
    clearInterval(heartbeat);
  }
}

type BuildRow = NonNullable<Awaited<ReturnType<typeof db.botBuild.findUnique>>>;

async function runClaimed(build: BuildRow, deps: BuildDeps): Promise<BuildStatus> {
  const buildId = build.id;
  let steps = build.steps as unknown as BuildStep[];

  const step = async (key: BuildStepKey, status: BuildStepStatus, detail?: string) => {
    steps = steps.map((item) => (item.key === key ? { key, status, ...(detail ? { detail } : {}) } : item));
    await db.botBuild.update({ where: { id: buildId }, data: { steps: steps as never } });
  };
  const cancelled = async () =>
    Boolean(
      (await db.botBuild.findUnique({ where: { id: buildId }, select: { cancelRequested: true } }))?.cancelRequested,
    );
  const checkpoint = async () => {
    if (await cancelled()) throw new Cancelled();
  };

  try {
    await db.botBuild.update({
      where: { id: buildId },
      data: { startedAt: build.startedAt ?? new Date(), engine: "offline" },
    });
    await checkpoint();
    const language = build.language === "python" ? "python" : "javascript";
    if (build.proofId) {
      // Resumed after its process died while proving: that proof is over; a new one runs.
      await db.blueprintProof.updateMany({
        where: { id: build.proofId, status: { in: ["queued", "running"] } },
        data: { status: "error", error: "The check was interrupted (the server restarted).", finishedAt: new Date() },
      });
    }
    if (build.kind === "change" && build.versionNumber !== null && build.botId) {
      // An accepted change: saved as a version, proven now (a hand-written bot: the commands it added).
      const addition = (build.proposal as { addition?: Blueprint } | null)?.addition;
      if (addition) {
        return await proveAddition(
          { buildId, userId: build.userId, botId: build.botId, versionNumber: build.versionNumber },
          addition,
          deps,
          step,
          cancelled,
        );
      }
      return await prove(buildId, build.userId, build.botId, language, deps, step, cancelled);
    }

    const stored = build.plan as unknown as StoredPlan | null;
    if (build.kind === "create" && stored?.confirmed && stored.draft) {
      // The plan waited for the user, who answered and fixed it: the code is written from it.
      return await writeAndProve(build, stored.draft, language, deps, step, cancelled, stored.superseded);
    }

    const configured = deps.model === undefined ? modelFromEnv() : deps.model;
    if (configured) {
      return await buildByModel({
        build,
        configured,
        proof: deps.proof,
        step,
        cancelled,
        proveSaved: (botId) =>
          prove(
            buildId,
            build.userId,
            botId,
            language,
            deps,
            step,
            cancelled,
            build.kind === "create" ? { description: build.description } : undefined,
          ),
      });
    }

    await step("understand", "running");
    const understanding = understand(build.description);
    const words = build.description.trim().split(/\s+/).filter(Boolean).length;
    await step("understand", "done", `Read ${countOf(words, "word")} with the offline builder.`);

    await step("plan", "running");
    const { blueprint } = understanding;
    const languageNoted = build.kind === "create" ? languageNote(build.description, language) : null;
    const review = build.kind === "create" ? reviewPlan(understanding, build.description) : null;
    const waits = build.reviewPlan && review !== null && planNeedsUser(review, understanding.notUnderstood);
    const plan: StoredPlan = {
      lines: understanding.plan,
      notUnderstood: understanding.notUnderstood,
      ...(languageNoted ? { languageNote: languageNoted } : {}),
      ...(review ? { items: review.items, questions: review.questions } : {}),
      // Kept for the user's answers and fixes (./service.ts confirmPlan).
      ...(waits ? { draft: blueprint } : {}),
    };
    await db.botBuild.update({ where: { id: buildId }, data: { plan: plan as never } });
    const parts = blueprint.commands.length + blueprint.events.length;
    if (parts === 0 && !(waits && review.questions.length)) {
      await step("plan", "failed", "Nothing to build.");
      const refused = understanding.notUnderstood.filter((note) => note.refused);
      if (refused.length) {
        await finishBuild(buildId, "refused", refused.map((note) => note.reason).join(" "));
        return "refused";
      }
      await finishBuild(
        buildId,
        "failed",
        'I could not find a command or an event to build in this description. Name the commands ("a /roll command that…") or what the bot should react to ("when someone joins…"), or start from a template.',
      );
      return "failed";
    }
    const events = blueprint.events.length ? ` and ${countOf(blueprint.events.length, "event")}` : "";
    const missing = understanding.notUnderstood.length
      ? `; ${countOf(understanding.notUnderstood.length, "part")} not understood`
      : "";
    if (waits) {
      // Before any code: the user answers the questions and fixes the lines (./plan-review.ts).
      await checkpoint();
      const asks = review.questions.length ? `; ${countOf(review.questions.length, "question")} for you` : "";
      await step("plan", "done", `${countOf(blueprint.commands.length, "command")}${events}${missing}${asks}.`);
      await db.botBuild.updateMany({ where: { id: buildId, status: "running" }, data: { status: "planned" } });
      return "planned";
    }
    await step("plan", "done", `${countOf(blueprint.commands.length, "command")}${events}${missing}.`);
    await checkpoint();

    if (build.kind === "change") {
      await step("code", "running");
      const proposal = await proposeChange(build.userId, build.botId!, blueprint);
      await db.botBuild.update({ where: { id: buildId }, data: { proposal: proposal as never } });
      await step("code", "done", proposal.summary);
      await db.botBuild.update({ where: { id: buildId }, data: { status: "review" } });
      return "review";
    }
    return await writeAndProve(build, blueprint, language, deps, step, cancelled);
  } catch (error) {
    if (error instanceof Cancelled) {
      await finishBuild(buildId, "cancelled", "Cancelled.");
      return "cancelled";
    }
    if (error instanceof PlanLimitError || error instanceof BuildRefusedError) {
      await finishBuild(buildId, "failed", error.message);
      return "failed";
    }
    console.error("[build] failed", error);
    await finishBuild(buildId, "error", "The build stopped on an error on our side. Try again.");
    return "error";
  }
}

/**
 * The proof step, and the end of the build: succeeded when every check passed. `description`: the
 * user's words the bot was built from, whose own statements the bot is held to as well
 * (lib/ai-builder/words); a change's request is not one (it may say what to remove).
 */
export async function prove(
  buildId: string,
  userId: string,
  botId: string,
  language: string,
  deps: BuildDeps,
  step: (key: BuildStepKey, status: BuildStepStatus, detail?: string) => Promise<void>,
  cancelled: () => Promise<boolean>,
  words?: { description: string; superseded?: Superseded },
): Promise<BuildStatus> {
  await step("prove", "running");
  const proof = await createProof(userId, botId, language);
  await db.botBuild.update({ where: { id: buildId }, data: { proofId: proof.id } });
  const result = await runProof(
    proof.id,
    { ...deps.proof, cancelled },
    words ? { words: wordsJudge(words.description, words.superseded) } : {},
  );
  if (await cancelled()) {
    await finishBuild(buildId, "cancelled", "Cancelled while it was being proven. The bot is saved as it was built.");
    return "cancelled";
  }
  return finishProven(buildId, proof.id, result, step);
}

type Step = (key: BuildStepKey, status: BuildStepStatus, detail?: string) => Promise<void>;

/** A new bot's code from its blueprint (made once: a resumed build reuses it), then its proof. */
async function writeAndProve(
  build: BuildRow,
  blueprint: Blueprint,
  language: "javascript" | "python",
  deps: BuildDeps,
  step: Step,
  cancelled: () => Promise<boolean>,
  superseded?: Superseded,
): Promise<BuildStatus> {
  if (await cancelled()) throw new Cancelled();
  await step("code", "running");
  const files = compileBlueprint(blueprint, language);
  let botId = build.botId;
  if (!botId) {
    const bot = await createBot(build.userId, {
      name: blueprint.name,
      description: blueprint.description ?? build.description.slice(0, 500),
      language,
      files,
    });
    botId = bot.id;
    await db.botBuild.update({ where: { id: build.id }, data: { botId, versionNumber: 1 } });
  }
  const languageName = language === "python" ? "Python (discord.py)" : "JavaScript (discord.js)";
  await step("code", "done", `${languageName}, ${countOf(files.length, "file")}.`);
  return prove(build.id, build.userId, botId, language, deps, step, cancelled, {
    description: build.description,
    ...(superseded ? { superseded } : {}),
  });
}

/**
 * The end of a build once its proof is over: succeeded when every check passed, those taken from
 * the user's words included. "Built and proven" only when nothing was left out, too: the build
 * page's badge counts the parts of the description that were not understood (./types.ts).
 */
async function finishProven(buildId: string, proofId: string, result: ProofStatus, step: Step): Promise<BuildStatus> {
  const row = await db.blueprintProof.findUnique({ where: { id: proofId }, select: { report: true, error: true } });
  const report = row?.report as Partial<ProofReport> | null;
  const results = (report?.results ?? []).map((r) => r.status);
  const words = report?.words ?? [];
  const passed = results.filter((status) => status === "passed").length;
  const wordsFailed = words.filter((check) => check.status === "failed").length;
  const wordsPart = words.length
    ? `; ${words.length - wordsFailed} of ${countOf(words.length, "check")} from your words`
    : "";
  if (result === "passed") {
    await step(
      "prove",
      "done",
      `All ${countOf(results.length, "check")} passed${words.length ? `, and all ${words.length} from your words` : ""}.`,
    );
    await step("done", "done");
    const build = await db.botBuild.findUnique({ where: { id: buildId }, select: { plan: true } });
    const leftOut = leftOutCount(build?.plan);
    await finishBuild(
      buildId,
      "succeeded",
      leftOut
        ? `Your bot is built and its checks passed, but ${countOf(leftOut, "part")} of your description ${leftOut === 1 ? "was" : "were"} left out (listed under the plan). Change it with words, or in the Builder.`
        : "Your bot is built and proven. Start it, or try it in the Test tab.",
    );
    return "succeeded";
  }
  if (result === "failed") {
    await step("prove", "failed", `${passed} of ${countOf(results.length, "check")} passed${wordsPart}.`);
    await finishBuild(
      buildId,
      "failed",
      wordsFailed
        ? `The bot is built, but it does not do everything your words say (${countOf(wordsFailed, "check")} from your words failed): see which below. You can still open it, change it, and check it again.`
        : "The bot is built, but not every check passed: see which below. You can still open it, change it, and check it again.",
    );
    return "failed";
  }
  await step("prove", "failed", row?.error ?? "The proof could not run.");
  await finishBuild(buildId, "error", `The bot is built, but it could not be proven: ${row?.error ?? "unknown error"}`);
  return "error";
}

/** How many parts of the description the plan left out (not understood or refused). */
export function leftOutCount(plan: unknown): number {
  const notes = (plan as BuildPlan | null)?.notUnderstood;
  return Array.isArray(notes) ? notes.length : 0;
}

/**
 * The proof of commands added to a hand-written bot (./code-addition.ts): the saved bot, all of its
 * own code included, runs in a scratch world and the checks the added commands' blueprint implies
 * run against it, each saved as it runs so the build page shows it.
 */
async function proveAddition(
  saved: { buildId: string; userId: string; botId: string; versionNumber: number },
  addition: Blueprint,
  deps: BuildDeps,
  step: Step,
  cancelled: () => Promise<boolean>,
): Promise<BuildStatus> {
  await step("prove", "running");
  const bot = await getBot(saved.userId, saved.botId);
  const derived = deriveProof(addition);
  const report: ProofReport = {
    ...derived,
    results: derived.checks.map((check) => ({ id: check.id, status: "pending", transcript: [] })),
  };
  const proof = await db.blueprintProof.create({
    data: {
      botId: saved.botId,
      userId: saved.userId,
      versionNumber: saved.versionNumber,
      language: bot.language,
      status: "running",
      report: report as never,
      startedAt: new Date(),
    },
  });
  await db.botBuild.update({ where: { id: saved.buildId }, data: { proofId: proof.id } });
  let status: ProofStatus;
  let error: string | null = null;
  try {
    report.results = await runInScratchWorld(
      { userId: saved.userId, name: bot.name, language: bot.language, files: bot.files, blueprint: addition },
      derived.checks,
      { ...deps.proof, cancelled },
      {
        progress: async (results) => {
          await db.blueprintProof.update({
            where: { id: proof.id },
            data: { report: { ...report, results } as never },
          });
        },
      },
    );
    status = report.results.every((result) => result.status === "passed") ? "passed" : "failed";
  } catch (caught) {
    status = "error";
    error = (caught as Error).message;
  }
  await db.blueprintProof.update({
    where: { id: proof.id },
    data: { status, error, report: report as never, finishedAt: new Date() },
  });
  if (await cancelled()) {
    await finishBuild(saved.buildId, "cancelled", "Cancelled while it was being proven. The change is saved.");
    return "cancelled";
  }
  return finishProven(saved.buildId, proof.id, status, step);
}
