/**
 * For the proof's integration tests and benchmark: a real runner and simulator (from the
 * compilers' integration support), a bot made from a blueprint in the chosen language (stopped:
 * the proof runs its own copy), and a proof of it run to the end.
 */
import { checkBlueprint } from "@/lib/blueprint";
import type { BlueprintInput } from "@/lib/blueprint/schema";
import { db } from "@/lib/db";
import { simulatorKey } from "@/runtime/runner/simulator-support";
import { createBot } from "@/runtime/runner/test-support";

import { compileBlueprint } from "../compile";
import type { TestWorld } from "../compile/integration-support";
import { runProof, type ProofDeps, type WordsJudge } from "./run";
import { getProofView, queueProof } from "./service";
import type { ProofView } from "./types";

export function proofDeps(world: TestWorld): ProofDeps {
  return {
    access: {
      call: world.simulator.call,
      openEvents: async (worldId, signal) => {
        const response = await fetch(`${world.simulator.url}/control/worlds/${worldId}/events`, {
          headers: { authorization: `Bearer ${simulatorKey}` },
          signal,
        });
        if (!response.ok) throw new Error(`events: ${response.status}`);
        return response;
      },
    },
    nudge: () => world.runner.reconcile(),
  };
}

/** A stopped bot of the world's user holding the blueprint's compiled files (and the blueprint). */
export async function blueprintBot(
  world: TestWorld,
  label: string,
  input: BlueprintInput,
  edit?: (files: { path: string; content: string }[]) => void,
): Promise<string> {
  const parsed = checkBlueprint(input);
  if (!parsed.ok) throw new Error(`${label}: ${JSON.stringify(parsed.problems)}`);
  const files = compileBlueprint(parsed.blueprint, world.language);
  edit?.(files);
  return createBot(world.userId, files, { name: label, language: world.language, desiredState: "stopped" });
}

/** Queues and runs a proof of the bot to its end; the view as the Builder would show it. */
export async function proveBot(
  world: TestWorld,
  botId: string,
  timing?: ProofDeps["timing"],
  words?: WordsJudge,
): Promise<ProofView> {
  const { id } = await queueProof(world.userId, botId);
  await runProof(id, { ...proofDeps(world), timing }, words ? { words } : {});
  return (await getProofView(world.userId, botId, id))!;
}

/** A failed proof in words, for test failures: each failed check's problem and transcript. */
export function describeFailures(view: ProofView): string {
  const failed = view.checks.filter((check) => check.result.status !== "passed");
  return [
    `status ${view.status}${view.error ? `: ${view.error}` : ""}`,
    ...failed.map(
      (check) =>
        `✗ ${check.title}: ${check.result.problem ?? check.result.status}\n${check.result.transcript
          .map((line) => `    ${line.who} ${line.what} ${line.text}`)
          .join("\n")}`,
    ),
  ].join("\n");
}

/** Proof bots left behind (there should be none once a proof ends). */
export function proofBotsLeft(userId: string) {
  return db.bot.count({ where: { userId, kind: "proof" } });
}
