/**
 * The local outbox (/dev/outbox) opens only for a browser on this machine and for operators.
 * Requests travel over real HTTP on loopback (127.0.0.x) through the same stamping the production
 * server does (lib/request/client-address.ts), then the real page decides, reading real emails
 * from PostgreSQL. Nothing is sent to any other address: a remote client is a proxy saying so.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import OutboxPage from "@/app/dev/outbox/page";
import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { markClientIpStamped, stampClientIp } from "@/lib/request/client-address";

import { localMailNotice } from "./local-notice";
import { isLoopbackRequest, outboxLinkForNotice } from "./outbox-access";
import { sendEmail } from "./send-email";

// The page reads the request's headers and the signed-in user; both are set per request below.
const request = vi.hoisted(() => ({ headers: new Headers(), user: null as CurrentUser | null }));
vi.mock("next/headers", () => ({
  headers: async () => request.headers,
  cookies: async () => ({ get: () => undefined, getAll: () => [], has: () => false }),
}));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => request.user }));

const stamp = Date.now().toString(36);
const operatorEmail = `outbox-operator-${stamp}@example.com`;
const to = `newcomer-${stamp}@example.com`;
const subject = `Confirm your Cipher account ${stamp}`;
const confirmLink = `http://localhost:3000/auth/confirm?token=outbox-test-${stamp}`;
const servers: Server[] = [];

function listen(server: Server, host: string): Promise<number> {
  servers.push(server);
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, () => resolve((server.address() as AddressInfo).port));
  });
}

/** Every string in a rendered element tree (text, hrefs, the email's srcDoc), one per line. */
function textOf(node: unknown): string {
  if (typeof node === "string" || typeof node === "number") return `${node}\n`;
  if (Array.isArray(node)) return node.map(textOf).join("");
  if (node && typeof node === "object" && "props" in node) {
    const props = (node as { props: Record<string, unknown> }).props;
    return Object.values(props).map(textOf).join("");
  }
  return "";
}

/** The app: stamps like scripts/server.ts, then renders the real outbox page for that request. */
async function startApp(trustedHops: number): Promise<number> {
  const server = createServer((req, res) => {
    // One setting for the stamping and the page, as in production (env.TRUSTED_PROXY_HOPS).
    env.TRUSTED_PROXY_HOPS = trustedHops;
    stampClientIp(req, trustedHops);
    // Next.js then adds X-Forwarded-For itself when the request came without one.
    req.headers["x-forwarded-for"] ??= req.socket.remoteAddress;
    request.headers = new Headers(
      Object.entries(req.headers).flatMap(([name, value]) =>
        value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
      ),
    );
    void (async () => {
      try {
        const tree = await OutboxPage({ searchParams: Promise.resolve({}) });
        res.writeHead(200).end(textOf(tree));
      } catch (error) {
        const digest = String((error as { digest?: string }).digest ?? "");
        res.writeHead(digest.includes("404") ? 404 : 500).end(digest || String(error));
        if (!digest.includes("404")) console.error(error);
      }
    })();
  });
  return listen(server, "127.0.0.30");
}

