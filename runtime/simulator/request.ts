/**
 * The one wrapper every HTTP request to the simulator goes through (REST, control API, health,
 * and the gateway's upgrade): the URL is parsed and its percent-encoding checked here, and any
 * error thrown while handling a request becomes an answer to that request only, in Discord's
 * error shape. An unexpected one is a 500 with a request id, logged with that id.
 */
import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

import { ApiError, finishBody, sendJson } from "./http";
import { unstorableCharacter } from "./input";

export interface RequestTarget {
  /** The path as sent (still percent-encoded), each segment checked to decode. */
  path: string;
  query: URLSearchParams;
  requestId: string;
}

/** An error whose message is fit for the caller (the control API's errors). */
export interface PublicError {
  status: number;
  message: string;
  /** Discord's JSON error code, when one fits (else 0). */
  code?: number;
}

const badRequest = (message: string) => new ApiError(400, 0, message);

/**
 * The request's path and query; 400 when the URL does not parse, or a path segment's
 * percent-encoding is invalid or decodes to a character no id or name may hold.
 */
export function parseTarget(rawUrl: string | undefined, requestId = newRequestId()): RequestTarget {
  let url: URL;
  try {
    url = new URL(rawUrl ?? "/", "http://simulator");
  } catch {
    throw badRequest("400: Bad Request: the URL could not be parsed.");
  }
  for (const segment of url.pathname.split("/")) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw badRequest("400: Bad Request: the URL's path has invalid percent-encoding.");
    }
    const character = unstorableCharacter(decoded);
    if (character) throw badRequest(`400: Bad Request: the URL's path contains ${character}.`);
  }
  return { path: url.pathname, query: url.searchParams, requestId };
}

let counter = 0;
const prefix = randomBytes(4).toString("hex");

function newRequestId(): string {
  counter += 1;
  return `${prefix}-${counter.toString(36)}`;
}

/**
 * Wraps a request handler: it gets the parsed target, and whatever it throws is answered here.
 * `publicError` recognises errors of other kinds whose message the caller may read.
 */
export function handleRequests(
  handle: (request: IncomingMessage, response: ServerResponse, target: RequestTarget) => Promise<void>,
  publicError: (error: unknown) => PublicError | null = () => null,
): (request: IncomingMessage, response: ServerResponse) => void {
  return (request, response) => {
    const requestId = newRequestId();
    // A client that goes away mid-request must not take the process with it.
    request.on("error", () => undefined);
    response.on("error", () => undefined);
    void (async () => {
      try {
        await handle(request, response, parseTarget(request.url, requestId));
      } catch (error) {
        await answerError(request, response, error, requestId, publicError(error));
      }
    })().catch((error: unknown) => console.error(`[simulator] request ${requestId} could not be answered:`, error));
  };
}

async function answerError(
  request: IncomingMessage,
  response: ServerResponse,
  error: unknown,
  requestId: string,
  known: PublicError | null,
): Promise<void> {
  if (response.headersSent || response.destroyed) {
    response.destroy();
    return;
  }
  const headers = await finishBody(request);
  if (error instanceof ApiError) {
    sendJson(response, { status: error.status, body: error.toBody(), headers });
  } else if (known) {
    sendJson(response, {
      status: known.status,
      body: { code: known.code ?? 0, message: known.message, error: known.message },
      headers,
    });
  } else {
    console.error(`[simulator] request ${requestId} (${request.method} ${safePath(request.url)}) failed:`, error);
    sendJson(response, {
      status: 500,
      body: {
        code: 0,
        message: `500: Internal Server Error. The simulator logged it as request ${requestId}.`,
        request_id: requestId,
      },
      headers: { ...headers, "X-Request-Id": requestId },
    });
  }
}

/** The path for a log line, without the query (it may carry tokens). */
function safePath(url: string | undefined): string {
  return (url ?? "/").split("?")[0]!.slice(0, 200);
}

/** Answers an upgrade (or a broken request) on the raw socket and closes it. */
export function refuseSocket(socket: Duplex, status: number, message: string): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ code: 0, message });
  const reasons: Record<number, string> = {
    400: "Bad Request",
    404: "Not Found",
    408: "Request Timeout",
    429: "Too Many Requests",
    431: "Request Header Fields Too Large",
  };
  socket.end(
    `HTTP/1.1 ${status} ${reasons[status] ?? "Error"}\r\nConnection: close\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  setTimeout(() => socket.destroy(), 1_000).unref();
}
