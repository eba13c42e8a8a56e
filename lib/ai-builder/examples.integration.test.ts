/**
 * Every example the product offers builds a bot that does what its words say (issue 34): built
 * offline, with nothing left out, run by the real runner in a scratch simulator world, it passes
 * the checks written from the example's words (./cases-examples.ts), the checks derived from its
 * plan, and the checks taken from its words by the proof.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { understand } from "@/lib/ai-builder/offline";
import { compileBlueprint } from "@/lib/blueprint/compile";
import { startWorld, type TestWorld } from "@/lib/blueprint/compile/integration-support";
import { deriveProof } from "@/lib/blueprint/proof/derive";
import { proofDeps } from "@/lib/blueprint/proof/proof-support";
import { runInScratchWorld } from "@/lib/blueprint/proof/run";

import { exampleCases } from "./cases-examples";
import { checkWords } from "./words/verify";

describe("the product's examples", () => {
  let world: TestWorld;

  beforeAll(async () => {
    world = await startWorld("examples", "javascript");
  }, 60_000);

  afterAll(async () => {
    await world?.close();
  });

  it.each(exampleCases.map((item) => [item.id, item] as const))(
    "%s builds a bot that does what its words say",
    async (_id, item) => {
      const understood = understand(item.description);
      expect(understood.notUnderstood, "nothing is left out").toEqual([]);
      expect(item.checks.length).toBeGreaterThan(0);
      const own = item.checks.map((check, index) => ({
        id: `own-${index}`,
        title: check.title,
        target: { kind: "command" as const, index: -1, name: "example" },
        steps: check.steps,
      }));
      const derived = deriveProof(understood.blueprint).checks;
      const results = await runInScratchWorld(
        {
          userId: world.userId,
          name: understood.blueprint.name,
          language: "javascript",
          files: compileBlueprint(understood.blueprint, "javascript"),
          blueprint: understood.blueprint,
        },
        // The plan's checks first: they follow the scratch world step by step, and the example's own
        // checks (with members of their own) then run in the world those left.
        [...derived, ...own],
        proofDeps(world),
      );
      const failures = results
        .map((result, index) => ({ result, check: [...derived, ...own][index]! }))
        .filter(({ result }) => result.status !== "passed")
        .map(({ result, check }) => `${check.title}: ${result.problem}`);
      expect(failures).toEqual([]);
      const words = checkWords(
        item.description,
        understood.blueprint,
        results.map((result) => result.transcript),
        understood.blueprint.name,
      );
      expect(words.filter((check) => check.status === "failed").map((check) => check.problem)).toEqual([]);
    },
    120_000,
  );
});