/** A reverse proxy on 127.0.0.21 that appends `client` (default: its real peer) to X-Forwarded-For. */
async function startProxy(upstreamPort: number, client?: string): Promise<number> {
  const server = createServer((req, res) => {
    const upstream = httpRequest(
      {
        host: "127.0.0.30",
        port: upstreamPort,
        localAddress: "127.0.0.21",
        method: req.method,
        path: req.url,
        headers: { ...req.headers, "x-forwarded-for": client ?? req.socket.remoteAddress! },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.writeHead(502).end());
    upstream.end();
  });
  return listen(server, "127.0.0.21");
}

function get(
  host: string,
  port: number,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host, port, localAddress: "127.0.0.10", path: "/dev/outbox", headers },
      (res: IncomingMessage) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

beforeAll(async () => {
  markClientIpStamped();
  env.SUPPORT_ADMIN_EMAILS = operatorEmail;
  // A real email in the outbox: what sign-up leaves there when no mail service is configured.
  const { createElement } = await import("react");
  await sendEmail(
    {
      to,
      subject,
      template: "signup-confirmation",
      react: createElement("a", { href: confirmLink }, "Confirm"),
    },
    { resend: null },
  );
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  await db.outboxEmail.deleteMany({ where: { to } });
});

describe("the local outbox", () => {
  it("opens for a browser on this machine, with the email and its confirmation link", async () => {
    const port = await startApp(0);
    const answer = await get("127.0.0.30", port);
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(subject);
    expect(answer.body).toContain(confirmLink);
  });

  it("is refused (404) when a proxy relays another client, declared or not, and to forged internal headers", async () => {
    // Behind one trusted proxy: a client on this machine is let in, a remote one is not.
    const behind = await startProxy(await startApp(1));
    expect((await get("127.0.0.21", behind)).status).toBe(200);
    const remote = await startProxy(await startApp(1), "203.0.113.7");
    expect((await get("127.0.0.21", remote)).status).toBe(404);
    // TRUSTED_PROXY_HOPS=0 but a proxy in front anyway: everyone would look local, so refused.
    const undeclared = await startProxy(await startApp(0), "203.0.113.7");
    const refused = await get("127.0.0.21", undeclared);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toContain(confirmLink);
    // A direct client forging the wrapper's headers or a forwarding header gets nothing either.
    const direct = await startApp(0);
    expect((await get("127.0.0.30", direct, { "x-forwarded-for": "127.0.0.1" })).status).toBe(404);
    const remoteForged = await startProxy(await startApp(1), "203.0.113.7");
    const forged = await get("127.0.0.21", remoteForged, {
      "x-cipher-socket-ip": "127.0.0.1",
      "x-cipher-client-ip": "127.0.0.1",
    });
    expect(forged.status).toBe(404);
  });

  it("decides from the socket's address: a non-loopback socket is refused whatever the client address says", () => {
    const headers = (socket: string, client: string) =>
      new Headers({ "x-cipher-socket-ip": socket, "x-cipher-client-ip": client, "x-cipher-arrived-forwarded": "0" });
    expect(isLoopbackRequest(headers("127.0.0.1", "127.0.0.1"), { stamped: true, trustedHops: 0 })).toBe(true);
    expect(isLoopbackRequest(headers("::1", "::1"), { stamped: true, trustedHops: 0 })).toBe(true);
    expect(isLoopbackRequest(headers("203.0.113.9", "127.0.0.1"), { stamped: true, trustedHops: 1 })).toBe(false);
    expect(isLoopbackRequest(headers("127.0.0.1", "198.51.100.4"), { stamped: true, trustedHops: 1 })).toBe(false);
    // Without the production server's stamps (next dev, tests), nothing counts as local.
    expect(isLoopbackRequest(headers("127.0.0.1", "127.0.0.1"), { stamped: false, trustedHops: 0 })).toBe(false);
  });

  it("opens for a support operator with two-factor from anywhere, not for other users", async () => {
    const port = await startProxy(await startApp(1), "203.0.113.7");
    const user = { id: "x", email: operatorEmail, emailVerified: true, hasPassword: true } as CurrentUser;
    request.user = { ...user, twoFactorEnabled: true };
    expect((await get("127.0.0.21", port)).status).toBe(200);
    request.user = { ...user, twoFactorEnabled: false };
    expect((await get("127.0.0.21", port)).status).toBe(404);
    request.user = { ...user, email: `someone-${stamp}@example.com`, twoFactorEnabled: true };
    expect((await get("127.0.0.21", port)).status).toBe(404);
    request.user = null;
  });

  it("sign-up's 'Check your email' notice links to it only for a visitor who can open it", async () => {
    env.TRUSTED_PROXY_HOPS = 0;
    const local = { "x-cipher-socket-ip": "127.0.0.1", "x-cipher-client-ip": "127.0.0.1" };
    // Next.js adds X-Forwarded-For of its own behind the wrapper: what counts is what arrived.
    request.headers = new Headers({ ...local, "x-cipher-arrived-forwarded": "0", "x-forwarded-for": "127.0.0.1" });
    expect(await outboxLinkForNotice()).toBe("/dev/outbox");
    request.headers = new Headers({ ...local, "x-cipher-arrived-forwarded": "1", "x-forwarded-for": "203.0.113.7" });
    expect(await outboxLinkForNotice()).toBeNull();
    // Not stamped by the wrapper: refused.
    request.headers = new Headers(local);
    expect(await outboxLinkForNotice()).toBeNull();
  });

  it("the server log says where the email is and prints its links on the site", () => {
    const lines = localMailNotice(
      {
        subject,
        maskedTo: "n***@example.com",
        html: `<a href="${confirmLink}">Confirm</a><a href="https://elsewhere.example/x">x</a>`,
      },
      "http://localhost:3000",
    );
    expect(lines).toEqual([
      `[mail] No mail service is configured (RESEND_API_KEY unset): "${subject}" to n***@example.com was not sent. Read it at http://localhost:3000/dev/outbox in a browser on this machine.`,
      `[mail]   ${confirmLink}`,
    ]);
  });
});
