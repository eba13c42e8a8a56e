/**
 * The Discord simulator: Discord's REST API v10 (subset) under /api, the gateway on /gateway and
 * the control API under /control (runtime/README.md).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";

import { createBotResolver } from "./bots";
import type { Simulator } from "./context";
import { handleControl } from "./control";
import { EventHub } from "./events";
import { GatewayHub } from "./gateway";
import { ApiError, errors, finishBody, parseBody, sendJson } from "./http";
import { InteractionStore } from "./interaction-store";
import { ControlError } from "./interactions";
import { simulatorLimits } from "./limits";
import { RateLimiter } from "./rate-limits";
import { handleRequests, parseTarget, refuseSocket } from "./request";
import type { RestContext } from "./rest/common";
import { restRouter } from "./rest/index";
import { WorldStore } from "./store";

export interface SimulatorOptions {
  /** 0: a free port (tests). */
  port: number;
  host: string;
  controlKey: string;
  /** Signs the bot tokens it mints. Default: derived from controlKey (tests); `npm start` passes its own. */
  tokenKey?: string;
  /** Load and save worlds in SimulatorWorld (default true). */
  persist?: boolean;
  /**
   * Multiplies every route's rate limit (default 1). The runtime benchmark sends 10 messages/s
   * into one channel, above Discord's 5 per 5 s, to time the runtime rather than the limit.
   */
  rateLimitFactor?: number;
  /** A world unused this long leaves memory (it stays saved); default simulatorLimits.idleWorldMs. */
  idleWorldMs?: number;
}

export interface RunningSimulator {
  port: number;
  /** Worlds held in memory right now. */
  loadedWorlds(): number;
  /** http://host:port */
  url: string;
  close(): Promise<void>;
}

const defaultLimit = 50;
const defaultWindowMs = 1000;

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const worlds = new WorldStore(options.persist ?? true);
  const events = new EventHub();
  const tokenKey =
    options.tokenKey ??
    createHmac("sha256", options.controlKey).update("cipher-simulator-bot-tokens").digest("base64url");
  const partial = { controlKey: options.controlKey, tokenKey, worlds, events };
  const sim: Simulator = {
    ...partial,
    baseUrl: "",
    gateway: undefined as unknown as GatewayHub,
    interactions: new InteractionStore(),
    rateLimits: new RateLimiter(),
    resolveBot: createBotResolver(partial),
  };
  sim.gateway = new GatewayHub(sim);
  const router = restRouter();
  const idleWorldMs = options.idleWorldMs ?? simulatorLimits.idleWorldMs;
  let evicting = false;
  const evictor = setInterval(
    () => {
      if (evicting) return;
      evicting = true;
      void worlds
        .evictIdle(idleWorldMs, (userId) => sim.gateway.hasSessions(userId) || events.watching(userId))
        .catch((error: unknown) => console.error("[simulator] could not evict idle worlds:", error))
        .finally(() => (evicting = false));
    },
    Math.max(50, Math.min(60_000, idleWorldMs / 2)),
  );
  evictor.unref();

  async function handleRest(request: IncomingMessage, response: ServerResponse, path: string, query: URLSearchParams) {
    // Rate-limit headers go on every answer, errors included.
    let headers: Record<string, string> = {};
    try {
      const match = router.match(request.method ?? "GET", path);
      if (!match) throw errors.notFound();
      if (match === "method") throw new ApiError(405, 0, "405: Method Not Allowed");
      let auth: RestContext["auth"] = null;
      const header = request.headers.authorization;
      if (!match.meta.noAuth) {
        if (!header?.startsWith("Bot ")) throw errors.unauthorized();
        auth = await sim.resolveBot(header.slice(4));
        if (!auth) throw errors.unauthorized();
      }
      const major =
        match.params.channelId ?? match.params.guildId ?? match.params.token ?? match.params.applicationId ?? "";
      const limiterKey = auth ? `bot:${auth.botId}` : `token:${match.params.token ?? ""}`;
      const decision = sim.rateLimits.check(
        limiterKey,
        match.pattern,
        major,
        (match.meta.limit ?? defaultLimit) * (options.rateLimitFactor ?? 1),
        match.meta.windowMs ?? defaultWindowMs,
      );
      headers = decision.headers;
      if (decision.limited) {
        sendJson(response, { status: 429, body: decision.limited, headers });
        return;
      }
      const body = await parseBody(request);
      const context: RestContext = { sim, auth, body: body.json, files: body.files, query, headers: request.headers };
      const result = await match.handler(context, match.params);
      sendJson(response, { ...result, headers: { ...headers, ...result.headers } });
    } catch (error) {
      if (!(error instanceof ApiError) || response.headersSent) throw error;
      sendJson(response, {
        status: error.status,
        body: error.toBody(),
        headers: { ...headers, ...(await finishBody(request)) },
      });
    }
  }

  const server = createServer(
    handleRequests(
      async (request, response, { path, query }) => {
        const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(path);
        if (api) await handleRest(request, response, api[1] ?? "/", query);
        else if (path.startsWith("/control/"))
          await handleControl(sim, request, response, path.slice("/control".length));
        else sendJson(response, { status: 404, body: { message: "404: Not Found", code: 0 } });
      },
      (error) =>
        error instanceof ControlError ? { status: error.status, message: error.message, code: error.code } : null,
    ),
  );
  // A request line or header block Node cannot parse: a 4xx on the socket, never an exception.
  server.on("clientError", (error: NodeJS.ErrnoException, socket) => {
    if (error.code === "ECONNRESET" || !socket.writable) socket.destroy();
    else if (error.code === "HPE_HEADER_OVERFLOW") refuseSocket(socket, 431, "The request's headers are too large.");
    else if (error.code === "ERR_HTTP_REQUEST_TIMEOUT")
      refuseSocket(socket, 408, "The request took too long to arrive.");
    else refuseSocket(socket, 400, "400: Bad Request: the request could not be parsed as HTTP.");
  });
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on("error", () => socket.destroy());
    let path: string;
    try {
      path = parseTarget(request.url).path;
    } catch (error) {
      refuseSocket(socket, 400, error instanceof ApiError ? error.message : "400: Bad Request");
      return;
    }
    if (path !== "/gateway" && path !== "/gateway/") {
      refuseSocket(socket, 404, "404: Not Found");
      return;
    }
    const ip = request.socket.remoteAddress ?? "unknown";
    if (!sim.gateway.connections.admit(ip)) {
      refuseSocket(socket, 429, "Too many gateway connections from this address; try again later.");
      return;
    }
    let accepted = false;
    socket.once("close", () => {
      if (!accepted) sim.gateway.connections.release(ip);
    });
    try {
      sim.gateway.server.handleUpgrade(request, socket, head, (ws) => {
        accepted = true;
        sim.gateway.server.emit("connection", ws, ip);
      });
    } catch (error) {
      console.error("[simulator] gateway upgrade failed:", error);
      socket.destroy();
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  sim.baseUrl = `http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}`;

  let closing: Promise<void> | null = null;
  return {
    port,
    url: sim.baseUrl,
    loadedWorlds: () => worlds.size,
    close() {
      closing ??= (async () => {
        clearInterval(evictor);
        sim.gateway.close();
        events.close();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await worlds.flush();
      })();
      return closing;
    },
  };
}
