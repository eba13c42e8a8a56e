/**
 * The twin of `userAction` (lib/user-action.ts) for signed-in route handlers that change state
 * (POST/PUT/PATCH/DELETE under app/api, not Auth.js's own): a request another site's page sent is
 * refused first (the session cookie rides along; server actions get this from Next.js), then the
 * same steps as an action — the user, the rate limit, the input parsed with the schema, the
 * domain step and its refusals — answered as the action's result in JSON, with a matching status.
 */
import type { z } from "zod/mini";

import { ActionRefusal, unexpectedErrorMessage, type ActionResult } from "@/lib/actions";
import { getCurrentUser } from "@/lib/auth/session";
import { isCrossSiteRequest } from "@/lib/request/cross-site";
import { sessionEnded, userStep, type UserActionOptions } from "@/lib/user-action";
import { nestsDeeperThan, tooDeepMessage } from "@/lib/validation/depth";

type Refused = Extract<ActionResult<unknown>, { ok: false }>;

export const crossSiteRefusal = {
  ok: false,
  error: "This request came from another site and was refused.",
  code: "cross_site",
} as const;

/** HTTP statuses of the refusal codes (the public API's too); field errors and other refusals are 400. */
export const statusByCode: Record<string, number> = {
  cross_site: 403,
  signed_out: 401,
  rate_limited: 429,
  not_found: 404,
  conflict: 409,
  hand_edited: 409,
  plan_limit: 409,
  too_large: 413,
  invalid: 422,
};

function statusOf(result: Refused): number {
  if (result.code && statusByCode[result.code]) return statusByCode[result.code]!;
  return result.error === unexpectedErrorMessage ? 500 : 400;
}

function answer(status: number, body: ActionResult<unknown>): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

async function readJson(request: Request): Promise<unknown> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new ActionRefusal("The request could not be read. Please try again.", { code: "unreadable" });
  }
  if (nestsDeeperThan(body)) throw new ActionRefusal(tooDeepMessage, { code: "invalid" });
  return body;
}

export function userRoute<S extends z.core.$ZodType, T>(
  name: string,
  schema: S,
  run: (userId: string, input: z.infer<S>) => Promise<T>,
  options: UserActionOptions<S, T> & {
    /** Reads the request for the schema to parse (default: the JSON body); may throw an ActionRefusal. */
    input?: (request: Request) => Promise<unknown>;
    /** Status of a success (default 200). */
    status?: number;
  } = {},
): (request: Request) => Promise<Response> {
  const step = userStep(name, schema, run, options);
  const read = options.input ?? readJson;
  return async (request) => {
    if (isCrossSiteRequest(request)) return answer(403, crossSiteRefusal);
    const user = await getCurrentUser();
    if (!user) return answer(401, sessionEnded);
    let input: unknown;
    try {
      input = await read(request);
    } catch (error) {
      if (!(error instanceof ActionRefusal)) {
        console.error(`[route:${name}] could not read the request`, { userId: user.id }, error);
        return answer(500, { ok: false, error: unexpectedErrorMessage });
      }
      const refused: Refused = { ok: false, error: error.message, ...error.details };
      return answer(statusOf(refused), refused);
    }
    // Unchecked until here: the step parses it with the schema before anything runs.
    const result = await step(user.id, input as z.input<S>);
    return answer(result.ok ? (options.status ?? 200) : statusOf(result), result);
  };
}
