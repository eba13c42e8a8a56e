/**
 * A build by the AI builder as the page shows it (issue 20): its steps, the plan in plain words,
 * the proof's checks, and how it ended. Shared by the build job, the API and the page.
 */
import type { NotUnderstood } from "@/lib/ai-builder/types";
import type { Blueprint } from "@/lib/blueprint";
import type { ProofView } from "@/lib/blueprint/proof/types";

import type { PlanItem, PlanQuestion, Superseded } from "./plan-review";

export const buildStepKeys = ["understand", "plan", "code", "prove", "done"] as const;
export type BuildStepKey = (typeof buildStepKeys)[number];
export type BuildStepStatus = "pending" | "running" | "done" | "failed" | "skipped";

export interface BuildStep {
  key: BuildStepKey;
  status: BuildStepStatus;
  /** One line for the user: "3 commands, 1 event", "JavaScript, 4 files". */
  detail?: string;
}

export const buildStepTitles: Record<BuildStepKey, string> = {
  understand: "Understanding your request",
  plan: "The plan",
  code: "Writing the code",
  prove: "Proving it in the simulator",
  done: "Done",
};

export type BuildKind = "create" | "change";
export type BuildStatus =
  | "queued"
  | "running"
  /** A new bot's plan waiting for the user: a question to answer, or words it did not understand. */
  | "planned"
  /** A change waiting for the user to accept or discard its diff. */
  | "review"
  | "succeeded"
  | "failed"
  | "refused"
  | "cancelled"
  | "error";
export const finishedBuildStatuses: readonly BuildStatus[] = ["succeeded", "failed", "refused", "cancelled", "error"];

/** A file a change adds, removes or modifies: its content before and after. */
export interface ChangedFile {
  path: string;
  status: "added" | "removed" | "modified";
  before: string;
  after: string;
}

export interface BuildPlan {
  /** One line per command or event, as the user would say it. */
  lines: string[];
  notUnderstood: NotUnderstood[];
  /** When the words named a language: "Built in Python (discord.py), as you asked." */
  languageNote?: string;
  /** The lines with the words they came from and what the user may fix (./plan-review.ts). */
  items?: PlanItem[];
  /** What the builder asks before it writes code. */
  questions?: PlanQuestion[];
}

/** The plan as stored: also the draft it was read into, and what the user's fixes replaced. */
export interface StoredPlan extends BuildPlan {
  draft?: Blueprint;
  /** The user went through the plan (answered, fixed, or accepted it): the code is written from `draft`. */
  confirmed?: boolean;
  superseded?: Superseded;
}

export interface BuildView {
  id: string;
  kind: BuildKind;
  status: BuildStatus;
  description: string;
  language: "javascript" | "python";
  engine: string;
  steps: BuildStep[];
  plan: BuildPlan | null;
  message: string | null;
  bot: { id: string; name: string } | null;
  versionNumber: number | null;
  proof: ProofView | null;
  /** A change's diff while it waits for review (and after, for the record). */
  proposal: { summary: string; changed: ChangedFile[]; handEditsKept: string[] } | null;
  costCents: number;
  createdAt: string;
  finishedAt: string | null;
}

/** "2 commands", "1 event", "3 answers and fixes": for the steps' and the build's lines. */
export function countOf(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

export function initialSteps(): BuildStep[] {
  return buildStepKeys.map((key) => ({ key, status: "pending" }));
}
