/**
 * The AI builder's builds as persisted jobs (issue 20): queued here, run by the build job
 * (./job.ts → ./run.ts), read back by the page while they run. One build at a time per user, so
 * a build's proof never waits on another; a build stuck past its time limit is over.
 */
import { buildLanguageFor } from "@/lib/ai-builder/language-words";
import { modelFromEnv } from "@/lib/ai-builder/llm";
import type { BuildLanguage } from "@/lib/ai-builder/types";
import { affordableTokens, creditStatus, creditsUsedUp, minimumBuildTokens } from "@/lib/billing/credits";
import { limitsFor } from "@/lib/billing/plans";
import { getProofView } from "@/lib/blueprint/proof/service";
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";
import type { RateLimitRule } from "@/lib/rate-limit";

import { finishReview } from "./change";
import { BuildRefusedError } from "./errors";
import { applyCorrections, PlanCorrectionError, reviewPlan, type Corrected, type PlanCorrections } from "./plan-review";
import {
  countOf,
  finishedBuildStatuses,
  initialSteps,
  type BuildKind,
  type BuildPlan,
  type BuildStatus,
  type BuildStep,
  type BuildView,
  type ChangedFile,
  type StoredPlan,
} from "./types";

export { BuildRefusedError };

/** Builds a user may start: 20 an hour (the offline engine is free; this keeps the machine fair). */
export const buildRateLimit: RateLimitRule = { bucket: "ai-build", limit: 20, windowMs: 60 * 60_000 };

/** A build not finished after this long is over (its process died and its retry did too). */
const staleAfterMs = 20 * 60_000;

export interface BuildRequest {
  description: string;
  /**
   * The language the user chose. Without it a new bot is built in the language its words ask for
   * ("a python bot", lib/ai-builder/language-words.ts), else JavaScript; a change keeps the bot's.
   */
  language?: BuildLanguage;
  /** Set for "Change it with words": the bot to change. */
  botId?: string;
  /**
   * A new bot's build waits at its plan when the plan asks something or left words out, so the
   * user can answer and fix lines before any code is written (Create New Bot; the API's `review`).
   */
  reviewPlan?: boolean;
}

/** Queues a build; refused while another build of the user runs, or when no bot could be added. */
export async function queueBuild(userId: string, request: BuildRequest): Promise<{ id: string }> {
  const kind: BuildKind = request.botId ? "change" : "create";
  let language: BuildLanguage;
  if (request.botId) {
    const bot = await db.bot.findFirst({
      where: userBots(userId, request.botId),
      select: { id: true, language: true },
    });
    if (!bot) throw new BuildRefusedError("This bot no longer exists.", { code: "not_found" });
    language = request.language ?? (bot.language === "python" ? "python" : "javascript");
  } else {
    language = buildLanguageFor(request.description, request.language).language;
    const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { plan: true } });
    const limits = limitsFor(user.plan);
    if (limits.maxBots !== null && (await db.bot.count({ where: userBots(userId) })) >= limits.maxBots) {
      throw new BuildRefusedError(
        `Your plan (${limits.name}) includes ${limits.maxBots} bots. Delete a bot you no longer need (it goes to the Archive) to build another.`,
        { code: "plan_limit" },
      );
    }
  }
  // With a model, the credits must buy a build: refused now, not after the first attempt.
  const configured = modelFromEnv();
  if (configured) {
    const credits = await creditStatus(userId);
    if (affordableTokens(credits.remainingCents, configured.prices) < minimumBuildTokens) {
      throw new BuildRefusedError(creditsUsedUp(credits), { code: "plan_limit" });
    }
  }
  await refuseWhileOneRuns(userId);
  if (request.botId) {
    // A change still waiting for review is replaced: its diff would be against an older bot.
    const waiting = await db.botBuild.findMany({
      where: { userId, botId: request.botId, status: "review" },
      select: { id: true },
    });
    for (const build of waiting) await finishReview(build.id, "Replaced by a newer change: nothing was saved.");
  }
  if (kind === "create") {
    // The landing page's idea has been used (or replaced): Create New Bot no longer opens with it.
    await db.user.update({ where: { id: userId }, data: { pendingPrompt: null } });
    // A plan still waiting for the user is replaced by the newer description.
    const planned = await db.botBuild.findMany({
      where: { userId, kind: "create", status: "planned" },
      select: { id: true },
    });
    for (const build of planned)
      await finishBuild(build.id, "cancelled", "Replaced by a newer description: nothing was built.");
  }
  return db.botBuild.create({
    data: {
      userId,
      botId: request.botId ?? null,
      kind,
      description: request.description,
      language,
      reviewPlan: kind === "create" && request.reviewPlan === true,
      steps: initialSteps() as never,
    },
    select: { id: true },
  });
}

