/**
 * "Change it with words" (issue 20): what the words asked for is merged into the bot's blueprint,
 * compiled, and proposed as a diff; nothing is saved until the user accepts it.
 *
 * Hand edits are never thrown away silently: the new code is a three-way merge (node-diff3) of
 * what the old blueprint generated (the base), the bot's files as they are (with the user's edits)
 * and what the changed blueprint generates. Edits that do not overlap the change are kept; where
 * they overlap, nothing is proposed and the user is told which file. Files the Builder never
 * generated are left as they are. A hand-written bot gets new commands as files of their own
 * (./code-addition.ts).
 */
import { merge } from "node-diff3";

import { blueprintFileName, type Blueprint } from "@/lib/blueprint";
import { commandLabel } from "@/lib/blueprint/catalog";
import { compileBlueprint, targetLanguageOf } from "@/lib/blueprint/compile";
import { describeChange, getBuilderState } from "@/lib/blueprint/service";
import { getBot, latestVersionNumber, saveBotFiles } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { addToCodeBot } from "./code-addition";
import { BuildRefusedError } from "./errors";
import type { BuildStep, ChangedFile } from "./types";

type Files = { path: string; content: string }[];

/** A change ready for review (BotBuild.proposal). */
export interface ChangeProposal {
  /** "Adds /roll; keeps your edits to commands/warn.js." */
  summary: string;
  /** The version message when it is saved. */
  message: string;
  files: Files;
  changed: ChangedFile[];
  /** The version the change was made against: saving over a newer one is refused. */
  baseVersion: number;
  handEditsKept: string[];
  /**
   * A hand-written bot's change: the blueprint of the commands added beside its code
   * (./code-addition.ts), which the proof after saving checks.
   */
  addition?: Blueprint;
}

/** The blueprint with what the words asked for: same-named commands replaced, the rest added. */
export function mergeBlueprints(current: Blueprint, asked: Blueprint): Blueprint {
  const commands = [...current.commands];
  for (const command of asked.commands) {
    const at = commands.findIndex((item) => item.name === command.name && item.type === command.type);
    if (at >= 0) commands[at] = command;
    else commands.push(command);
  }
  const single = new Set(["memberJoin", "memberLeave"]);
  const events = [...current.events];
  for (const event of asked.events) {
    const at = single.has(event.on) ? events.findIndex((item) => item.on === event.on) : -1;
    if (at >= 0) events[at] = event;
    else if (!events.some((item) => JSON.stringify(item) === JSON.stringify(event))) events.push(event);
  }
  const byName = <T extends { name: string }>(mine: T[], theirs: T[]) => [
    ...mine.filter((item) => !theirs.some((other) => other.name === item.name)),
    ...theirs,
  ];
  return {
    ...current,
    commands,
    events,
    data: byName(current.data, asked.data),
    tables: byName(current.tables, asked.tables),
  };
}

function lines(text: string): string[] {
  return text.split("\n");
}

