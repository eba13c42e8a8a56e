/**
 * The Discord simulator: Discord's REST API v10 (subset) under /api, the gateway on /gateway and
 * the control API under /control (runtime/README.md).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

import { createBotResolver } from "./bots";
import type { Simulator } from "./context";
import { handleControl } from "./control";
import { EventHub } from "./events";
import { GatewayHub } from "./gateway";
import { ApiError, errors, parseBody, sendJson } from "./http";
import { InteractionStore } from "./interaction-store";
import { simulatorLimits } from "./limits";
import { RateLimiter } from "./rate-limits";
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
      if (error instanceof ApiError) {
        sendJson(response, { status: error.status, body: error.toBody(), headers });
        return;
      }
      console.error("[simulator] REST error:", error);
      sendJson(response, { status: 500, body: { message: "500: Internal Server Error", code: 0 }, headers });
    }
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://simulator");
    const api = /^\/api(?:\/v\d+)?(\/.*)$/.exec(url.pathname);
    if (api) {
      void handleRest(request, response, api[1] ?? "/", url.searchParams);
    } else if (url.pathname.startsWith("/control/")) {
      void handleControl(sim, request, response, url.pathname.slice("/control".length));
    } else {
      sendJson(response, { status: 404, body: { message: "404: Not Found", code: 0 } });
    }
  });
  server.on("upgrade", (request, socket, head) => {
    const url = new URL(request.url ?? "/", "http://simulator");
    if (url.pathname !== "/gateway" && url.pathname !== "/gateway/") {
      socket.destroy();
      return;
    }
    sim.gateway.server.handleUpgrade(request, socket, head, (ws) => sim.gateway.server.emit("connection", ws, request));
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