/** Asks a build to stop; it stops at its next step (a running check finishes first). */
export async function cancelBuild(userId: string, buildId: string): Promise<void> {
  const build = await db.botBuild.findFirst({ where: { id: buildId, userId }, select: { status: true } });
  if (!build) throw new BuildRefusedError("This build no longer exists.", { code: "not_found" });
  if (finishedBuildStatuses.includes(build.status as BuildStatus)) return;
  if (build.status === "queued" || build.status === "planned") {
    await finishBuild(buildId, "cancelled", "Cancelled before it started.");
    return;
  }
  await db.botBuild.update({ where: { id: buildId }, data: { cancelRequested: true } });
}

/** One build at a time per user: refused while another is queued or running (stale ones are over first). */
async function refuseWhileOneRuns(userId: string): Promise<void> {
  await expireStale(userId);
  const running = await db.botBuild.findFirst({
    where: { userId, status: { in: ["queued", "running"] } },
    select: { id: true },
  });
  if (running) {
    throw new BuildRefusedError("Another build of yours is running; wait for it to finish or cancel it.", {
      code: "conflict",
    });
  }
}

/** Builds whose process died without a retry: over, so they do not block the next. */
async function expireStale(userId: string): Promise<void> {
  const before = new Date(Date.now() - staleAfterMs);
  const stale = await db.botBuild.findMany({
    where: {
      userId,
      status: { in: ["queued", "running"] },
      // Counted from when it was queued: a plan confirmed after a long look, from its confirmation.
      OR: [{ queuedAt: null, createdAt: { lt: before } }, { queuedAt: { lt: before } }],
    },
    select: { id: true },
  });
  for (const build of stale) {
    await finishBuild(
      build.id,
      "error",
      "The build did not finish in time (the server may have restarted). Try again.",
    );
  }
}

/** Ends a build: its status, a message, and every step not done marked as failed or skipped. */
export async function finishBuild(buildId: string, status: BuildStatus, message: string | null): Promise<void> {
  const row = await db.botBuild.findUnique({ where: { id: buildId }, select: { steps: true } });
  if (!row) return;
  const steps = (row.steps as unknown as BuildStep[]).map((step): BuildStep => {
    if (step.key === "done") return { ...step, status: status === "succeeded" ? "done" : "skipped" };
    if (step.status === "running") return { ...step, status: status === "cancelled" ? "skipped" : "failed" };
    if (step.status === "pending") return { ...step, status: "skipped" };
    return step;
  });
  await db.botBuild.updateMany({
    where: { id: buildId, status: { in: ["queued", "running", "planned"] } },
    data: { status, message, steps: steps as never, finishedAt: new Date() },
  });
}

const viewSelect = {
  id: true,
  kind: true,
  status: true,
  description: true,
  language: true,
  engine: true,
  steps: true,
  plan: true,
  message: true,
  proofId: true,
  proposal: true,
  versionNumber: true,
  costCents: true,
  createdAt: true,
  finishedAt: true,
  bot: { select: { id: true, name: true, archivedAt: true } },
} as const;

