/**
 * The OpenAPI 3.1 document of /api/v1, made with zod-openapi from the same zod schemas the
 * handlers validate with (./registry.ts), served at /api/v1/openapi.json.
 */
import { z } from "zod";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";

import { apiScopeDescriptions } from "@/lib/api-keys/scopes";

import type { Endpoint } from "./endpoint";
import { idempotencyKeyMaxLength } from "./idempotency";
import { endpoints } from "./registry";

export const problemSchema = z
  .object({
    type: z.string().meta({ description: "A URL naming the kind of problem." }),
    title: z.string(),
    status: z.number().int(),
    code: z.string().meta({
      description:
        "Stable machine-readable code: unauthorized, key_revoked, key_expired, insufficient_scope, not_found, invalid, rate_limited, conflict, plan_limit…",
    }),
    detail: z.string().optional(),
    errors: z.record(z.string(), z.array(z.string())).optional().meta({ description: "Field errors, by field." }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details." });

const problemResponse = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: problemSchema } },
});

const rateHeaders = {
  "RateLimit-Limit": { description: "Requests this key may make per minute.", schema: { type: "integer" as const } },
  "RateLimit-Remaining": { description: "Requests left in the current window.", schema: { type: "integer" as const } },
  "RateLimit-Reset": { description: "Seconds until the window resets.", schema: { type: "integer" as const } },
};

const idempotencyHeader = z.object({
  "Idempotency-Key": z.string().max(idempotencyKeyMaxLength).optional().meta({
    description:
      "Send the same key again to retry safely: for 24 hours the first answer is replayed (with `Idempotent-Replayed: true`) and nothing runs twice.",
  }),
});

function operation(endpoint: Endpoint): ZodOpenApiOperationObject {
  const success = endpoint.stream
    ? {
        description: "A stream of Server-Sent Events (see the description).",
        content: { "text/event-stream": { schema: z.string() } },
      }
    : endpoint.response
      ? {
          description: "OK",
          headers: rateHeaders,
          content: { "application/json": { schema: endpoint.response } },
        }
      : { description: "Done (no content).", headers: rateHeaders };
  if (endpoint.scope === "public") {
    return {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      ...(endpoint.description ? { description: endpoint.description } : {}),
      tags: [endpoint.tag],
      security: [],
      "x-cipher-scope": "public",
      ...(endpoint.body
        ? { requestBody: { required: true, content: { "application/json": { schema: endpoint.body } } } }
        : {}),
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: endpoint.response } } },
        "400": problemResponse("The refresh token is not valid or was already used."),
        "401": problemResponse("Wrong email, password or two-factor code."),
        "403": problemResponse("The email is not confirmed, or the plan has no API access."),
        "422": problemResponse("Some fields are not valid (see `errors`)."),
        "429": {
          ...problemResponse("Too many attempts, or the account is locked for a while: wait `Retry-After` seconds."),
          headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } } },
        },
      },
    };
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(endpoint.description ? { description: endpoint.description } : {}),
    tags: [endpoint.tag],
    security: [{ apiKey: [] }, { accessToken: [] }],
    "x-cipher-scope": endpoint.scope,
    requestParams: {
      ...(endpoint.params ? { path: endpoint.params } : {}),
      ...(endpoint.query ? { query: endpoint.query } : {}),
      ...(endpoint.method === "POST" ? { header: idempotencyHeader } : {}),
    },
    ...(endpoint.body
      ? { requestBody: { required: true, content: { "application/json": { schema: endpoint.body } } } }
      : {}),
    responses: {
      [String(endpoint.response || endpoint.stream ? (endpoint.status ?? 200) : 204)]: success,
      ...Object.fromEntries(
        Object.entries(endpoint.otherResponses ?? {}).map(([status, other]) => [
          status,
          { description: other.description, content: { "application/json": { schema: other.schema } } },
        ]),
      ),
      ...(endpoint.query ? { "400": problemResponse("The query string is not valid.") } : {}),
      "401": problemResponse("Missing, unknown, revoked or expired API key or access token."),
      "403": problemResponse(`The key lacks the "${endpoint.scope}" scope, or the plan has no API access.`),
      ...(endpoint.params ? { "404": problemResponse("Not found (another user's ids answer the same).") } : {}),
      ...(endpoint.body
        ? {
            "413": problemResponse("The body is over 1 MB."),
            "422": problemResponse("Some fields are not valid (see `errors`)."),
          }
        : {}),
      "429": {
        ...problemResponse("Too many requests: wait `Retry-After` seconds."),
        headers: { "Retry-After": { description: "Seconds to wait.", schema: { type: "integer" as const } } },
      },
    },
  };
}

export function openApiDocument() {
  const paths: ZodOpenApiPathsObject = {};
  for (const endpoint of endpoints) {
    const item = (paths[endpoint.path] ??= {}) as Record<string, ZodOpenApiOperationObject>;
    item[endpoint.method.toLowerCase()] = operation(endpoint);
  }
  const scopes = Object.entries(apiScopeDescriptions)
    .map(([scope, { description }]) => `- \`${scope}\`: ${description}`)
    .join("\n");
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Cipher API",
      version: "1.0.0",
      description: `Manage your Discord bots from scripts and CI. Authenticate with an API key from Tools → API Keys as \`Authorization: Bearer cph_…\`, or sign in with \`POST /auth/login\` and send its access token (\`Bearer cpa_…\`, renewed with \`POST /auth/refresh\`). Each endpoint needs one scope:\n${scopes}\n\nErrors are RFC 9457 problem details with a stable \`code\`. Each key has its own rate limit, reported in \`RateLimit-*\` headers.`,
    },
    servers: [{ url: "/api/v1" }],
    components: {
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key (cph_…) from Tools → API Keys." },
        accessToken: {
          type: "http",
          scheme: "bearer",
          description: "An access token (cpa_…) from POST /auth/login: every scope, for 15 minutes.",
        },
      },
    },
    paths,
  });
}
