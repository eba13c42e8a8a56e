/**
 * The client address through real HTTP hops on loopback: each hop is its own server on its own
 * 127.0.0.x address and appends the address of whoever connected to it, as nginx's
 * $proxy_add_x_forwarded_for does. The app end runs what scripts/server.ts runs on every request.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clientIpHeader, stampClientIp } from "./client-address";

const clientAddress = "127.0.0.10";
const proxyAddresses = ["127.0.0.21", "127.0.0.22"];
const appAddress = "127.0.0.30";

const servers: Server[] = [];

function listen(server: Server, host: string): Promise<number> {
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** The app: stamps the request as the production server does and answers what it decided. */
async function startApp(trustedHops: number): Promise<number> {
  const server = createServer((req, res) => {
    stampClientIp(req, trustedHops);
    res.end(String(req.headers[clientIpHeader]));
  });
  return listen(server, appAddress);
}

/** A reverse proxy on `address` that appends its peer to X-Forwarded-For and connects from `address`. */
async function startProxy(address: string, upstreamPort: number, upstreamHost: string): Promise<number> {
  const server = createServer((req, res) => {
    const forwarded = req.headers["x-forwarded-for"];
    const peer = req.socket.remoteAddress!;
    const upstream = httpRequest(
      {
        host: upstreamHost,
        port: upstreamPort,
        localAddress: address,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": forwarded ? `${String(forwarded)}, ${peer}` : peer },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  return listen(server, address);
}

/** Builds app ← proxies (hops of them) and answers the port the client connects to. */
async function chain(trustedHops: number, proxies = trustedHops): Promise<{ host: string; port: number }> {
  let port = await startApp(trustedHops);
  let host = appAddress;
  for (let index = proxies - 1; index >= 0; index--) {
    port = await startProxy(proxyAddresses[index]!, port, host);
    host = proxyAddresses[index]!;
  }
  return { host, port };
}

function ask(target: { host: string; port: number }, headers: Record<string, string | string[]> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ ...target, localAddress: clientAddress, path: "/", headers }, (res: IncomingMessage) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve(body));
    });
    req.on("error", reject);
    req.end();
  });
}

const forgeries: Record<string, string | string[]>[] = [
  {},
  { "x-forwarded-for": "203.0.113.66" },
  { "x-forwarded-for": "203.0.113.66, 198.51.100.7, 127.0.0.21" },
  { "x-forwarded-for": ["203.0.113.66", "198.51.100.7"] },
  { [clientIpHeader]: "203.0.113.66" },
  { [clientIpHeader]: "203.0.113.66", "x-forwarded-for": "203.0.113.66" },
];

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe.each([0, 1, 2])("with %i trusted proxy hop(s) in front of the app", (hops) => {
  let target: { host: string; port: number };
  beforeAll(async () => {
    target = await chain(hops);
  });

  it("the client's own socket address wins over anything it writes into the headers", async () => {
    for (const headers of forgeries) {
      await expect(ask(target, headers), JSON.stringify(headers)).resolves.toBe(clientAddress);
    }
  });
});

describe("a proxy the app does not trust", () => {
  it("is taken for the client (TRUSTED_PROXY_HOPS=0 behind one proxy): one address for everyone, never a forged one", async () => {
    const target = await chain(0, 1);
    await expect(ask(target, { "x-forwarded-for": "203.0.113.66" })).resolves.toBe(proxyAddresses[0]);
  });
});