/** The proposal for `asked` on the user's bot as it is now; refused (in words) when it cannot be made. */
export async function proposeChange(userId: string, botId: string, asked: Blueprint): Promise<ChangeProposal> {
  const bot = await getBot(userId, botId);
  const state = await getBuilderState(userId, botId);
  if (state.kind === "code") {
    const addition = addToCodeBot(bot, asked);
    return {
      summary: addition.summary,
      message: addition.message,
      files: addition.files,
      changed: addition.changed,
      baseVersion: await latestVersionNumber(userId, botId),
      handEditsKept: [],
      addition: asked,
    };
  }
  if (state.kind === "broken") {
    throw new BuildRefusedError(
      `This bot's ${blueprintFileName} no longer reads as a blueprint (it was edited by hand), so it cannot be changed with words. Fix it in the Code tab or restore an earlier version. Nothing was changed.`,
    );
  }
  const language = targetLanguageOf(bot.language);
  const merged = mergeBlueprints(state.blueprint, asked);
  const base = new Map(compileBlueprint(state.blueprint, language).map((file) => [file.path, file.content]));
  const next = new Map(compileBlueprint(merged, language).map((file) => [file.path, file.content]));
  const now = new Map(bot.files.map((file) => [file.path, file.content]));

  const conflicts: string[] = [];
  const kept: string[] = [];
  const files = new Map(now);
  for (const path of new Set([...base.keys(), ...next.keys()])) {
    const original = base.get(path);
    const generated = next.get(path);
    const current = now.get(path);
    if (path === blueprintFileName || current === undefined || current === original) {
      // Not edited by hand (or the user removed it and the change brings it back): the new code.
      if (generated === undefined) files.delete(path);
      else if (current !== undefined || original === undefined || path === blueprintFileName)
        files.set(path, generated);
      continue;
    }
    // Edited by hand: the edits and the change, merged line by line.
    kept.push(path);
    if (generated === undefined) continue;
    if (original === undefined) {
      // A file of the user's with a name the Builder now wants: theirs stays.
      conflicts.push(path);
      continue;
    }
    const result = merge(lines(current), lines(original), lines(generated));
    if (result.conflict) conflicts.push(path);
    else files.set(path, result.result.join("\n"));
  }
  if (conflicts.length) {
    throw new BuildRefusedError(
      `Your edits to ${conflicts.join(", ")} overlap what this change would write there, so nothing was changed. Change ${conflicts.length === 1 ? "that file" : "those files"} in the Code tab, or save your edits elsewhere and restore the Builder's code first.`,
    );
  }
  const proposed = [...files.entries()].map(([path, content]) => ({ path, content }));
  const changed: ChangedFile[] = [];
  for (const path of [...new Set([...now.keys(), ...files.keys()])].sort((a, b) => a.localeCompare(b))) {
    const before = now.get(path);
    const after = files.get(path);
    if (before === after) continue;
    changed.push({
      path,
      status: before === undefined ? "added" : after === undefined ? "removed" : "modified",
      before: before ?? "",
      after: after ?? "",
    });
  }
  const message = describeChange(state.blueprint, merged).replace(/^Builder:/, "Changed with words:");
  const added = merged.commands
    .filter((command) => !state.blueprint.commands.some((item) => item.name === command.name))
    .map((command) => commandLabel(command, merged.prefix));
  const what = changed.length === 0 ? "Changes nothing" : added.length ? `Adds ${added.join(", ")}` : "Changes the bot";
  const keptText = kept.length ? `; keeps your edits to ${kept.join(", ")}` : "";
  return {
    summary: `${what}${keptText}.`,
    message,
    files: proposed,
    changed,
    baseVersion: await latestVersionNumber(userId, botId),
    handEditsKept: kept,
  };
}

/** Saves an accepted proposal as a new version (refused if the bot was saved since). */
export async function saveProposal(userId: string, botId: string, proposal: ChangeProposal) {
  return saveBotFiles(userId, botId, {
    files: proposal.files,
    message: proposal.message,
    baseVersion: proposal.baseVersion,
  });
}

/** The user accepted the change: saved as a new version, then proven (the caller queues the build again). */
export async function acceptChange(userId: string, buildId: string): Promise<{ versionNumber: number }> {
  const build = await db.botBuild.findFirst({
    where: { id: buildId, userId, kind: "change" },
    select: { status: true, botId: true, proposal: true },
  });
  if (!build?.botId) throw new BuildRefusedError("This change no longer exists.", { code: "not_found" });
  if (build.status !== "review" || !build.proposal) {
    throw new BuildRefusedError("This change is no longer waiting for your review.", { code: "conflict" });
  }
  const version = await saveProposal(userId, build.botId, build.proposal as unknown as ChangeProposal);
  await db.botBuild.updateMany({
    where: { id: buildId, status: "review" },
    data: { status: "running", versionNumber: version.number, heartbeatAt: null },
  });
  return { versionNumber: version.number };
}

/** The user discarded the change: nothing was saved. */
export async function discardChange(userId: string, buildId: string): Promise<void> {
  const build = await db.botBuild.findFirst({ where: { id: buildId, userId, kind: "change" }, select: { id: true } });
  if (!build) throw new BuildRefusedError("This change no longer exists.", { code: "not_found" });
  await finishReview(buildId, "Discarded: nothing was changed.");
}

/** Ends a change waiting for review (discarded, or replaced by a newer one). */
export async function finishReview(buildId: string, message: string): Promise<void> {
  const row = await db.botBuild.findUnique({ where: { id: buildId }, select: { steps: true } });
  if (!row) return;
  const steps = (row.steps as unknown as BuildStep[]).map((step) =>
    step.status === "pending" ? { ...step, status: "skipped" as const } : step,
  );
  await db.botBuild.updateMany({
    where: { id: buildId, status: "review" },
    data: { status: "cancelled", message, steps: steps as never, finishedAt: new Date() },
  });
}
