/**
 * The Builder's "Check it": a proof is queued as a BlueprintProof row and run by the proof job
 * (lib/blueprint/proof/job.ts) in the web server's process; the Builder reads it back while it runs.
 */
import { userBots } from "@/lib/bots/scope";
import { db } from "@/lib/db";

import { parseBlueprint } from "../index";
import { blueprintFileName } from "../schema";
import type { ProofReport } from "./run";
import type { CheckResult, ProofStatus, ProofView } from "./types";

/** Why a proof cannot start, in words for the user. */
export class ProofRefusedError extends Error {}

/** A proof that has not finished after this long is over (its process died and was not retried). */
const staleAfterMs = 10 * 60_000;

/** Queues a proof of the bot as its files are now; one proof at a time per user. */
export async function queueProof(userId: string, botId: string): Promise<{ id: string }> {
  const bot = await db.bot.findFirst({
    where: userBots(userId, botId),
    select: { language: true, files: { where: { path: blueprintFileName }, select: { content: true } } },
  });
  if (!bot) throw new ProofRefusedError("This bot no longer exists.");
  const file = bot.files[0];
  if (!file) throw new ProofRefusedError("This bot has no blueprint to check: it is a code bot.");
  const parsed = parseBlueprint(file.content);
  if (!parsed.ok) throw new ProofRefusedError("Fix the blueprint's problems first: it does not read as a blueprint.");
  await expireStale(userId);
  const running = await db.blueprintProof.findFirst({
    where: { userId, status: { in: ["queued", "running"] } },
    select: { botId: true },
  });
  if (running) {
    throw new ProofRefusedError(
      running.botId === botId
        ? "A check of this bot is already running."
        : "A check of another of your bots is running; try again when it is done.",
    );
  }
  return createProof(userId, botId, bot.language);
}

/** A proof row of the bot's newest version, queued (the caller runs it: the proof job or a build). */
export async function createProof(userId: string, botId: string, language: string): Promise<{ id: string }> {
  const version = await db.botVersion.findFirst({
    where: { botId },
    orderBy: { number: "desc" },
    select: { number: true },
  });
  const empty: ProofReport = { checks: [], gaps: [], results: [] };
  return db.blueprintProof.create({
    data: {
      botId,
      userId,
      language,
      versionNumber: version?.number ?? null,
      report: empty as never,
    },
    select: { id: true },
  });
}

/** Proofs whose process died without a retry: marked as errors so they do not block the next. */
async function expireStale(userId: string): Promise<void> {
  await db.blueprintProof.updateMany({
    where: { userId, status: { in: ["queued", "running"] }, createdAt: { lt: new Date(Date.now() - staleAfterMs) } },
    data: { status: "error", error: "The check was interrupted. Run it again.", finishedAt: new Date() },
  });
}

/** The bot's proof (the newest, or the one named), as the Builder shows it; null if none. */
export async function getProofView(userId: string, botId: string, proofId?: string): Promise<ProofView | null> {
  const row = await db.blueprintProof.findFirst({
    where: { userId, botId, ...(proofId ? { id: proofId } : {}), bot: userBots(userId, botId) },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return null;
  const report = row.report as unknown as ProofReport;
  const results = new Map<string, CheckResult>(report.results.map((result) => [result.id, result]));
  return {
    id: row.id,
    status: row.status as ProofStatus,
    language: row.language,
    versionNumber: row.versionNumber,
    error: row.error,
    checks: report.checks.map((check) => ({
      ...check,
      result: results.get(check.id) ?? { id: check.id, status: "pending", transcript: [] },
    })),
    gaps: report.gaps,
    words: report.words ?? [],
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
