/**
 * The one wrapper for server actions: parse the input with the form's zod schema, run the
 * domain function, and answer with a result the form can show. Unexpected errors are logged
 * with context and reach the user only as a generic message.
 */
import { z } from "zod/mini";

export type ActionResult<T> =
  { ok: true; data: T } | { ok: false; error: string; fieldErrors?: Record<string, string[] | undefined> };

export const unexpectedErrorMessage = "An unexpected error occurred. Please try again.";

export function validatedAction<S extends z.core.$ZodType, T>(
  name: string,
  schema: S,
  run: (input: z.infer<S>) => Promise<T>,
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    const parsed = z.safeParse(schema, input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "_form";
        (fieldErrors[key] ??= []).push(issue.message);
      }
      return { ok: false, error: "Please check the highlighted fields.", fieldErrors };
    }
    try {
      return { ok: true, data: await run(parsed.data) };
    } catch (error) {
      console.error(`[action:${name}] failed`, error);
      return { ok: false, error: unexpectedErrorMessage };
    }
  };
}
