/**
 * A small router for the simulator's HTTP routes, Discord-style errors and JSON bodies.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import {
  decodeUtf8,
  findUnstorableText,
  InputError,
  parseJsonText,
  prepareJson,
  unstorableCharacter,
  unstorableMessage,
} from "./input";
import { simulatorLimits } from "./limits";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface HttpResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Discord's error body: `{ message, code, errors? }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly errors?: unknown,
    /** One line naming the field and what is wrong with it (the control API shows this). */
    readonly summary?: string,
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { message: this.message, code: this.code, ...(this.errors ? { errors: this.errors } : {}) };
  }
}

export const errors = {
  unauthorized: () => new ApiError(401, 0, "401: Unauthorized"),
  missingAccess: () => new ApiError(403, 50001, "Missing Access"),
  missingPermissions: () => new ApiError(403, 50013, "Missing Permissions"),
  notFound: () => new ApiError(404, 0, "404: Not Found"),
  unknownChannel: () => new ApiError(404, 10003, "Unknown Channel"),
  unknownGuild: () => new ApiError(404, 10004, "Unknown Guild"),
  unknownMember: () => new ApiError(404, 10007, "Unknown Member"),
  unknownMessage: () => new ApiError(404, 10008, "Unknown Message"),
  unknownOverwrite: () => new ApiError(404, 10009, "Unknown Overwrite"),
  unknownRole: () => new ApiError(404, 10011, "Unknown Role"),
  unknownUser: () => new ApiError(404, 10013, "Unknown User"),
  unknownEmoji: () => new ApiError(400, 10014, "Unknown Emoji"),
  unknownWebhook: () => new ApiError(404, 10015, "Unknown Webhook"),
  unknownBan: () => new ApiError(404, 10026, "Unknown Ban"),
  unknownInteraction: () => new ApiError(404, 10062, "Unknown interaction"),
  unknownCommand: () => new ApiError(404, 10063, "Unknown application command"),
  alreadyAcknowledged: () => new ApiError(400, 40060, "Interaction has already been acknowledged."),
  emptyMessage: () => new ApiError(400, 50006, "Cannot send an empty message"),
  cannotSendToUser: () => new ApiError(403, 50007, "Cannot send messages to this user"),
  tooOld: () => new ApiError(400, 50034, "You can only bulk delete messages that are under 14 days old."),
  cannotEditOthers: () => new ApiError(403, 50005, "Cannot edit a message authored by another user"),
  invalidForm: (errorsTree: unknown, summary?: string) =>
    new ApiError(400, 50035, "Invalid Form Body", errorsTree, summary),
  invalidJson: (detail = "") => new ApiError(400, 50109, `The request body contains invalid JSON.${detail}`),
  badRequest: (detail: string) => new ApiError(400, 0, `400: Bad Request: ${detail}`),
  maxRoles: () => new ApiError(400, 30005, `Maximum number of guild roles reached (${simulatorLimits.rolesPerGuild})`),
  maxChannels: () =>
    new ApiError(400, 30013, `Maximum number of guild channels reached (${simulatorLimits.channelsPerGuild})`),
  dmTooFast: () => new ApiError(400, 40003, "You are opening direct messages too fast."),
  tooLarge: () => new ApiError(413, 40005, "Request entity too large"),
};

/** One field error in Discord's nested `errors` format. */
export function fieldError(path: (string | number)[], code: string, message: string): ApiError {
  let tree: Record<string, unknown> = { _errors: [{ code, message }] };
  for (const key of [...path].reverse()) tree = { [String(key)]: tree };
  return errors.invalidForm(tree, path.length ? `${path.join(".")}: ${message}` : message);
}

export interface RouteMatch<C> {
  handler: (context: C, params: Record<string, string>) => Promise<HttpResult> | HttpResult;
  params: Record<string, string>;
  /** The route's pattern, e.g. `POST /channels/:channelId/messages` (rate-limit bucket). */
  pattern: string;
  /** Extra route data (rate-limit settings, auth mode). */
  meta: RouteMeta;
}

export interface RouteMeta {
  /** No bot token needed (interaction callbacks, webhooks with a token in the path). */
  noAuth?: boolean;
  /** Requests per window in this route's bucket (per top-level resource). */
  limit?: number;
  windowMs?: number;
}

interface Route<C> {
  method: Method;
  pattern: string;
  regex: RegExp;
  keys: string[];
  handler: RouteMatch<C>["handler"];
  meta: RouteMeta;
}

export class Router<C> {
  private readonly routes: Route<C>[] = [];

  add(method: Method, pattern: string, handler: RouteMatch<C>["handler"], meta: RouteMeta = {}): this {
    const keys: string[] = [];
    const source = pattern.replace(/:(\w+)/g, (_match, key: string) => {
      keys.push(key);
      return "([^/]+)";
    });
    this.routes.push({ method, pattern, regex: new RegExp(`^${source}/?$`), keys, handler, meta });
    return this;
  }

  /** The matching route, or "method" when the path exists under another method. */
  match(method: string, path: string): RouteMatch<C> | "method" | undefined {
    let pathMatched = false;
    for (const route of this.routes) {
      const found = route.regex.exec(path);
      if (!found) continue;
      pathMatched = true;
      if (route.method !== method) continue;
      const params: Record<string, string> = {};
      route.keys.forEach((key, index) => (params[key] = decodeURIComponent(found[index + 1] ?? "")));
      return { handler: route.handler, params, pattern: `${route.method} ${route.pattern}`, meta: route.meta };
    }
    return pathMatched ? "method" : undefined;
  }
}

