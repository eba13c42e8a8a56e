/**
 * One /api/v1 endpoint, defined once: its method and path, the scope it needs, the zod schemas of
 * its path, query and body, and of its answer. The same definition serves the request
 * (`apiHandler`: key, scope, rate limit, parsing, refusals as problem details) and the OpenAPI
 * document (./openapi.ts), so the two cannot drift apart.
 */
import { type z } from "zod";

import { ActionRefusal } from "@/lib/actions";
import { accessTokenPrefix as accessTokenPrefixForAuth, checkAccessToken, LoginRefusal } from "@/lib/api-keys/logins";
import type { ApiScope } from "@/lib/api-keys/scopes";
import { checkApiKey } from "@/lib/api-keys/service";
import { blueprintRefusal } from "@/lib/blueprint/refusal";
import { botRefusal } from "@/lib/bots/bot-action";
import { importLimits } from "@/lib/bots/import/limits";
import { nodeInflate } from "@/lib/bots/import/node-inflate";
import { readZip } from "@/lib/bots/import/zip";
import { env } from "@/lib/env";
import { consumeRateLimit, type RateLimitRule } from "@/lib/rate-limit";
import { consumeMemoryRateLimit } from "@/lib/rate-limit/memory";
import { TokenBucket } from "@/lib/rate-limit/token-bucket";
import { getClientIp } from "@/lib/request/client-ip";
import { statusByCode } from "@/lib/user-route";
import { nestsDeeperThan, tooDeepMessage } from "@/lib/validation/depth";

import { startIdempotent } from "./idempotency";
import { problem } from "./problem";

/** JSON request bodies above this are refused with 413 before they are read. */
export const maxJsonBodyBytes = 1024 * 1024;

type ZodObjectAny = z.ZodObject<z.ZodRawShape>;

/** Who is calling: an API key, or a sign-in through POST /v1/auth/login (its access token). */
export type ApiCredential = { kind: "key"; id: string } | { kind: "login"; familyId: string };

export interface EndpointContext<P, Q, B> {
  /** The caller's account ("" on a public endpoint: login and refresh). */
  userId: string;
  /** null on a public endpoint. */
  credential: ApiCredential | null;
  /** The client's address, as the login page and rate limits see it. */
  ip: string | null;
  /**
   * Whether the caller's key or token would still be let in now (not revoked, expired, signed
   * out, or out of scope): a long stream asks it as it goes and ends when the answer is no.
   */
  stillAllowed(): Promise<boolean>;
  params: P;
  query: Q;
  body: B;
  request: Request;
}

export interface Endpoint<
  P extends ZodObjectAny | undefined = ZodObjectAny | undefined,
  Q extends ZodObjectAny | undefined = ZodObjectAny | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType | undefined = z.ZodType | undefined,
> {
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** The OpenAPI path below /api/v1, e.g. "/bots/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description?: string;
  tag: string;
  /** "public": no bearer (signing in); limited per client address by `publicRateLimit`. */
  scope: ApiScope | "public";
  publicRateLimit?: RateLimitRule;
  params?: P;
  query?: Q;
  body?: B;
  /**
   * For a body that is one of several shapes told apart by a key: the alternative that parses
   * this request, so its field errors are that shape's (a union's own error names no field).
   */
  bodyFor?(raw: unknown): z.ZodType;
  /** Largest JSON body taken (default maxJsonBodyBytes). */
  maxBodyBytes?: number;
  /**
   * Also takes a zip (Content-Type: application/zip, up to the import's 10 MB): its files, read
   * with the migration import's checks, and the query string become the body the schema parses.
   */
  fromZip?(files: { path: string; content: string }[], query: Record<string, string>): unknown;
  /** The answer's schema; undefined: 204 No Content. */
  response?: R;
  /** Answers Server-Sent Events (text/event-stream): `handle` returns the streaming Response. */
  stream?: true;
  /** Other successes `handle` answers itself (as a Response), for the OpenAPI document. */
  otherResponses?: Record<string, { description: string; schema: z.ZodType }>;
  /** Status of a success (default 200; 204 without a response schema). */
  status?: 200 | 201 | 202;
  handle(
    context: EndpointContext<
      P extends ZodObjectAny ? z.infer<P> : undefined,
      Q extends ZodObjectAny ? z.infer<Q> : undefined,
      B extends z.ZodType ? z.infer<B> : undefined
    >,
  ): Promise<(R extends z.ZodType ? z.input<R> : void) | Response>;
}

