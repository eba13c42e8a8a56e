/**
 * The REST API served by the production server itself (scripts/server.ts), without Next.js's
 * routing: the same endpoint definitions and `apiHandler` the route files under app/api/v1 use,
 * found by method and path in the registry. Next.js's router costs about a millisecond of CPU
 * per request, which capped the API near 1,000 requests/s on two cores (`npm run bench:api`).
 * Anything this does not know (another method, /api/v1/openapi.json) goes to Next.js as before,
 * and `next dev` uses the route files, so both paths run the very same handlers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";

import { clientIpHeader } from "@/lib/request/client-address";
import { requestClientIp } from "@/lib/request/client-ip";

import { apiHandler, type ApiRouteHandler, type Endpoint } from "./endpoint";
import { problem } from "./problem";
import { endpoints } from "./registry";

interface Route {
  endpoint: Endpoint;
  method: string;
  pattern: RegExp;
  names: string[];
  handler: ApiRouteHandler;
}

export const apiPrefix = "/api/v1";

const routes: Route[] = endpoints.map((endpoint) => ({
  endpoint,
  method: endpoint.method,
  pattern: new RegExp(`^${endpoint.path.replace(/\{\w+\}/g, "([^/]+)")}$`),
  names: [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
  handler: apiHandler(endpoint),
}));

/** The endpoint serving `method path` (below /api/v1, ids filled in) and its path parameters. */
export function findEndpoint(method: string, path: string): { route: Route; params: Record<string, string> } | null {
  for (const route of routes) {
    if (route.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    const params: Record<string, string> = {};
    try {
      route.names.forEach((name, index) => (params[name] = decodeURIComponent(match[index + 1]!)));
    } catch {
      return null;
    }
    return { route, params };
  }
  return null;
}

/** The request as the Fetch API's Request (the body streamed, not buffered). */
function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  return new Request(`http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream<Uint8Array>, duplex: "half" } : {}),
  } as RequestInit);
}

async function send(response: Response, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === "set-cookie") return;
    headers[name] = value;
  });
  if (!response.body) {
    res.writeHead(response.status, headers);
    res.end();
    return;
  }
  if (!response.headers.get("content-type")?.startsWith("text/event-stream")) {
    // A whole answer: one write with its length (no chunked encoding, no write per chunk).
    const body = Buffer.from(await response.arrayBuffer());
    headers["content-length"] = String(body.byteLength);
    res.writeHead(response.status, headers);
    res.end(body);
    return;
  }
  res.writeHead(response.status, headers);
  // Written as it comes (Server-Sent Events flush each event).
  const reader = response.body.getReader();
  res.on("close", () => void reader.cancel().catch(() => undefined));
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    res.write(value);
  }
  res.end();
}

/**
 * Answers `req` when it is a known /api/v1 endpoint (true), else leaves it to Next.js (false).
 * The client address is the one the server stamped (clientIpHeader).
 */
export function dispatchApi(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (!pathname.startsWith(`${apiPrefix}/`)) return false;
  const found = findEndpoint(req.method ?? "GET", pathname.slice(apiPrefix.length));
  if (!found) return false;
  const abort = new AbortController();
  res.on("close", () => abort.abort());
  const ip = String(req.headers[clientIpHeader] ?? "unknown");
  void requestClientIp
    .run(ip, async () => {
      const response = await found.route.handler(toRequest(req, abort.signal), {
        params: Promise.resolve(found.params),
      });
      await send(response, res);
    })
    .catch(async (error: unknown) => {
      if (abort.signal.aborted) return;
      console.error("[api/v1] dispatch failed", error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      await send(problem(500, "internal", "The request failed on our side. Try again."), res).catch(() =>
        res.destroy(),
      );
    });
  return true;
}
