/**
 * The production web server: what `npm start`, the e2e suite and `npm run bench:web` run, in
 * place of `next start`. Next.js through its programmatic API (`next({ dev: false })`), behind
 * an in-memory layer (scripts/lib/static-cache.ts) that answers prerendered pages and
 * /_next/static files itself; every other request (dashboard, API, auth, server actions,
 * client-side navigation, 404s) goes to Next.js unchanged, but for the /api/session answers this
 * process already knows (lib/auth/session-answer.ts) and the REST API's endpoints, which run the
 * same handlers as their route files without Next.js's router (lib/api/v1/dispatch.ts).
 *
 * Only this layer sees the socket, so it decides the client's address for every request (the
 * socket address and TRUSTED_PROXY_HOPS applied to X-Forwarded-For, lib/request/client-address.ts)
 * and hands it to the app in a header it first strips from the client's request.
 *
 * Malformed requests are answered here (lib/http/request-guard.ts): a bad Host header, broken
 * percent-encoding, a form that is not UTF-8, a body over its route's limit (counted as it
 * arrives, chunked or not).
 *
 * Every response carries the security headers of lib/http/security-headers.ts: set here on what
 * goes to Next.js, kept with what the cache answers (which gives prerendered pages their own CSP).
 *
 *   node --import tsx scripts/server.ts --port 3000 [--hostname 127.0.0.1]
 *
 * The environment (DATABASE_URL, AUTH_SECRET, NODE_ENV=production…) is the caller's.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { parseArgs } from "node:util";

import next from "next";

import { keptSessionAnswer, sessionAnswerHeaders, sessionAnswerPath } from "../lib/auth/session-answer";
import { env } from "../lib/env";
import { guardRequest } from "../lib/http/request-guard";
import { securityHeaders } from "../lib/http/security-headers";
import { markClientIpStamped, stampClientIp } from "../lib/request/client-address";
import { projectRoot } from "./db/engine";
import { bypassHeader, StaticCache } from "./lib/static-cache";

const { values } = parseArgs({
  options: { port: { type: "string", default: "3000" }, hostname: { type: "string" } },
});
const port = Number(values.port);
const hostname = values.hostname;

async function main() {
  const started = performance.now();
  const server = createServer();
  const app = next({ dev: false, dir: projectRoot, hostname, port, httpServer: server });
  const cache = new StaticCache(join(projectRoot, ".next"));
  const [, handle] = await Promise.all([cache.loadAssets(), app.prepare().then(() => app.getRequestHandler())]);
  // Loaded once Next.js has set up its request storage (the API's modules import next/*).
  const { dispatchApi } = await import("../lib/api/v1/dispatch");

  markClientIpStamped();
  // Until every prerendered page is in memory, Next.js would answer them with proxy.ts's nonce
  // policy, which their HTML cannot meet: visitors wait the moment loading takes.
  let held: (() => void)[] | undefined = [];
  server.on("request", (req, res) => {
    // A malformed Host, broken percent-encoding, a non-UTF-8 form: a 4xx here, not a 500 inside.
    if (guardRequest(req, res)) return;
    stampClientIp(req, env.TRUSTED_PROXY_HOPS);
    const answer = () => {
      if (cache.handle(req, res)) return;
      const pathname = req.url?.split("?")[0] ?? "/";
      for (const [name, value] of securityHeaders(pathname)) res.setHeader(name, value);
      if (answerSessionFromMemory(req, res, pathname)) return;
      // The REST API's endpoints, without Next.js's router (lib/api/v1/dispatch.ts).
      if (dispatchApi(req, res, pathname)) return;
      void handle(req, res);
    };
    if (held && !req.headers[bypassHeader]) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, hostname, resolve);
  });
  const address = server.address() as AddressInfo;
  const shown = hostname ?? "localhost";
  console.log(`▲ Next.js ready on http://${shown}:${address.port} (${Math.round(performance.now() - started)} ms)`);

  const wildcard = address.address === "::" || address.address === "0.0.0.0";
  const own = wildcard ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  await cache.loadPages(`http://${own}:${address.port}`);
  for (const answer of held.splice(0)) answer();
  held = undefined;
  await cache.compressed();
  cache.pruneCompressed();
  const { pages, assets } = cache.size;
  console.log(`● Served from memory: ${pages} prerendered pages, ${assets} static files`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Finish the requests in flight, drop idle keep-alive connections, then let Next.js clean up.
    const force = setTimeout(() => process.exit(0), 10_000);
    force.unref();
    server.close(() => {
      void app.close().finally(() => process.exit(0));
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

/**
 * /api/session, asked by every public page's header, answered without Next.js when this process
 * already knows the answer (lib/auth/session-answer.ts); otherwise the route checks the database.
 */
function answerSessionFromMemory(req: IncomingMessage, res: ServerResponse, pathname: string): boolean {
  if (req.method !== "GET" || pathname !== sessionAnswerPath) return false;
  const answer = keptSessionAnswer(req.headers.cookie);
  if (!answer) return false;
  const body = JSON.stringify(answer);
  res.writeHead(200, {
    ...sessionAnswerHeaders,
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(body),
  });
  res.end(body);
  return true;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