/**
 * The body, refused (413) beyond maxBytes: a JSON body's limit, or Discord's 25 MB for files.
 * The bytes that arrive are counted (a chunked body declares no length); past the limit the
 * rest is read and dropped (see finishBody), so the answer reaches the client.
 */
export function readBody(request: IncomingMessage, maxBytes?: number): Promise<Buffer> {
  const multipart = isMultipart(request.headers["content-type"]);
  const limit = maxBytes ?? (multipart ? simulatorLimits.multipartBodyBytes : simulatorLimits.jsonBodyBytes);
  if (Number(request.headers["content-length"] ?? 0) > limit) return Promise.reject(errors.tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (error: ApiError | null) => {
      if (settled) return;
      settled = true;
      request.off("data", onData);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        chunks.length = 0;
        settle(errors.tooLarge());
      } else chunks.push(chunk);
    };
    request.on("data", onData);
    request.once("end", () => settle(null));
    request.once("error", () => settle(errors.badRequest("the request body did not arrive whole.")));
    request.once("close", () => settle(errors.badRequest("the request body did not arrive whole.")));
  });
}

/**
 * Before an answer to a request whose body was not read to its end: the rest is read and
 * dropped, for a moment and up to a few megabytes, so the client reads the answer (closing a
 * socket with unread data resets it, and the client may never see the answer). Returns the
 * headers the answer needs: `Connection: close` when the body still has not ended.
 */
export async function finishBody(request: IncomingMessage): Promise<Record<string, string>> {
  if (!request.complete && !request.destroyed) {
    await new Promise<void>((resolve) => {
      let dropped = 0;
      const done = () => {
        clearTimeout(timer);
        request.off("data", onData);
        resolve();
      };
      const onData = (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > simulatorLimits.drainBodyBytes) done();
      };
      const timer = setTimeout(done, simulatorLimits.drainBodyMs);
      request.on("data", onData);
      request.once("end", done);
      request.once("close", done);
      request.resume();
    });
  }
  return request.complete ? {} : { Connection: "close" };
}

function isMultipart(type: string | undefined): boolean {
  return /^multipart\/form-data/i.test(type ?? "");
}

export interface ParsedBody {
  json: unknown;
  files: { name: string; filename: string; contentType: string; size: number }[];
}

/**
 * JSON bodies, and discord.js's multipart bodies (`payload_json` plus `files[n]`): strict
 * UTF-8, nesting at most simulatorLimits.jsonDepth, and no text PostgreSQL cannot store, so
 * whatever is accepted can be kept in the world and saved.
 */
export async function parseBody(request: IncomingMessage): Promise<ParsedBody> {
  const raw = await readBody(request);
  const type = request.headers["content-type"] ?? "";
  if (raw.length === 0) return { json: {}, files: [] };
  const body = isMultipart(type) ? await parseMultipart(raw, type) : { json: parseJson(raw), files: [] };
  const found = findUnstorableText(body.json);
  if (found) throw fieldError(found.path, "TEXT_UNSUPPORTED_CHARACTER", unstorableMessage(found.character));
  return body;
}

async function parseMultipart(raw: Buffer, type: string): Promise<ParsedBody> {
  if (!/;\s*boundary=/i.test(type)) throw errors.badRequest("the multipart body's Content-Type has no boundary.");
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData();
  } catch {
    throw errors.badRequest("the multipart body could not be read; check its boundary and parts.");
  }
  const files: ParsedBody["files"] = [];
  let json: unknown = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === "string") {
      if (name !== "payload_json") continue;
      if (Buffer.byteLength(value) > simulatorLimits.jsonBodyBytes) throw errors.tooLarge();
      json = parseJson(Buffer.from(value));
    } else {
      const character = unstorableCharacter(value.name) ?? unstorableCharacter(name);
      if (character) throw fieldError([name], "TEXT_UNSUPPORTED_CHARACTER", unstorableMessage(character));
      files.push({ name, filename: value.name, contentType: value.type, size: value.size });
    }
  }
  return { json, files };
}

/**
 * discord.py sends snowflakes as JSON integers (e.g. message_reference.message_id), too large
 * for a double: integers of 16+ digits become strings before parsing, as Discord reads them.
 */
export function quoteSnowflakes(text: string): string {
  return prepareJson(text, Number.POSITIVE_INFINITY);
}

function parseJson(raw: Buffer): unknown {
  try {
    return parseJsonText(decodeUtf8(raw));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    if (error.problem.kind === "encoding") throw errors.invalidJson(" It is not valid UTF-8.");
    if (error.problem.kind === "depth") throw errors.invalidJson(` It nests deeper than ${error.problem.max} levels.`);
    throw errors.invalidJson();
  }
}

export function sendJson(response: ServerResponse, result: HttpResult): void {
  const headers: Record<string, string> = { ...result.headers };
  if (result.status === 204 || result.body === undefined) {
    response.writeHead(result.status, headers);
    response.end();
    return;
  }
  const text = JSON.stringify(result.body);
  headers["Content-Type"] = "application/json";
  headers["Content-Length"] = String(Buffer.byteLength(text));
  response.writeHead(result.status, headers);
  response.end(text);
}
