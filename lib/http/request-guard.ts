/**
 * What the production server (scripts/server.ts) checks on every request before Next.js sees it,
 * so malformed requests get a 4xx that says what was wrong instead of a 500 from deep inside:
 * - a Host header that is not a host name, an IPv4 or a bracketed IPv6 address with an optional
 *   port (a malformed Host made /login answer 500);
 * - a path or query with broken percent-encoding ("%E0%A4%A", "%zz");
 * - a body over the limit for its route, counted on the bytes that actually arrive, so a chunked
 *   body (no Content-Length) is cut off at the limit with 413 too;
 * - a server action's arguments that Next.js could not decode (not JSON, references to parts a
 *   text body does not have, nested too deep): a 400, where Next.js would answer 500.
 */
import type { IncomingMessage, ServerResponse } from "node:http";

import { maxInputDepth, tooDeepMessage } from "../validation/depth";

export type RequestProblem = { status: 400 | 413 | 415; message: string };

const hostName =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?$/;
const ipv4 = /^(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const bracketedIpv6 = /^\[[0-9A-Fa-f:.]{2,45}(?:%[A-Za-z0-9._~-]+)?\]$/;

/** A Host header as RFC 9110 allows it: host name, IPv4 or [IPv6], then an optional :port. */
export function isValidHost(value: string | undefined): boolean {
  if (!value) return false;
  const match = /^(.*?)(?::(\d{1,5}))?$/.exec(value);
  if (!match) return false;
  const [, host = "", port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return ipv4.test(host) || bracketedIpv6.test(host) || hostName.test(host);
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** The request line and headers: null when fine, else the 400 to answer. */
export function requestProblem(request: Pick<IncomingMessage, "url" | "headers">): RequestProblem | null {
  if (!isValidHost(request.headers.host)) {
    return { status: 400, message: "The request's Host header is missing or malformed." };
  }
  const target = request.url ?? "/";
  if (!target.startsWith("/")) return { status: 400, message: "The request's address is malformed." };
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (!decodes(path))
    return {
      status: 400,
      message: "The address has broken percent-encoding (a % not followed by a valid UTF-8 byte).",
    };
  if (query !== -1) {
    for (const part of target.slice(query + 1).split("&")) {
      if (!decodes(part.replace(/\+/g, " "))) {
        return {
          status: 400,
          message: "The query string has broken percent-encoding (a % not followed by a valid UTF-8 byte).",
        };
      }
    }
  }
  const type = request.headers["content-type"];
  if (type && /^\s*(application\/x-www-form-urlencoded|multipart\/form-data|text\/plain)\b/i.test(type)) {
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1]?.toLowerCase();
    if (charset && charset !== "utf-8" && charset !== "utf8" && charset !== "us-ascii") {
      return { status: 415, message: `Forms must be sent as UTF-8; this one says ${charset}.` };
    }
    if (/^\s*multipart\/form-data/i.test(type) && !/;\s*boundary\s*=/i.test(type)) {
      return { status: 400, message: "The form is multipart but has no boundary, so it cannot be read." };
    }
  }
  return null;
}

/** Server actions, like Next.js's serverActions.bodySizeLimit (proxy.ts refuses a declared size). */
export const actionBodyLimitBytes = 1024 * 1024;
/** The migration import takes a 10 MB zip (lib/bots/import/limits.ts) plus its form's framing. */
const importBodyLimitBytes = 11 * 1024 * 1024;
/** Any other request: no form or API body of ours comes close. */
const defaultBodyLimitBytes = 1024 * 1024;

export function bodyLimitFor(request: Pick<IncomingMessage, "url" | "headers">): number {
  if (request.headers["next-action"]) return actionBodyLimitBytes;
  const path = (request.url ?? "/").split("?")[0];
  if (path === "/api/bots/import") return importBodyLimitBytes;
  // The API's deploy: the same 10 MB zip as the import (lib/api/v1/deploy.ts).
  if (/^\/api\/v1\/bots\/[^/]+\/files$/.test(path ?? "")) return importBodyLimitBytes;
  return defaultBodyLimitBytes;
}

function refuse(response: ServerResponse, problem: RequestProblem, { close = true } = {}): void {
  if (response.headersSent) return;
  response.writeHead(problem.status, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": "no-store",
    ...(close ? { Connection: "close" } : {}),
  });
  response.end(JSON.stringify({ error: problem.message }));
}

/** How long a client whose body was cut off may go on sending before it is answered anyway. */
const lingerMs = 5_000;

/**
 * Answers a malformed request itself (true), or caps its body and lets it through (false). The
 * cap counts each chunk as Node's HTTP parser hands it over, whoever reads the body and however
 * it is framed: past the limit, 413 is answered and the connection closed.
 */
export function guardRequest(request: IncomingMessage, response: ServerResponse): boolean {
  const problem = requestProblem(request);
  if (problem) {
    refuse(response, problem);
    request.resume();
    return true;
  }
  const limit = bodyLimitFor(request);
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > limit) {
    // Answered at once, but the connection stays open while the client finishes sending (read
    // and dropped): closing it now would reset a client still sending, which then never reads
    // the 413 (an upload from a script gets EPIPE instead). One still sending after lingerMs is cut off.
    refuse(response, { status: 413, message: tooLargeMessage(limit) }, { close: false });
    request.resume();
    const timer = setTimeout(() => {
      if (!request.complete) request.destroy();
    }, lingerMs);
    timer.unref();
    request.once("end", () => clearTimeout(timer));
    return true;
  }
  let received = 0;
  let finish: (() => void) | null = null;
  const push = request.push.bind(request);
  // A server action's arguments sent as text are held until complete and checked (see
  // actionBodyProblem) before Next.js decodes them: it answers what it cannot decode with a 500.
  const held = isTextActionRequest(request) ? ([] as [unknown, BufferEncoding | undefined][]) : null;
  request.push = (chunk: unknown, encoding?: BufferEncoding) => {
    // Past the limit nothing more reaches the app, not even the end (its read fails when the
    // connection closes instead of seeing a truncated body it might act on). The rest is read
    // and dropped, and the 413 sent once the client has finished sending (or after lingerMs):
    // answering and closing while it still sends would reset the connection, and the client
    // would never read the answer.
    if (finish) {
      if (chunk === null) finish();
      return true;
    }
    if (chunk !== null && chunk !== undefined) {
      received += (chunk as { length: number }).length;
      if (received > limit) {
        const answer = () => {
          clearTimeout(timer);
          refuse(response, { status: 413, message: tooLargeMessage(limit) });
        };
        const timer = setTimeout(() => {
          answer();
          setTimeout(() => request.destroy(), 1_000).unref();
        }, lingerMs);
        timer.unref();
        finish = answer;
        return true;
      }
    }
    if (held) {
      if (chunk !== null) {
        held.push([chunk, encoding]);
        return true;
      }
      const body = Buffer.concat(
        held.map(([part]) => (typeof part === "string" ? Buffer.from(part) : (part as Buffer))),
      );
      const problem = actionBodyProblem(body);
      if (problem) {
        finish = () => {};
        refuse(response, problem);
        return true;
      }
      for (const [part, partEncoding] of held) push(part, partEncoding);
    }
    return push(chunk, encoding);
  };
  return false;
}

