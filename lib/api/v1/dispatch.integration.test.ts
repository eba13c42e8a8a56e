/**
 * The REST API as the production server answers it (lib/api/v1/dispatch.ts, without Next.js's
 * router) over real HTTP on PostgreSQL: a GET, a POST with a body and an Idempotency-Key, a
 * streamed answer, the client address the server stamped, and what it leaves to Next.js.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createApiKey } from "@/lib/api-keys/service";
import { db } from "@/lib/db";
import { clientIpHeader, stampClientIp } from "@/lib/request/client-address";
import { createUser } from "@/runtime/runner/test-support";

import { dispatchApi } from "./dispatch";

let server: Server;
let base: string;
let userId: string;
let secret: string;

beforeAll(async () => {
  userId = await createUser("api-dispatch", "core");
  secret = (await createApiKey(userId, { name: "CI", scopes: ["read", "write"], expiresIn: "30" })).secret;
  server = createServer((req, res) => {
    stampClientIp(req, 0);
    if (!dispatchApi(req, res, req.url!.split("?")[0]!)) {
      res.writeHead(418, { "x-left-to": "next" });
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await db.user.deleteMany({ where: { id: userId } });
});

const auth = () => ({ authorization: `Bearer ${secret}` });

describe("the REST API served without Next.js's router", () => {
  it("answers GETs and POSTs with the endpoints' own handlers, Idempotency-Key included", async () => {
    const empty = await fetch(`${base}/bots`, { headers: auth() });
    expect(empty.status).toBe(200);
    expect(empty.headers.get("ratelimit-limit")).toBeTruthy();
    expect(await empty.json()).toEqual({ data: [], nextCursor: null });

    const create = () =>
      fetch(`${base}/bots`, {
        method: "POST",
        headers: { ...auth(), "content-type": "application/json", "idempotency-key": "dispatch-1" },
        body: JSON.stringify({ name: "Over HTTP", description: "", language: "javascript" }),
      });
    const created = await create();
    expect(created.status).toBe(201);
    const bot = (await created.json()) as { id: string };
    const replayed = await create();
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(((await replayed.json()) as { id: string }).id).toBe(bot.id);
    expect(await db.bot.count({ where: { userId } })).toBe(1);

    const status = await fetch(`${base}/bots/${bot.id}/status`, { headers: auth() });
    expect(await status.json()).toMatchObject({ id: bot.id, desiredState: "stopped" });
    const missing = await fetch(`${base}/bots/nope123/status`, { headers: auth() });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toBe("application/problem+json");
    expect((await fetch(`${base}/bots`)).status).toBe(401);
  });

  it("streams Server-Sent Events as they are written", async () => {
    const bot = await db.bot.create({ data: { userId, name: "Streamed", language: "javascript" } });
    const abort = new AbortController();
    const response = await fetch(`${base}/bots/${bot.id}/logs/events`, { headers: auth(), signal: abort.signal });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    await db.botLogLine.create({ data: { botId: bot.id, stream: "stdout", line: "hello over http", at: new Date() } });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    while (!text.includes("hello over http")) text += (await reader.read()).value ?? "";
    abort.abort();
    expect(text).toMatch(/event: lines\ndata: \[.*"hello over http"/);
  });

  it("gives the handlers the address the server stamped, and leaves unknown routes to Next.js", async () => {
    // Unknown secrets are counted per stamped address: a spoofed header from the client is replaced.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 31; attempt += 1) {
      const answer = await fetch(`${base}/bots`, {
        headers: { authorization: `Bearer cph_${"z".repeat(40)}`, [clientIpHeader]: `203.0.113.${attempt}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);

    for (const [method, path] of [
      ["GET", "/openapi.json"],
      ["PATCH", "/bots"],
      ["GET", "/nothing-here"],
    ] as const) {
      const answer = await fetch(`${base}${path}`, { method });
      expect(answer.headers.get("x-left-to"), `${method} ${path}`).toBe("next");
    }
  });
});
