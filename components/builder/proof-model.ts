/**
 * The Builder's "Check it" panel in words: the proof's one-line summary, its counts, what a check
 * points at in the blueprint, and how its transcript reads. Kept apart from the components so it
 * can be tested without a browser.
 */
import { commandLabel, describeEvent, eventCatalog } from "@/lib/blueprint/catalog";
import type { CheckTarget, ProofStatus, ProofView, TranscriptLine } from "@/lib/blueprint/proof/types";
import type { Blueprint } from "@/lib/blueprint/schema";

/** The item of the Builder's outline a check is about. */
export type ProofItem = { kind: "commands" | "events"; index: number };

export const proofIntro = "Check it runs your bot in a private test server and checks every command and event.";

export function isProofActive(status: ProofStatus): boolean {
  return status === "queued" || status === "running";
}

export function proofCounts(view: Pick<ProofView, "checks">) {
  let passed = 0;
  let failed = 0;
  for (const check of view.checks) {
    if (check.result.status === "passed") passed++;
    else if (check.result.status === "failed") failed++;
  }
  return { total: view.checks.length, passed, failed, done: passed + failed };
}

/**
 * The status line: it starts with "All checks passed", "N of M checks passed", "Checking…" or
 * "The check could not run" (end-to-end tests look for these words).
 */
export function proofSummary(view: Pick<ProofView, "status" | "checks">): string {
  const { total, passed } = proofCounts(view);
  switch (view.status) {
    case "queued":
    case "running":
      return "Checking…";
    case "error":
      return "The check could not run";
    case "passed":
      return total === 0
        ? "All checks passed (there was nothing to check)"
        : `All checks passed (${total} of ${total})`;
    case "failed":
      return `${passed} of ${total} ${total === 1 ? "check" : "checks"} passed`;
  }
}

/**
 * Where the target is in the blueprint as it is now. The check ran on a saved version, so the
 * item may have moved or gone since: the index is trusted only while the item there still fits.
 */
export function resolveProofTarget(blueprint: Blueprint, target: CheckTarget): ProofItem | null {
  if (target.kind === "command") {
    if (blueprint.commands[target.index]?.name === target.name) return { kind: "commands", index: target.index };
    const index = blueprint.commands.findIndex((command) => command.name === target.name);
    return index >= 0 ? { kind: "commands", index } : null;
  }
  if (blueprint.events[target.index]?.on === target.on) return { kind: "events", index: target.index };
  // Another event of the same kind may be a different one (two "message contains"): only a lone one is safe.
  const same = blueprint.events.flatMap((event, index) => (event.on === target.on ? [index] : []));
  return same.length === 1 ? { kind: "events", index: same[0]! } : null;
}

/** "/warn", "!coin", "/ticket open", "When a member joins" (or "A member joins" for one that is gone). */
export function proofTargetLabel(blueprint: Blueprint, target: CheckTarget): string {
  const item = resolveProofTarget(blueprint, target);
  if (target.kind === "command") {
    const command = item ? blueprint.commands[item.index] : undefined;
    const name = command ? commandLabel(command, blueprint.prefix) : target.name;
    return target.subcommand ? `${name} ${target.subcommand}` : name;
  }
  const event = item ? blueprint.events[item.index] : undefined;
  return event ? describeEvent(event) : eventCatalog[target.on].label;
}

/** The button that selects a check's item: "Show /warn", "Show “When a member joins”". */
export function proofShowLabel(blueprint: Blueprint, target: CheckTarget): string {
  const label = proofTargetLabel(blueprint, target);
  return target.kind === "command" ? `Show ${label}` : `Show “${label}”`;
}

/** What someone wrote is quoted; a command run, a member joining or a reaction is not. */
export function transcriptText(line: Pick<TranscriptLine, "what" | "text">): string {
  if (!line.text) return "";
  return /^(says|answers|sends|fills in)/.test(line.what) ? `“${line.text}”` : line.text;
}

/** "0.4 s", "12.3 s", "1 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 60_000) return `${(Math.max(0, ms) / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
}

/** How long the whole check took, once it has both ends. */
export function proofDuration(view: Pick<ProofView, "startedAt" | "finishedAt">): number | null {
  if (!view.startedAt || !view.finishedAt) return null;
  const ms = Date.parse(view.finishedAt) - Date.parse(view.startedAt);
  return Number.isFinite(ms) ? ms : null;
}

export type ProofLoad = { kind: "found"; view: ProofView; text: string } | { kind: "none" };

/**
 * The bot's newest proof, or the one named. "none" when no check has run (404); any other failure
 * throws, so a poll can try again.
 */
export async function fetchProof(botId: string, proofId: string | undefined, signal?: AbortSignal): Promise<ProofLoad> {
  const query = proofId ? `?id=${encodeURIComponent(proofId)}` : "";
  const response = await fetch(`/api/bots/${encodeURIComponent(botId)}/proof${query}`, { cache: "no-store", signal });
  if (response.status === 404) return { kind: "none" };
  if (!response.ok) throw new Error(`Loading the check failed (${response.status}).`);
  const text = await response.text();
  return { kind: "found", view: JSON.parse(text) as ProofView, text };
}

/** What the panel shows between "Check it" being accepted and the first poll. */
export function queuedProof(id: string): ProofView {
  return {
    id,
    status: "queued",
    language: "",
    versionNumber: null,
    error: null,
    checks: [],
    gaps: [],
    words: [],
    createdAt: new Date().toISOString(),
    startedAt: null,
    finishedAt: null,
  };
}
