/**
 * The one wrapper for server actions: parse the input with the form's zod schema, run the
 * domain function, and answer with a result the form can show. Unexpected errors are logged
 * with context and reach the user only as a generic message.
 */
import { z } from "zod/mini";

import { consumeRateLimit, rateLimitedMessage, type RateLimitRule } from "@/lib/rate-limit";
import { rateLimitSubject } from "@/lib/rate-limit/subject";

import { unexpectedErrorMessage, type ActionResult } from "./action-result";
import { nestsDeeperThan, tooDeepMessage } from "./validation/depth";
import { findUnstorableIn, isTextEncodingError, textEncodingRefusal } from "./validation/text";

export { unexpectedErrorMessage, type ActionResult };

/**
 * Thrown by a domain step to refuse with a message meant for the user (a plan limit, a conflict,
 * a missing record); the wrapper turns it into `{ ok: false, error, code, fieldErrors }`.
 */
export class ActionRefusal extends Error {
  constructor(
    message: string,
    readonly details: { code?: string; fieldErrors?: Record<string, string[]> } = {},
  ) {
    super(message);
  }
}

export type ActionOptions = {
  /**
   * Counted per signed-in account, else per client IP (lib/rate-limit/subject.ts), before the
   * input is even parsed, so junk submissions count too.
   */
  rateLimit?: RateLimitRule;
};

export function validatedAction<S extends z.core.$ZodType, T>(
  name: string,
  schema: S,
  run: (input: z.infer<S>) => Promise<T>,
  options: ActionOptions = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  return async (input) => {
    if (options.rateLimit) {
      const limited = await consumeRateLimit(options.rateLimit, await rateLimitSubject());
      if (!limited.allowed) return { ok: false, error: rateLimitedMessage, code: "rate_limited" };
    }
    // Before the schema, whose recursion a body nested thousands deep would overflow.
    if (nestsDeeperThan(input)) return { ok: false, error: tooDeepMessage, code: "invalid" };
    const parsed = z.safeParse(schema, input);
    if (!parsed.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path.join(".") || "_form";
        (fieldErrors[key] ??= []).push(issue.message);
      }
      return { ok: false, error: "Please check the highlighted fields.", fieldErrors };
    }
    // The schemas refuse such text field by field (lib/validation/text.ts); this catches a field
    // one of them forgot, before the database would refuse it.
    const unstorable = findUnstorableIn(parsed.data);
    if (unstorable) {
      const key = unstorable.path.join(".") || "_form";
      return { ok: false, error: "Please check the highlighted fields.", fieldErrors: { [key]: [unstorable.message] } };
    }
    try {
      return { ok: true, data: await run(parsed.data) };
    } catch (error) {
      if (error instanceof ActionRefusal) return { ok: false, error: error.message, ...error.details };
      if (isTextEncodingError(error)) return { ok: false, error: textEncodingRefusal, code: "invalid" };
      console.error(`[action:${name}] failed`, error);
      return { ok: false, error: unexpectedErrorMessage };
    }
  };
}

/**
 * A posted form as the plain object a schema parses: each field's text (files and anything that
 * is not a FormData, as a hostile caller may send, give nothing). For actions bound to a <form>
 * so they work before the page hydrates.
 */
export function formFields(form: unknown): Record<string, string> {
  if (!(form instanceof FormData)) return {};
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value;
  return fields;
}