/** The build as the page shows it; null when it is not the user's. */
export async function getBuildView(userId: string, buildId: string): Promise<BuildView | null> {
  const row = await db.botBuild.findFirst({ where: { id: buildId, userId }, select: viewSelect });
  if (!row) return null;
  const bot = row.bot && !row.bot.archivedAt ? { id: row.bot.id, name: row.bot.name } : null;
  const proof = bot && row.proofId ? await getProofView(userId, bot.id, row.proofId) : null;
  return {
    id: row.id,
    kind: row.kind as BuildKind,
    status: row.status as BuildStatus,
    description: row.description,
    language: row.language === "python" ? "python" : "javascript",
    engine: row.engine,
    steps: row.steps as unknown as BuildStep[],
    plan: planView(row.plan),
    message: row.message,
    bot,
    versionNumber: row.versionNumber,
    proof,
    proposal: proposalView(row.proposal),
    costCents: row.costCents,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The plan as the page and the API show it: not the draft blueprint or the bookkeeping. */
function planView(value: unknown): BuildPlan | null {
  if (!value || typeof value !== "object") return null;
  const { draft: _draft, confirmed: _confirmed, superseded: _superseded, ...plan } = value as StoredPlan;
  return plan;
}

/**
 * "Build it" on a plan that waited for the user: the answers and fixes go into the draft (checked
 * as any blueprint is), the plan's lines say so, and the build is queued again to write the code.
 * Refused with the field when a value cannot be; nothing changes then.
 */
export async function confirmPlan(
  userId: string,
  buildId: string,
  corrections: PlanCorrections,
): Promise<{ id: string }> {
  const build = await db.botBuild.findFirst({
    where: { id: buildId, userId },
    select: { status: true, plan: true, description: true, steps: true },
  });
  if (!build) throw new BuildRefusedError("This build no longer exists.", { code: "not_found" });
  if (build.status !== "planned") {
    throw new BuildRefusedError("This plan is not waiting for you any more: it was built, replaced or cancelled.", {
      code: "conflict",
    });
  }
  const plan = build.plan as unknown as StoredPlan | null;
  if (!plan?.draft)
    throw new BuildRefusedError("This plan has nothing to build. Describe the bot again.", { code: "conflict" });
  await refuseWhileOneRuns(userId);
  let corrected: Corrected;
  try {
    corrected = applyCorrections(
      plan.draft,
      { plan: plan.lines, notUnderstood: plan.notUnderstood },
      { items: plan.items ?? [], questions: plan.questions ?? [] },
      corrections,
    );
  } catch (error) {
    if (error instanceof PlanCorrectionError) {
      throw new BuildRefusedError(error.message, {
        code: "invalid",
        ...(error.field ? { fieldErrors: { [error.field]: [error.message] } } : {}),
      });
    }
    throw error;
  }
  if (corrected.blueprint.commands.length + corrected.blueprint.events.length === 0) {
    throw new BuildRefusedError("There is nothing to build yet: answer a question above, or change the description.", {
      code: "invalid",
    });
  }
  const review = reviewPlan(
    { blueprint: corrected.blueprint, plan: corrected.plan, notUnderstood: corrected.notUnderstood },
    build.description,
  );
  const { commands, events } = corrected.blueprint;
  // What the user changed: a suggested channel left as it was is not an answer of theirs.
  const suggested = new Map((plan.questions ?? []).map((question) => [question.id, question.value]));
  const fixed =
    Object.keys(corrections.fields ?? {}).length +
    Object.entries(corrections.answers ?? {}).filter(
      ([id, value]) => value.trim() && value.trim() !== suggested.get(id),
    ).length;
  const left = corrected.notUnderstood.length ? `; ${countOf(corrected.notUnderstood.length, "part")} left out` : "";
  const steps = (build.steps as unknown as BuildStep[]).map((step) =>
    step.key === "plan"
      ? {
          ...step,
          detail: `${countOf(commands.length, "command")}${events.length ? ` and ${countOf(events.length, "event")}` : ""}${left}${
            fixed ? `; ${countOf(fixed, "answer or fix", "answers and fixes")} from you` : "; as planned"
          }.`,
        }
      : step,
  );
  const stored: StoredPlan = {
    ...plan,
    lines: corrected.plan,
    notUnderstood: corrected.notUnderstood,
    items: review.items,
    questions: [],
    draft: corrected.blueprint,
    confirmed: true,
    superseded: corrected.superseded,
  };
  const queued = await db.botBuild.updateMany({
    where: { id: buildId, userId, status: "planned" },
    data: {
      status: "queued",
      plan: stored as never,
      steps: steps as never,
      queuedAt: new Date(),
      cancelRequested: false,
    },
  });
  if (queued.count === 0) {
    throw new BuildRefusedError("This plan is not waiting for you any more.", { code: "conflict" });
  }
  return { id: buildId };
}

function proposalView(value: unknown): BuildView["proposal"] {
  if (!value || typeof value !== "object") return null;
  const proposal = value as { summary: string; changed: ChangedFile[]; handEditsKept: string[] };
  return { summary: proposal.summary, changed: proposal.changed, handEditsKept: proposal.handEditsKept };
}

/** A bot's past builds, newest first: for the bot page. */
export async function listBotBuilds(userId: string, botId: string, take = 20) {
  return db.botBuild.findMany({
    where: { userId, botId, bot: userBots(userId, botId) },
    orderBy: { createdAt: "desc" },
    take,
    select: { id: true, kind: true, status: true, description: true, createdAt: true, message: true },
  });
}
