/**
 * The wrapper for signed-in actions (bots, key-value store, archive, support): the current user,
 * the input parsed by `validatedAction`, the domain step run for that user, the domain's known
 * errors mapped to refusals by `refusal`, and `after` (revalidation, audit) on success.
 */
import type { z } from "zod/mini";

import { getCurrentUser } from "@/lib/auth/session";
import type { RateLimitRule } from "@/lib/rate-limit";

import { validatedAction, type ActionResult } from "./actions";

export const sessionEnded = {
  ok: false,
  error: "Your session has ended. Please sign in again.",
  code: "signed_out",
} as const;

export type UserActionOptions<S extends z.core.$ZodType, T> = {
  rateLimit?: RateLimitRule;
  /** Turns a domain error into an ActionRefusal; anything returned unchanged stays unexpected. */
  refusal?: (error: unknown) => unknown;
  after?: (userId: string, input: z.infer<S>, data: T) => void | Promise<void>;
};

export function userAction<S extends z.core.$ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: UserActionOptions<S, T> = {},
): (input: z.input<S>) => Promise<ActionResult<T>> {
  const step = userStep(name, schema, run, options);
  return async (input) => {
    const user = await getCurrentUser();
    if (!user) return sessionEnded;
    return step(user.id, input);
  };
}

/** What `userAction` does once it knows the user; `userRoute` (lib/user-route.ts) shares it. */
export function userStep<S extends z.core.$ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: UserActionOptions<S, T> = {},
): (userId: string, input: z.input<S>) => Promise<ActionResult<T>> {
  return (userId, input) =>
    validatedAction(
      name,
      schema,
      async (parsed: z.infer<S>) => {
        try {
          const data = await run(userId, parsed);
          await options.after?.(userId, parsed, data);
          return data;
        } catch (error) {
          throw options.refusal ? options.refusal(error) : error;
        }
      },
      { rateLimit: options.rateLimit },
    )(input);
}
