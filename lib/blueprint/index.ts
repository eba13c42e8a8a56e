/**
 * The blueprint: `blueprintSchema` checks the shape and every reference (lib/blueprint/schema.ts,
 * lib/blueprint/references.ts); `parseBlueprint` reads the bot's cipher.blueprint.json.
 */

import { nestsDeeperThan } from "@/lib/validation/depth";

import { checkReferences } from "./references";
import { blueprintShape, type Blueprint } from "./schema";
import { blueprintLimits } from "./vocabulary";

export const blueprintSchema = blueprintShape.superRefine((blueprint, context) => {
  for (const issue of checkReferences(blueprint))
    context.addIssue({ code: "custom", path: issue.path, message: issue.message });
});

export interface BlueprintProblem {
  /** "commands.0.actions.2.message.text" */
  path: string;
  message: string;
}

export type ParsedBlueprint = { ok: true; blueprint: Blueprint } | { ok: false; problems: BlueprintProblem[] };

/** A blueprint from its JSON text (the file), or every problem with where it is. */
export function parseBlueprint(json: string): ParsedBlueprint {
  if (Buffer.byteLength(json) > blueprintLimits.bytes) {
    return {
      ok: false,
      problems: [{ path: "", message: `A blueprint is at most ${blueprintLimits.bytes / 1024} KB.` }],
    };
  }
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return {
      ok: false,
      problems: [{ path: "", message: `The blueprint is not valid JSON: ${(error as Error).message}` }],
    };
  }
  return checkBlueprint(value);
}

/** A blueprint from a value (an action's input, the API's body). */
export function checkBlueprint(value: unknown): ParsedBlueprint {
  if (nestsDeeperThan(value, 64))
    return { ok: false, problems: [{ path: "", message: "The blueprint nests too deeply." }] };
  const result = blueprintSchema.safeParse(value);
  if (result.success) return { ok: true, blueprint: result.data };
  return {
    ok: false,
    problems: result.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  };
}

export type { Blueprint } from "./schema";
export { blueprintFileName } from "./schema";
