/**
 * Every example blueprint (lib/blueprint/examples.ts) and every template's blueprint, compiled to
 * JavaScript and to Python, passes the checks derived from it: the same checks for both outputs,
 * run against the compiled bot in the real runner's sandbox and a scratch simulator world.
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

const blueprints: [string, BlueprintInput][] = [
  ...Object.entries(exampleBlueprints),
  ...Object.entries(templateBlueprintInputs).map(([id, input]): [string, BlueprintInput] => [`template ${id}`, input]),
];

/**
 * Proofs run one at a time per user, so the suite proves on a few users at once ("lanes": one
 * runner and one simulator, each lane its own account and world), which overlaps the waiting.
 */
const lanes = 3;

/** The suite for one language (a file per language, so the two run side by side). */
export function proveEveryExample(language: TargetLanguage) {
  describe(`every example, compiled to ${language}, passes its proof`, () => {
    let world: TestWorld;
    const extraUsers: string[] = [];
    const free: TestWorld[] = [];
    const waiting: ((lane: TestWorld) => void)[] = [];

    async function onLane<T>(run: (lane: TestWorld) => Promise<T>): Promise<T> {
      const lane = free.pop() ?? (await new Promise<TestWorld>((resolve) => waiting.push(resolve)));
      try {
        return await run(lane);
      } finally {
        const next = waiting.shift();
        if (next) next(lane);
        else free.push(lane);
      }
    }

    beforeAll(async () => {
      world = await startWorld(`examples-proof-${language}`, language);
      free.push(world);
      for (let lane = 1; lane < lanes; lane += 1) {
        const userId = await createUser(`examples-proof-${language}-${lane}`);
        extraUsers.push(userId);
        free.push({ ...world, userId });
      }
    }, 60_000);

    afterAll(async () => {
      await db.user.deleteMany({ where: { id: { in: extraUsers } } });
      await world?.close();
    });

    it.concurrent.for(blueprints)("%s", { timeout: 240_000 }, async ([name, input], { expect }) => {
      const view = await onLane(async (lane) => proveBot(lane, await blueprintBot(lane, name, input)));
      expect(view.status, describeFailures(view)).toBe("passed");
      // The same checks, whatever the language: derived from the blueprint alone.
      const parsed = checkBlueprint(input);
      if (!parsed.ok) throw new Error("invalid");
      expect(view.checks.map((check) => check.id)).toEqual(
        deriveProof(parsed.blueprint).checks.map((check) => check.id),
      );
      expect(view.checks.length).toBeGreaterThan(0);
    });
  });
}
