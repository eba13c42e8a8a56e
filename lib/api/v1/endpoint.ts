/**
 * One /api/v1 endpoint, defined once: its method and path, the scope it needs, the zod schemas of
 * its path, query and body, and of its answer. The same definition serves the request
 * (`apiHandler`: key, scope, rate limit, parsing, refusals as problem details) and the OpenAPI
 * document (./openapi.ts), so the two cannot drift apart.
 */
import { type z } from "zod";

import { ActionRefusal } from "@/lib/actions";
import type { ApiScope } from "@/lib/api-keys/scopes";
import { checkApiKey } from "@/lib/api-keys/service";
import { blueprintRefusal } from "@/lib/blueprint/refusal";
import { botRefusal } from "@/lib/bots/bot-action";
import { importLimits } from "@/lib/bots/import/limits";
import { nodeInflate } from "@/lib/bots/import/node-inflate";
import { readZip } from "@/lib/bots/import/zip";
import { env } from "@/lib/env";
import { consumeRateLimit } from "@/lib/rate-limit";
import { getClientIp } from "@/lib/request/client-ip";
import { statusByCode } from "@/lib/user-route";
import { nestsDeeperThan, tooDeepMessage } from "@/lib/validation/depth";

import { startIdempotent } from "./idempotency";
import { problem } from "./problem";

/** JSON request bodies above this are refused with 413 before they are read. */
export const maxJsonBodyBytes = 1024 * 1024;

type ZodObjectAny = z.ZodObject<z.ZodRawShape>;

export interface EndpointContext<P, Q, B> {
  userId: string;
  keyId: string;
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
  scope: ApiScope;
  params?: P;
  query?: Q;
  body?: B;
  /** Largest JSON body taken (default maxJsonBodyBytes). */
  maxBodyBytes?: number;
  /**
   * Also takes a zip (Content-Type: application/zip, up to the import's 10 MB): its files, read
   * with the migration import's checks, and the query string become the body the schema parses.
   */
  fromZip?(files: { path: string; content: string }[], query: Record<string, string>): unknown;
  /** The answer's schema; undefined: 204 No Content. */
  response?: R;
  /** Status of a success (default 200; 204 without a response schema). */
  status?: 200 | 201 | 202;
  handle(
    context: EndpointContext<
      P extends ZodObjectAny ? z.infer<P> : undefined,
      Q extends ZodObjectAny ? z.infer<Q> : undefined,
      B extends z.ZodType ? z.infer<B> : undefined
    >,
  ): Promise<R extends z.ZodType ? z.input<R> : void>;
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
    "The Authorization header must be `Bearer cph_…`, an API key from Tools → API Keys.",
  ],
  unknown: [401, "unauthorized", "This API key does not exist. Create one on Tools → API Keys."],
  revoked: [401, "key_revoked", "This API key was revoked. Create a new one on Tools → API Keys."],
  expired: [401, "key_expired", "This API key has expired. Create a new one on Tools → API Keys."],
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
    key: { id: string; userId: string },
    bodyBytes: Buffer,
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
        const parsed = definition.body.safeParse(raw);
        if (!parsed.success) {
          return problem(422, "invalid", "Some fields are not valid.", { errors: fieldErrors(parsed.error) });
        }
        body = parsed.data;
      }
      const result = await definition.handle({
        userId: key.userId,
        keyId: key.id,
        params,
        query,
        body,
        request,
      } as Parameters<typeof definition.handle>[0]);
      if (!definition.response) return new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });
      return Response.json(definition.response.parse(result), {
        status: definition.status ?? 200,
        headers: { "Cache-Control": "no-store" },
      });
    } catch (error) {
      if (error instanceof Refused) return error.response;
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
      const authorization = request.headers.get("authorization") ?? "";
      const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1];
      if (!bearer) {
        return problem(401, "unauthorized", scopeAnswers.malformed[2], {
          headers: { "WWW-Authenticate": 'Bearer realm="cipher"' },
        });
      }
      const ip = await getClientIp().catch(() => null);
      const checked = await checkApiKey(bearer, ip);
      if (!checked.ok) {
        const [status, code, detail] = scopeAnswers[checked.reason];
        return problem(status, code, detail, {
          headers: status === 401 ? { "WWW-Authenticate": `Bearer realm="cipher", error="invalid_token"` } : {},
        });
      }
      const { key } = checked;
      if (!key.scopes.includes(definition.scope)) {
        return problem(
          403,
          "insufficient_scope",
          `This endpoint needs the "${definition.scope}" scope; this key has ${key.scopes.map((scope) => `"${scope}"`).join(", ")}. Create a key with it on Tools → API Keys.`,
          {
            headers: {
              "WWW-Authenticate": `Bearer realm="cipher", error="insufficient_scope", scope="${definition.scope}"`,
            },
          },
        );
      }

      const limit = env.API_RATE_LIMIT_PER_MINUTE;
      const limited = await consumeRateLimit({ bucket: "api", limit, windowMs: 60_000 }, `key:${key.id}`);
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

      const maxBytes =
        definition.fromZip && isZip(request) ? importLimits.zipBytes : (definition.maxBodyBytes ?? maxJsonBodyBytes);
      const bodyBytes = definition.body ? await readBytes(request, maxBytes) : Buffer.alloc(0);
      const idempotencyKey = definition.method === "POST" ? request.headers.get("idempotency-key") : null;
      if (idempotencyKey === null) return withHeaders(await respond(request, route, key, bodyBytes), headers);
      const started = await startIdempotent(key.id, idempotencyKey, {
        method: definition.method,
        path: new URL(request.url).pathname,
        body: bodyBytes.toString("base64"),
      });
      if (started.kind === "answer") return withHeaders(started.response, headers);
      return withHeaders(await started.finish(await respond(request, route, key, bodyBytes)), headers);
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
