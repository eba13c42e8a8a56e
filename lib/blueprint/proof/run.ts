/**
 * Runs a proof (a BlueprintProof row): the checks derived from the bot's blueprint, against the
 * bot's own files as they are now (the compiled code, hand edits and all), run by the real runner
 * in its sandbox as a short-lived Bot row of kind "proof" that lives in a scratch simulator world
 * of its own (`proof-<botId>`): the user's world, bots, counts and notifications never see it.
 *
 * The runner starts and stops the proof's bot as any other (it hears the row's desiredState);
 * this side only writes rows, drives the scratch world through the simulator's control API and
 * records each check's result as it finishes, so the Builder can show progress. A proof that
 * started before its process died is started over by the job's retry (its old bot is removed).
 */
import { botDatabase } from "@/lib/bots/kv";
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

import { parseBlueprint, type Blueprint } from "../index";
import { blueprintFileName } from "../schema";
import { sleep } from "./check-context";
import { deriveProof } from "./derive";
import { EventLog, WorldNames, type SimulatorAccess } from "./observed";
import { scratchSetup } from "./setup";
import { runCheck } from "./steps";
import type { CheckResult, DerivedProof, ProofCheck, ProofStatus, WordCheck } from "./types";

export interface ProofDeps {
  access: SimulatorAccess;
  /** Asks the runner to look at the bots now (tests: runner.reconcile). It also hears the database. */
  nudge?: () => Promise<void>;
  timing?: Partial<ProofTiming>;
  /** Asked between checks: true stops the proof as cancelled (an AI build the user cancelled). */
  cancelled?: () => Promise<boolean>;
}

export interface ProofTiming {
  /** Until the bot is ready (its deploy script and start included). */
  startMs: number;
  /** Until a stopped bot has stopped. */
  stopMs: number;
  /** Until a step's expectations hold. */
  stepTimeoutMs: number;
  /** For all checks together; checks not started by then fail as not run (the job is retried after 10 minutes). */
  totalMs: number;
}

const defaultTiming: ProofTiming = { startMs: 45_000, stopMs: 20_000, stepTimeoutMs: 6_000, totalMs: 5 * 60_000 };

/** What a proof stores as its report (BlueprintProof.report). */
export interface ProofReport extends DerivedProof {
  results: CheckResult[];
  /** Checks taken from the user's words, when the proof was given them (an AI build). */
  words?: WordCheck[];
}

/**
 * Checks the bot against its description's own words once its conversations have run (an AI
 * build passes lib/ai-builder/words' judge): any that failed fails the proof.
 */
export type WordsJudge = (input: { blueprint: Blueprint; results: CheckResult[]; botName: string }) => WordCheck[];

class ProofError extends Error {}

export function scratchWorldOf(proofBotId: string): string {
  return `proof-${proofBotId}`;
}

export async function runProof(
  proofId: string,
  deps: ProofDeps,
  options: { words?: WordsJudge } = {},
): Promise<ProofStatus> {
  const timing = { ...defaultTiming, ...deps.timing };
  const proof = await db.blueprintProof.findUnique({ where: { id: proofId } });
  if (!proof) throw new ProofError("The proof no longer exists.");
  if (["passed", "failed", "error"].includes(proof.status)) return proof.status as ProofStatus;
  // A retry after the process died mid-proof: its bot is removed and the proof starts over.
  if (proof.proofBotId) await removeProofBot(proof.proofBotId, deps, timing);

  const bot = await db.bot.findFirst({
    where: { id: proof.botId, userId: proof.userId, archivedAt: null, kind: "bot" },
    select: { name: true, language: true, files: { select: { path: true, content: true } } },
  });
  if (!bot) return finish(proofId, "error", "The bot no longer exists.");
  const file = bot.files.find((candidate) => candidate.path === blueprintFileName);
  const parsed = file ? parseBlueprint(file.content) : null;
  if (!parsed?.ok)
    return finish(proofId, "error", "This bot has no blueprint to check (or it no longer reads as one).");
  const derived = deriveProof(parsed.blueprint);
  const report: ProofReport = {
    ...derived,
    results: derived.checks.map((check) => ({ id: check.id, status: "pending", transcript: [] })),
  };
  try {
    report.results = await runInScratchWorld(
      { userId: proof.userId, name: bot.name, language: bot.language, files: bot.files, blueprint: parsed.blueprint },
      derived.checks,
      deps,
      {
        started: (proofBotId) =>
          db.blueprintProof
            .update({
              where: { id: proofId },
              data: { status: "running", startedAt: new Date(), proofBotId, report: json(report), error: null },
            })
            .then(() => undefined),
        progress: async (results) => {
          report.results = results;
          await saveReport(proofId, report);
          if (await deps.cancelled?.()) throw new ProofError("Cancelled.");
        },
      },
    );
    if (options.words)
      report.words = options.words({ blueprint: parsed.blueprint, results: report.results, botName: bot.name });
    const failed =
      report.results.some((result) => result.status !== "passed") ||
      (report.words ?? []).some((check) => check.status === "failed");
    await saveReport(proofId, report);
    return await finish(proofId, failed ? "failed" : "passed", null);
  } catch (error) {
    const message = error instanceof ProofError ? error.message : `The proof stopped: ${(error as Error).message}`;
    if (!(error instanceof ProofError)) console.error("[proof] failed", error);
    await saveReport(proofId, report).catch(() => undefined);
    return await finish(proofId, "error", message);
  }
}

