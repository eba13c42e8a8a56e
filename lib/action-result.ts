/**
 * What every server action answers, and the generic failure text. Client components import from
 * here: lib/actions.ts itself is server code (it reaches the database for rate limits).
 */
export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      error: string;
      fieldErrors?: Record<string, string[] | undefined>;
      /** Machine-readable reason when the form reacts to it (e.g. "rate_limited", "unconfirmed"). */
      code?: string;
    };

export const unexpectedErrorMessage = "An unexpected error occurred. Please try again.";

/** A refused action's answer: what a form bound to a server action keeps as its state. */
export type ActionRefused = Extract<ActionResult<never>, { ok: false }>;
