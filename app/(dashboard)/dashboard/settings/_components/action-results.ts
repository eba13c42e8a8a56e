import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { toast } from "sonner";

import type { ActionResult } from "@/lib/action-result";

export { unexpectedErrorMessage } from "@/lib/action-result";

type Failure = Extract<ActionResult<unknown>, { ok: false }>;

/**
 * Puts a refused action's field errors on the form's fields (focusing the first); anything not
 * about a field (session ended, rate limit, unexpected error) becomes a destructive toast.
 */
export function showFailure<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
  result: Failure,
  title: string,
) {
  let onField = false;
  for (const field of fields) {
    const message = result.fieldErrors?.[field]?.[0];
    if (!message) continue;
    setError(field, { message }, { shouldFocus: !onField });
    onField = true;
  }
  if (!onField) toast.error(title, { description: result.error });
}

/**
 * Actions that end by redirecting (password change, account deletion) do so because the new
 * session cookie only reaches the pages through a fresh request. Next.js performs the navigation
 * itself and rejects the action's promise with its redirect signal: for these actions, success.
 */
export function isRedirectSignal(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "digest" in error &&
    typeof error.digest === "string" &&
    error.digest.startsWith("NEXT_REDIRECT")
  );
}