/** The bot to run: the user's files (compiled from `blueprint`, maybe edited by hand). */
export interface ScratchBot {
  userId: string;
  name: string;
  language: string;
  files: { path: string; content: string }[];
  blueprint: Blueprint;
}

/**
 * Runs the checks, one after another, against a short-lived copy of the bot in a scratch world of
 * its own (set up with what the blueprint names), and removes the copy afterwards. `progress`
 * hears the results after each check; a failure to start throws a ProofError in plain words.
 */
export async function runInScratchWorld(
  bot: ScratchBot,
  checks: ProofCheck[],
  deps: ProofDeps,
  hooks: {
    started?(proofBotId: string): Promise<void>;
    progress?(results: CheckResult[]): Promise<void>;
    /** The stopped scratch bot, before it is removed with its log (e.g. to read that log). */
    stopped?(proofBotId: string): Promise<void>;
  } = {},
): Promise<CheckResult[]> {
  const timing = { ...defaultTiming, ...deps.timing };
  const results: CheckResult[] = checks.map((check) => ({ id: check.id, status: "pending", transcript: [] }));
  const proofBot = await db.bot.create({
    data: {
      userId: bot.userId,
      name: bot.name,
      language: bot.language,
      kind: "proof",
      // Started once its scratch world has what the blueprint names (below).
      desiredState: "stopped",
      restartPolicy: "stay-stopped",
      connectTo: "simulator",
      files: { create: bot.files.map((item) => ({ path: item.path, content: item.content })) },
    },
    select: { id: true },
  });
  const worldId = scratchWorldOf(proofBot.id);
  let log: EventLog | null = null;
  try {
    await hooks.started?.(proofBot.id);
    await deps.access.call("POST", `/worlds/${worldId}/setup`, scratchSetup(bot.blueprint));
    await db.bot.update({ where: { id: proofBot.id }, data: { desiredState: "running" } });
    await deps.nudge?.();
    await waitForRunning(proofBot.id, timing.startMs);
    log = await EventLog.open(deps.access, worldId);
    const names = await WorldNames.read(deps.access, worldId);
    const self = await waitForCommands(deps.access, worldId, names, proofBot.id, bot.blueprint);
    const context = {
      access: deps.access,
      worldId,
      botId: proofBot.id,
      botUserId: self.userId,
      botName: bot.name,
      log,
      names,
      stepTimeoutMs: timing.stepTimeoutMs,
      restart: (passSeconds: number) => restartBot(proofBot.id, passSeconds, deps, timing, names, worldId),
    };
    const deadline = Date.now() + timing.totalMs;
    for (const [index, check] of checks.entries()) {
      if (Date.now() >= deadline) {
        const minutes = Math.round(timing.totalMs / 60_000);
        results[index] = {
          id: check.id,
          status: "failed",
          problem: `Not run: the check of the whole bot may take ${minutes} minutes at most, and they ran out.`,
          transcript: [],
        };
        continue;
      }
      results[index] = { ...results[index]!, status: "running" };
      await hooks.progress?.(results);
      results[index] = await runCheck(context, check);
    }
    return results;
  } finally {
    log?.close();
    await removeProofBot(proofBot.id, deps, timing, hooks.stopped).catch((error: unknown) =>
      console.error("[proof] could not remove the proof's bot", error),
    );
  }
}

function json(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

function saveReport(proofId: string, report: ProofReport) {
  return db.blueprintProof.update({ where: { id: proofId }, data: { report: json(report) } });
}

async function finish(proofId: string, status: ProofStatus, error: string | null): Promise<ProofStatus> {
  await db.blueprintProof.update({ where: { id: proofId }, data: { status, error, finishedAt: new Date() } });
  return status;
}

/** Waits until the runner says the bot is ready; a crash or a refusal ends the proof with its reason. */
async function waitForRunning(botId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seenStarting = false;
  for (;;) {
    const row = await db.bot.findUnique({ where: { id: botId }, select: { status: true, statusReason: true } });
    if (!row) throw new ProofError("The proof's bot was removed.");
    if (row.status === "running") return;
    if (row.status !== "stopped") seenStarting = true;
    if (row.status === "crashed" || (seenStarting && row.status === "stopped")) {
      throw new ProofError(`The bot did not start: ${row.statusReason ?? "it stopped"}${await lastLogLines(botId)}`);
    }
    if (Date.now() > deadline) {
      throw new ProofError(
        `The bot was not ready within ${Math.round(timeoutMs / 1000)} s${row.statusReason ? ` (${row.statusReason})` : ""}.${await lastLogLines(botId)}`,
      );
    }
    await sleep(100);
  }
}

async function waitForStopped(botId: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const row = await db.bot.findUnique({ where: { id: botId }, select: { status: true } });
    if (!row || row.status === "stopped" || row.status === "crashed") return;
    if (Date.now() > deadline) throw new ProofError("The bot did not stop in time.");
    await sleep(100);
  }
}