/** Declares an endpoint (typed: `handle` gets the parsed params, query and body). */
export function endpoint<
  P extends ZodObjectAny | undefined = undefined,
  Q extends ZodObjectAny | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  R extends z.ZodType | undefined = undefined,
>(definition: Endpoint<P, Q, B, R>): Endpoint<P, Q, B, R> {
  return definition;
}

const scopeAnswers = {
  malformed: [
    401,
    "unauthorized",
    "The Authorization header must be `Bearer cph_…` (an API key from Tools → API Keys) or `Bearer cpa_…` (an access token from POST /api/v1/auth/login).",
  ],
  unknown: [401, "unauthorized", "This API key does not exist. Create one on Tools → API Keys."],
  revoked: [401, "key_revoked", "This API key was revoked. Create a new one on Tools → API Keys."],
  expired: [401, "key_expired", "This API key has expired. Create a new one on Tools → API Keys."],
  token_expired: [
    401,
    "token_expired",
    "This access token has expired. Exchange your refresh token at POST /api/v1/auth/refresh for a new one.",
  ],
  not_in_plan: [
    403,
    "not_in_plan",
    "API keys come with the Core, Teams and Enterprise plans (and the free trial). Upgrade on Billing & Plan.",
  ],
} as const;

function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) (errors[issue.path.join(".") || "_body"] ??= []).push(issue.message);
  return errors;
}

function queryObject(url: URL): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of url.searchParams) query[key] = value;
  return query;
}

class Refused extends Error {
  constructor(readonly response: Response) {
    super("refused");
  }
}

/** How often a long stream checks its caller's key or token again (tests shorten it). */
export const streamRecheck = { everyMs: 10_000 };

/** Ends a request with this problem (from a handler: a refusal that is not a domain one). */
export function refuse(status: number, code: string, detail: string): never {
  throw new Refused(problem(status, code, detail));
}

/** The body's bytes, read with a cap (a chunked body has no Content-Length to check first). */
async function readBytes(request: Request, maxBytes: number): Promise<Buffer> {
  const tooLarge = () =>
    new Refused(problem(413, "too_large", `Bodies here are limited to ${Math.round(maxBytes / 1024)} KB.`));
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw tooLarge();
  const reader = request.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (reader) {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel().catch(() => undefined);
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  return Buffer.concat(chunks);
}

function isZip(request: Request): boolean {
  return /^application\/(zip|x-zip-compressed)\b/i.test(request.headers.get("content-type") ?? "");
}

function parseJson(request: Request, text: string): unknown {
  if (!text.trim()) return {};
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(type)) {
    throw new Refused(problem(415, "invalid", "Send the body as JSON (Content-Type: application/json)."));
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new Refused(problem(400, "unreadable", "The body is not valid JSON."));
  }
}

