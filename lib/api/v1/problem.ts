/**
 * Errors of the public API as RFC 9457 problem details (application/problem+json): a stable
 * `code` (also the last part of `type`), a `title` for people, the HTTP `status`, and `detail`
 * saying what to do. Field errors ride along as `errors` ({ field: [messages] }).
 */
export const problemBase = "https://cipher.dev/docs/api/problems/";

export interface Problem {
  type: string;
  title: string;
  status: number;
  code: string;
  detail?: string;
  errors?: Record<string, string[] | undefined>;
}

const titles: Record<string, string> = {
  unauthorized: "Missing or invalid API key",
  key_revoked: "This API key was revoked",
  key_expired: "This API key has expired",
  not_in_plan: "API access is not in your plan",
  insufficient_scope: "The API key lacks a scope",
  not_found: "Not found",
  invalid: "The request is not valid",
  unreadable: "The request body could not be read",
  too_large: "The request body is too large",
  rate_limited: "Too many requests",
  conflict: "Conflict",
  plan_limit: "A plan limit was reached",
  idempotency_conflict: "The Idempotency-Key was used for a different request",
  method_not_allowed: "Method not allowed",
  internal: "Something went wrong on our side",
  invalid_credentials: "Wrong email, password or code",
  unconfirmed: "The email address is not confirmed",
  locked: "Too many failed sign-ins",
  two_factor_required: "A two-factor code is needed",
  invalid_grant: "The refresh token is not valid",
  token_reused: "The refresh token was already used",
  token_expired: "The access token has expired",
};

export function problem(
  status: number,
  code: string,
  detail?: string,
  extra: { errors?: Problem["errors"]; headers?: Record<string, string> } = {},
): Response {
  const body: Problem = {
    type: `${problemBase}${code}`,
    title: titles[code] ?? "The request was refused",
    status,
    code,
    ...(detail ? { detail } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store", ...extra.headers },
  });
}