async function lastLogLines(botId: string): Promise<string> {
  const lines = await db.botLogLine.findMany({
    where: { botId, stream: { in: ["stderr", "system"] } },
    orderBy: { id: "desc" },
    take: 5,
    select: { line: true },
  });
  return lines.length
    ? ` Its log ends: ${lines
        .reverse()
        .map((line) => line.line)
        .join(" / ")}`
    : "";
}

/** The bot as the world knows it, once every slash command of the blueprint is registered. */
async function waitForCommands(
  access: SimulatorAccess,
  worldId: string,
  names: WorldNames,
  botId: string,
  blueprint: { commands: { type: string; name: string }[] },
) {
  const wanted = blueprint.commands.filter((command) => command.type === "slash").map((command) => command.name);
  const deadline = Date.now() + 20_000;
  for (;;) {
    const self = names.bots.find((item) => item.botId === botId);
    const registered = new Set(self?.commands.map((command) => command.name));
    if (self?.connected && wanted.every((name) => registered.has(name))) return self;
    if (Date.now() > deadline) {
      const missing = wanted.filter((name) => !registered.has(name));
      throw new ProofError(
        self?.connected
          ? `The bot did not register ${missing.map((name) => `/${name}`).join(", ")}.`
          : "The bot did not connect to the test server.",
      );
    }
    await sleep(150);
    await names.refresh(access, worldId);
  }
}

/** Stop, move stored timers `passSeconds` earlier, start again, and wait until it is back. */
async function restartBot(
  botId: string,
  passSeconds: number,
  deps: ProofDeps,
  timing: ProofTiming,
  names: WorldNames,
  worldId: string,
): Promise<void> {
  await db.bot.update({ where: { id: botId }, data: { desiredState: "stopped" } });
  await deps.nudge?.();
  await waitForStopped(botId, timing.stopMs);
  if (passSeconds > 0) {
    // Stored timers (lib/blueprint/README.md: key "timers", [{ id, at, run, context }], `at` in ms).
    const database = botDatabase(botId);
    const timers = await database.get("timers");
    if (Array.isArray(timers)) {
      const moved = timers.map((timer) =>
        timer && typeof timer === "object" && !Array.isArray(timer) && typeof timer.at === "number"
          ? { ...timer, at: timer.at - passSeconds * 1000 }
          : timer,
      );
      await database.set("timers", moved);
    }
    // Schedules' next runs (key "schedules", { "events.<index>": at }): overdue ones run once when ready.
    const schedules = await database.get("schedules");
    if (schedules && typeof schedules === "object" && !Array.isArray(schedules)) {
      const moved = Object.fromEntries(
        Object.entries(schedules).map(([id, at]) => [id, typeof at === "number" ? at - passSeconds * 1000 : at]),
      );
      await database.set("schedules", moved);
    }
  }
  await db.bot.update({ where: { id: botId }, data: { desiredState: "running" } });
  await deps.nudge?.();
  await waitForRunning(botId, timing.startMs);
  const deadline = Date.now() + 15_000;
  for (;;) {
    await names.refresh(deps.access, worldId);
    if (names.bots.find((item) => item.botId === botId)?.connected) return;
    if (Date.now() > deadline) throw new ProofError("The bot did not reconnect after the restart.");
    await sleep(100);
  }
}

/** Stops the proof's bot, deletes its row (files, logs, data go with it) and its scratch world. */
async function removeProofBot(
  botId: string,
  deps: ProofDeps,
  timing: ProofTiming,
  stopped?: (botId: string) => Promise<void>,
): Promise<void> {
  const updated = await db.bot.updateMany({ where: { id: botId, kind: "proof" }, data: { desiredState: "stopped" } });
  if (updated.count > 0) {
    await deps.nudge?.();
    await waitForStopped(botId, timing.stopMs).catch(() => undefined);
    await stopped?.(botId).catch((error: unknown) => console.error("[proof] reading the stopped bot failed", error));
    await db.bot.deleteMany({ where: { id: botId, kind: "proof" } });
    await deps.nudge?.();
  }
  await deps.access.call("DELETE", `/worlds/${scratchWorldOf(botId)}`).catch(() => undefined);
}
