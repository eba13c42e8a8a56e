import { createServer, request as httpRequest, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { actionBodyProblem, guardRequest, isValidHost } from "./request-guard";

/** A server like scripts/server.ts: the guard first, then an "app" that reads the whole body. */
let server: Server;
let port: number;
const seen: { url: string; bytes: number }[] = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    if (guardRequest(request, response)) return;
    let bytes = 0;
    request.on("data", (chunk: Buffer) => (bytes += chunk.length));
    request.on("end", () => {
      seen.push({ url: request.url ?? "", bytes });
      response.end(`ok ${bytes}`);
    });
    request.on("error", () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends raw bytes (what a hostile client can send) and returns the status line's code. */
function raw(
  head: string,
  body: Buffer | string = "",
  { slowChunks = false } = {},
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk.toString("latin1");
      // The whole answer is here (the server may keep the connection a moment): stop.
      const [head = "", ...rest] = answer.split("\r\n\r\n");
      const length = /content-length: (\d+)/i.exec(head)?.[1];
      if (length !== undefined && rest.join("\r\n\r\n").length >= Number(length)) socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0);
      if (!status) reject(new Error(`no answer: ${JSON.stringify(answer.slice(0, 200))}`));
      else resolve({ status, text: answer.split("\r\n\r\n").slice(1).join("\r\n\r\n") });
    });
    socket.write(head.replace(/\n/g, "\r\n") + "\r\n");
    if (!slowChunks) socket.end(body);
    else {
      // A chunked body sent piece by piece, never announcing its size.
      const piece = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const next = () => {
        if (socket.destroyed) return;
        if (sent >= 3 * 1024 * 1024) return socket.end("0\r\n\r\n");
        sent += piece.length;
        socket.write(`${piece.length.toString(16)}\r\n`);
        socket.write(piece);
        socket.write("\r\n", () => setImmediate(next));
      };
      next();
    }
  });
}

describe("the server's request guard", () => {
  it("knows a valid Host from a malformed one", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:80", "[::1]:3000", "cipher.example.com", "a-b.c."]) {
      expect(isValidHost(host)).toBe(true);
    }
    for (const host of [
      undefined,
      "",
      "exa mple.com",
      "a/b",
      "user@host",
      "host:99999",
      "host:0",
      "[::1",
      "-bad.com",
      "a..b",
      "h\u0000",
    ]) {
      expect(isValidHost(host)).toBe(false);
    }
  });

  it("answers 400 to a malformed Host and to broken percent-encoding in the path or query", async () => {
    expect((await raw("GET /login HTTP/1.1\nHost: exa mple.com\nConnection: close\n")).status).toBe(400);
    expect((await raw("GET /login HTTP/1.1\nConnection: close\n")).status).toBe(400);
    const broken = await raw("GET /dashboard/bots/%E0%A4%A HTTP/1.1\nHost: localhost\nConnection: close\n");
    expect(broken.status).toBe(400);
    expect(broken.text).toMatch(/percent-encoding/);
    expect((await raw("GET /api/search?q=%zz HTTP/1.1\nHost: localhost\nConnection: close\n")).status).toBe(400);
    expect((await raw("GET /api/search?q=100%25+sure HTTP/1.1\nHost: localhost\nConnection: close\n")).status).toBe(
      200,
    );
  });

  it("refuses a form declared in ISO-8859-1 (415) and multipart without a boundary (400)", async () => {
    const form = "name=caf%E9";
    const latin = await raw(
      `POST /contact HTTP/1.1\nHost: localhost\nContent-Type: application/x-www-form-urlencoded; charset=ISO-8859-1\nContent-Length: ${form.length}\nConnection: close\n`,
      form,
    );
    expect(latin.status).toBe(415);
    expect(latin.text).toMatch(/UTF-8/);
    const multipart = await raw(
      "POST /contact HTTP/1.1\nHost: localhost\nContent-Type: multipart/form-data\nContent-Length: 2\nConnection: close\n",
      "xx",
    );
    expect(multipart.status).toBe(400);
  });

  it("cuts a chunked body off at the limit with 413, and the app never sees it end", async () => {
    const before = seen.length;
    const answer = await raw(
      "POST /dashboard HTTP/1.1\nHost: localhost\nNext-Action: abc\nTransfer-Encoding: chunked\nConnection: close\n",
      "",
      { slowChunks: true },
    );
    expect(answer.status).toBe(413);
    expect(answer.text).toMatch(/larger than 1 MB/);
    expect(seen.length).toBe(before);
  });

  it("refuses a declared size over the limit at once, and lets ordinary bodies through whole", async () => {
    expect(
      (
        await raw(
          "POST /dashboard HTTP/1.1\nHost: localhost\nNext-Action: abc\nContent-Length: 2000000\nConnection: close\n",
        )
      ).status,
    ).toBe(413);
    const body = Buffer.alloc(500_000, 0x62);
    const ok = await raw(
      `POST /api/x HTTP/1.1\nHost: localhost\nContent-Type: application/json\nContent-Length: ${body.length}\nConnection: close\n`,
      body,
    );
    expect(ok).toMatchObject({ status: 200, text: "ok 500000" });
  });

  it("a client that sends a declared-too-large body in full still reads the 413 (no reset mid-upload)", async () => {
    // node:http writes the whole body before it reads the answer, as Playwright's request API does.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const body = Buffer.alloc(12 * 1024 * 1024, 0x63);
      const request = httpRequest(
        { host: "127.0.0.1", port, path: "/api/upload", method: "POST", headers: { "content-length": body.length } },
        (response) => {
          let text = "";
          response.on("data", (chunk: Buffer) => (text += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: expect.stringMatching(/larger than 1 MB/) });
  });
});

describe("server action bodies", () => {
  it("lets what our forms send through, and refuses what Next.js could not decode with a 400", () => {
    for (const body of [
      '[{"email":"a@b.co"}]',
      '["$$literal dollar"]',
      '[{"when":"$D2026-01-01T00:00:00.000Z","n":"$undefined"}]',
      "[]",
    ]) {
      expect(actionBodyProblem(Buffer.from(body)), body).toBeNull();
    }
    for (const body of [
      "not json",
      "[",
      '["$Q99"]',
      '["$1"]',
      '[{"a":"$@2"}]',
      `${"[".repeat(100)}${"]".repeat(100)}`,
    ]) {
      expect(actionBodyProblem(Buffer.from(body))?.status, body).toBe(400);
    }
    expect(actionBodyProblem(Buffer.from([0x5b, 0x22, 0xff, 0x22, 0x5d]))?.status).toBe(400);
  });

  it("holds a text action body until it is complete, then passes it on whole or answers 400", async () => {
    const good = '[{"email":"a@b.co"}]';
    const passed = await raw(
      `POST /x HTTP/1.1\nHost: localhost\nNext-Action: abc\nContent-Type: text/plain;charset=UTF-8\nContent-Length: ${good.length}\nConnection: close\n`,
      good,
    );
    expect(passed).toMatchObject({ status: 200, text: `ok ${good.length}` });
    const bad = '["$Q99"]';
    const refused = await raw(
      `POST /x HTTP/1.1\nHost: localhost\nNext-Action: abc\nContent-Type: text/plain;charset=UTF-8\nContent-Length: ${bad.length}\nConnection: close\n`,
      bad,
    );
    expect(refused.status).toBe(400);
    expect(refused.text).toMatch(/could not be read/);
  });
});