/** A route handler of the API, with the endpoint it serves. */
export type ApiRouteHandler = ((
  request: Request,
  route: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>) & { endpoint?: Endpoint };

const loginStatus: Record<LoginRefusal["code"], number> = {
  invalid_credentials: 401,
  unconfirmed: 403,
  locked: 429,
  two_factor_required: 401,
  not_in_plan: 403,
  invalid_grant: 400,
  token_reused: 400,
};

function loginProblem(error: LoginRefusal): Response {
  const retry = error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
  return problem(loginStatus[error.code], error.code, error.message, retry ? { headers: retry } : {});
}

/**
 * Bearer secrets that named nothing, per client address (this process): past 30 a minute the
 * address is answered 429 before any lookup, so guessing costs the guesser, not the database.
 */
const failedBearers = ((globalThis as Record<symbol, unknown>)[Symbol.for("cipher.failedBearers")] ??= new Map<
  string,
  TokenBucket
>()) as Map<string, TokenBucket>;
const failedBearerLimit = { perMinute: 30, burst: 30 };

function bearerBlocked(ip: string | null): number | null {
  const bucket = failedBearers.get(ip ?? "unknown");
  if (!bucket || bucket.available() >= 1) return null;
  return Math.ceil(60 / failedBearerLimit.perMinute);
}

function countFailedBearer(ip: string | null): void {
  const key = ip ?? "unknown";
  let bucket = failedBearers.get(key);
  if (!bucket) {
    // The oldest address goes, not every count at once.
    if (failedBearers.size >= 10_000) failedBearers.delete(failedBearers.keys().next().value!);
    bucket = new TokenBucket(failedBearerLimit.perMinute / 60, failedBearerLimit.burst);
    failedBearers.set(key, bucket);
  }
  bucket.take();
}

type Caller = { userId: string; credential: ApiCredential; scopes: readonly ApiScope[]; rateSubject: string };
type AuthFailure = keyof typeof scopeAnswers;

/** The caller a bearer secret names: an API key (cph_) or a login's access token (cpa_). */
async function authenticate(
  bearer: string,
  ip: string | null,
): Promise<{ ok: true; caller: Caller } | { ok: false; reason: AuthFailure }> {
  if (bearer.startsWith(accessTokenPrefixForAuth)) {
    const checked = await checkAccessToken(bearer);
    if (!checked.ok) return { ok: false, reason: checked.reason === "expired" ? "token_expired" : checked.reason };
    const { login } = checked;
    return {
      ok: true,
      caller: {
        userId: login.userId,
        credential: { kind: "login", familyId: login.familyId },
        scopes: login.scopes,
        rateSubject: `user:${login.userId}`,
      },
    };
  }
  const checked = await checkApiKey(bearer, ip);
  if (!checked.ok) return checked;
  const { key } = checked;
  return {
    ok: true,
    caller: {
      userId: key.userId,
      credential: { kind: "key", id: key.id },
      scopes: key.scopes,
      rateSubject: `key:${key.id}`,
    },
  };
}

const internalError = () =>
  problem(500, "internal", "The request failed on our side. Try again; if it keeps failing, contact support.");

function withHeaders(response: Response, headers: Record<string, string>): Response {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

/** The route handler of `definition`: Next.js calls it with the request and the path's params. */
export function apiHandler<
  P extends ZodObjectAny | undefined,
  Q extends ZodObjectAny | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
>(definition: Endpoint<P, Q, B, R>): ApiRouteHandler {
  /** Everything after the key, its scope and its rate limit: parse, run, answer (refusals included). */
  async function respond(
    request: Request,
    route: { params: Promise<Record<string, string | string[]>> },
    caller: Caller | null,
    ip: string | null,
    bodyBytes: Buffer,
    stillAllowed: () => Promise<boolean>,
  ): Promise<Response> {
    try {
      // Path parameters that do not parse name nothing: answered exactly like a missing record.
      let params: unknown;
      if (definition.params) {
        const parsed = definition.params.safeParse(await route.params);
        if (!parsed.success) return problem(404, "not_found", "Nothing exists at this path.");
        params = parsed.data;
      }
      let query: unknown;
      if (definition.query) {
        const parsed = definition.query.safeParse(queryObject(new URL(request.url)));
        if (!parsed.success) {
          return problem(400, "invalid", "The query string is not valid.", { errors: fieldErrors(parsed.error) });
        }
        query = parsed.data;
      }
      let body: unknown;
      if (definition.body) {
        let raw: unknown;
        if (definition.fromZip && isZip(request)) {
          const read = await readZip(new Uint8Array(bodyBytes), { inflate: nodeInflate });
          if (!read.ok) return problem(422, "invalid", read.error);
          raw = definition.fromZip(read.files, queryObject(new URL(request.url)));
        } else raw = parseJson(request, bodyBytes.toString("utf8"));
        if (nestsDeeperThan(raw)) return problem(400, "invalid", tooDeepMessage);
        const parsed = (definition.bodyFor?.(raw) ?? definition.body).safeParse(raw);
        if (!parsed.success) {
          return problem(422, "invalid", "Some fields are not valid.", { errors: fieldErrors(parsed.error) });
        }
        body = parsed.data;
      }
      const result = await definition.handle({
        userId: caller?.userId ?? "",
        credential: caller?.credential ?? null,
        ip,
        stillAllowed,
        params,
        query,
        body,
        request,
      } as Parameters<typeof definition.handle>[0]);
      // A stream, or another success the handler answered itself (see otherResponses).
      if (result instanceof Response) return result;
      if (!definition.response) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      return Response.json(definition.response.parse(result), {
        status: definition.status ?? 200,
        headers: { "Cache-Control": "no-store" },
      });
    } catch (error) {
      if (error instanceof Refused) return error.response;
      if (error instanceof LoginRefusal) return loginProblem(error);
      const refusal = botRefusal(error, blueprintRefusal);
      if (refusal instanceof ActionRefusal) {
        const code = refusal.details.code ?? "invalid";
        return problem(statusByCode[code] ?? 400, code, refusal.message, { errors: refusal.details.fieldErrors });
      }
      console.error(`[api/v1] ${definition.operationId} failed`, error);
      return internalError();
    }
  }

  const handler: ApiRouteHandler = async (request, route) => {
    const headers: Record<string, string> = {};
    try {
      const ip = await getClientIp().catch(() => null);
      let caller: Caller | null = null;
      let stillAllowed = async () => true;
      if (definition.scope === "public") {
        if (definition.publicRateLimit) {
          const limited = await consumeRateLimit(definition.publicRateLimit, `ip:${ip ?? "unknown"}`);
          if (!limited.allowed) {
            return problem(
              429,
              "rate_limited",
              `Too many attempts from your network. Wait ${limited.retryAfterSeconds} s.`,
              {
                headers: { "Retry-After": String(limited.retryAfterSeconds) },
              },
            );
          }
        }
      } else {
        const blocked = bearerBlocked(ip);
        if (blocked !== null) {
          return problem(429, "rate_limited", "Too many unknown credentials from your network. Wait a minute.", {
            headers: { "Retry-After": String(blocked) },
          });
        }
        const authorization = request.headers.get("authorization") ?? "";
        const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
        if (!bearer) {
          return problem(401, "unauthorized", scopeAnswers.malformed[2], {
            headers: { "WWW-Authenticate": 'Bearer realm="cipher"' },
          });
        }
        const checked = await authenticate(bearer, ip);
        if (!checked.ok) {
          // Guessing, not a forgotten script with a dead key (that would block everyone behind its address).
          if (checked.reason === "malformed" || checked.reason === "unknown") countFailedBearer(ip);
          const [status, code, detail] = scopeAnswers[checked.reason];
          return problem(status, code, detail, {
            headers: status === 401 ? { "WWW-Authenticate": `Bearer realm="cipher", error="invalid_token"` } : {},
          });
        }
        caller = checked.caller;
        const scope = definition.scope;
        stillAllowed = async () => {
          const again = await authenticate(bearer, ip).catch(() => null);
          return again?.ok === true && again.caller.scopes.includes(scope);
        };
        if (!caller.scopes.includes(definition.scope)) {
          return problem(
            403,
            "insufficient_scope",
            `This endpoint needs the "${definition.scope}" scope; this key has ${caller.scopes.map((scope) => `"${scope}"`).join(", ")}. Create a key with it on Tools → API Keys.`,
            {
              headers: {
                "WWW-Authenticate": `Bearer realm="cipher", error="insufficient_scope", scope="${definition.scope}"`,
              },
            },
          );
        }

        const limit = env.API_RATE_LIMIT_PER_MINUTE;
        const limited = consumeMemoryRateLimit("api", caller.rateSubject, limit);
        headers["RateLimit-Limit"] = String(limit);
        if (!limited.allowed) {
          return problem(
            429,
            "rate_limited",
            `This key made more than ${limit} requests in a minute. Wait ${limited.retryAfterSeconds} s.`,
            {
              headers: {
                ...headers,
                "RateLimit-Remaining": "0",
                "RateLimit-Reset": String(limited.retryAfterSeconds),
                "Retry-After": String(limited.retryAfterSeconds),
              },
            },
          );
        }
        headers["RateLimit-Remaining"] = String(limited.remaining ?? 0);
        headers["RateLimit-Reset"] = String(limited.resetSeconds ?? 60);
      }

      const maxBytes =
        definition.fromZip && isZip(request) ? importLimits.zipBytes : (definition.maxBodyBytes ?? maxJsonBodyBytes);
      const bodyBytes = definition.body ? await readBytes(request, maxBytes) : Buffer.alloc(0);
      const idempotencyKey = definition.method === "POST" && caller ? request.headers.get("idempotency-key") : null;
      if (idempotencyKey === null || !caller) {
        return withHeaders(await respond(request, route, caller, ip, bodyBytes, stillAllowed), headers);
      }
      const started = await startIdempotent(caller.userId, idempotencyKey, {
        method: definition.method,
        path: new URL(request.url).pathname,
        body: bodyBytes.toString("base64"),
      });
      if (started.kind === "answer") return withHeaders(started.response, headers);
      return withHeaders(
        await started.finish(await respond(request, route, caller, ip, bodyBytes, stillAllowed)),
        headers,
      );
    } catch (error) {
      if (error instanceof Refused) return withHeaders(error.response, headers);
      console.error(`[api/v1] ${definition.operationId} failed`, error);
      return withHeaders(internalError(), headers);
    }
  };
  // The route/document consistency test reads which endpoint a route file serves.
  handler.endpoint = definition as Endpoint;
  return handler;
}