function isTextActionRequest(request: Pick<IncomingMessage, "headers" | "method">): boolean {
  const type = request.headers["content-type"] ?? "";
  return request.method === "POST" && Boolean(request.headers["next-action"]) && /^\s*text\/plain\b/i.test(type);
}

/**
 * React's encoding of an action's arguments, as our forms send them: JSON, where a string that
 * starts with "$" is either escaped ("$$…") or one of the plain values (a date, a bigint,
 * undefined, NaN, ±Infinity, -0, an empty FormData). References to other parts ("$1", "$Q…",
 * "$@…") cannot be met by a text body. Anything else is refused here with a 400.
 */
const plainTags = /^\$(?:\$|D|n|K|undefined$|NaN$|Infinity$|-Infinity$|-0$)/;

export function actionBodyProblem(body: Buffer): RequestProblem | null {
  const unreadable: RequestProblem = {
    status: 400,
    message: "The form's data could not be read. Reload the page and try again.",
  };
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    return unreadable;
  }
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current === "string") {
      if (current.startsWith("$") && !plainTags.test(current)) return unreadable;
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (depth >= maxInputDepth) return { status: 400, message: tooDeepMessage };
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return null;
}

function tooLargeMessage(limit: number): string {
  return `The request is larger than ${Math.round(limit / (1024 * 1024))} MB, the limit for this address.`;
}
