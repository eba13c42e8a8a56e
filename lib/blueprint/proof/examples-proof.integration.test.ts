/**
 * Every example blueprint (lib/blueprint/examples.ts) and every template's blueprint, compiled to
 * JavaScript and to Python, passes the checks derived from it — the same checks for both outputs,
 * run against the compiled bot in the real runner's sandbox and a scratch simulator world — and
 * the two bots behave alike in those checks: the same answers, of the same kinds, in the same
 * order (numbers and random picks aside). A compiler that drifts from the other fails here.
 */
import { afterAll, beforeAll, describe, it } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";
import type { BlueprintInput } from "@/lib/blueprint/schema";
import { db } from "@/lib/db";
import { createUser } from "@/runtime/runner/test-support";

import type { TargetLanguage } from "../compile";
import { startWorld, type TestWorld } from "../compile/integration-support";
import { exampleBlueprints } from "../examples";
import { templateBlueprintInputs } from "../templates";
import { deriveProof } from "./derive";
import { blueprintBot, describeFailures, proveBot } from "./proof-support";
import type { ProofView } from "./types";

const blueprints: [string, BlueprintInput][] = [
  ...Object.entries(exampleBlueprints),
  ...Object.entries(templateBlueprintInputs).map(([id, input]): [string, BlueprintInput] => [`template ${id}`, input]),
];

/**
 * Proofs run one at a time per user, so the suite proves on a few users at once ("lanes": one
 * runner and one simulator, each lane its own account and world), which overlaps the waiting.
 */
const lanes = 4;

/**
 * What a bot did in each check, comparable across languages: who did what, and the text with its
 * numbers masked (dice, counts, ids); a blueprint that picks at random is compared by kind only.
 */
function behaviour(view: ProofView, random: boolean): Record<string, string[]> {
  return Object.fromEntries(
    view.checks.map((check) => [
      check.id,
      check.result.transcript.map(
        (line) => `${line.who} ${line.what}${random ? "" : `: ${line.text.replace(/\d+(?:[.,]\d+)*/g, "#")}`}`,
      ),
    ]),
  );
}

describe("every example, compiled to JavaScript and to Python, passes its proof and behaves alike", () => {
  let world: TestWorld;
  const extraUsers: string[] = [];
  const free: string[] = [];
  const waiting: ((userId: string) => void)[] = [];

  async function onLane<T>(run: (userId: string) => Promise<T>): Promise<T> {
    const lane = free.pop() ?? (await new Promise<string>((resolve) => waiting.push(resolve)));
    try {
      return await run(lane);
    } finally {
      const next = waiting.shift();
      if (next) next(lane);
      else free.push(lane);
    }
  }

  const prove = (name: string, input: BlueprintInput, language: TargetLanguage) =>
    onLane(async (userId) => {
      const lane: TestWorld = { ...world, userId, language };
      return proveBot(lane, await blueprintBot(lane, name, input));
    });

  beforeAll(async () => {
    world = await startWorld("examples-proof", "javascript");
    free.push(world.userId);
    for (let lane = 1; lane < lanes; lane += 1) {
      const userId = await createUser(`examples-proof-${lane}`);
      extraUsers.push(userId);
      free.push(userId);
    }
  }, 60_000);

  afterAll(async () => {
    await db.user.deleteMany({ where: { id: { in: extraUsers } } });
    await world?.close();
  });

  it.concurrent.for(blueprints)("%s", { timeout: 300_000 }, async ([name, input], { expect }) => {
    const [javascript, python] = await Promise.all([prove(name, input, "javascript"), prove(name, input, "python")]);
    expect(javascript.status, `JavaScript: ${describeFailures(javascript)}`).toBe("passed");
    expect(python.status, `Python: ${describeFailures(python)}`).toBe("passed");
    // The same checks, whatever the language: derived from the blueprint alone.
    const parsed = checkBlueprint(input);
    if (!parsed.ok) throw new Error("invalid");
    const derived = deriveProof(parsed.blueprint).checks.map((check) => check.id);
    expect(javascript.checks.map((check) => check.id)).toEqual(derived);
    expect(python.checks.map((check) => check.id)).toEqual(derived);
    expect(derived.length).toBeGreaterThan(0);
    const random = JSON.stringify(parsed.blueprint).includes('"do":"random"');
    expect(behaviour(python, random), "the Python bot behaves as the JavaScript one").toEqual(
      behaviour(javascript, random),
    );
  });
});
