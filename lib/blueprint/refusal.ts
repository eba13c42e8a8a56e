/**
 * The Builder's errors as refusals the user reads: the Builder's actions and the public API's
 * commands endpoints (lib/api/v1/commands.ts) map them the same way.
 */
import { ActionRefusal } from "@/lib/actions";

import { ProofRefusedError } from "./proof/service";
import { BlueprintHandEditedError, BlueprintInvalidError } from "./service";

export function blueprintRefusal(error: unknown): ActionRefusal | undefined {
  if (error instanceof BlueprintInvalidError) {
    const fieldErrors: Record<string, string[]> = {};
    for (const problem of error.problems) (fieldErrors[problem.path || "blueprint"] ??= []).push(problem.message);
    return new ActionRefusal(error.message, { code: "invalid", fieldErrors });
  }
  if (error instanceof BlueprintHandEditedError) return new ActionRefusal(error.message, { code: "hand_edited" });
  if (error instanceof ProofRefusedError) return new ActionRefusal(error.message, { code: "conflict" });
  return undefined;
}
