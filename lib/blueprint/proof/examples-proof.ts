/**
 * Every example blueprint (lib/blueprint/examples.ts) and every template's blueprint, compiled to
 * JavaScript and to Python, passes the checks derived from it: the same checks for both outputs,
 * run against the compiled bot in the real runner's sandbox and a scratch simulator world.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { checkBlueprint } from "@/lib/blueprint";

import type { TargetLanguage } from "../compile";
import { startWorld, type TestWorld } from "../compile/integration-support";
import { exampleBlueprints } from "../examples";
import { templateBlueprintInputs } from "../templates";
import { deriveProof } from "./derive";
import { blueprintBot, describeFailures, proveBot } from "./proof-support";

const blueprints = [
  ...Object.entries(exampleBlueprints),
  ...Object.entries(templateBlueprintInputs).map(([id, input]) => [`template ${id}`, input] as const),
];

/** The suite for one language (a file per language, so the two run side by side). */
export function proveEveryExample(language: TargetLanguage) {
  describe(`every example, compiled to ${language}, passes its proof`, () => {
    let world: TestWorld;

    beforeAll(async () => {
      world = await startWorld(`examples-proof-${language}`, language);
    }, 60_000);

    afterAll(async () => {
      await world?.close();
    });

    it.each(blueprints)(
      "%s",
      async (name, input) => {
        const botId = await blueprintBot(world, name, input);
        const view = await proveBot(world, botId);
        expect(view.status, describeFailures(view)).toBe("passed");
        // The same checks, whatever the language: derived from the blueprint alone.
        const parsed = checkBlueprint(input);
        if (!parsed.ok) throw new Error("invalid");
        expect(view.checks.map((check) => check.id)).toEqual(
          deriveProof(parsed.blueprint).checks.map((check) => check.id),
        );
        expect(view.checks.length).toBeGreaterThan(0);
      },
      120_000,
    );
  });
}
