/**
 * Test helpers that talk to the simulator below fetch and ws: raw HTTP over a TCP socket (broken
 * request lines, headers, chunked bodies) and hand-built websocket frames (reserved opcodes,
 * RSV bits, unmasked frames, lengths that lie), plus a raw gateway client that records close codes.
 */
import { randomBytes } from "node:crypto";
import { connect, type Socket } from "node:net";

import { WebSocket } from "ws";

export interface RawResponse {
  /** 0 when the server closed without answering. */
  status: number;
  headers: string;
  body: string;
}

/** host and port of a simulator URL like http://127.0.0.1:1234 */
export function address(url: string): { host: string; port: number } {
  const parsed = new URL(url);
  return { host: parsed.hostname, port: Number(parsed.port) };
}

/**
 * Sends bytes as they are and reads until the server closes or `timeoutMs` passes; the first
 * HTTP response in what came back is parsed. `localAddress` picks the client's loopback address.
 */
export function rawRequest(
  url: string,
  chunks: (string | Buffer)[],
  options: { timeoutMs?: number; localAddress?: string; gapMs?: number } = {},
): Promise<RawResponse> {
  const { host, port } = address(url);
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect({ host, port, localAddress: options.localAddress });
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parseResponse(Buffer.concat(received).toString("latin1")));
    };
    const timer = setTimeout(finish, options.timeoutMs ?? 3_000);
    socket.on("data", (chunk: Buffer) => {
      received.push(chunk);
      const text = Buffer.concat(received).toString("latin1");
      const parsed = parseResponse(text);
      // A complete answer with a Content-Length: no need to wait for the close.
      const length = /content-length:\s*(\d+)/i.exec(parsed.headers)?.[1];
      if (parsed.status && length !== undefined && Buffer.byteLength(parsed.body, "latin1") >= Number(length)) finish();
    });
    socket.on("error", finish);
    socket.on("close", finish);
    socket.on("connect", () => {
      void (async () => {
        for (const chunk of chunks) {
          if (socket.destroyed) return;
          socket.write(chunk);
          if (options.gapMs) await new Promise((resolve) => setTimeout(resolve, options.gapMs));
        }
      })();
    });
  });
}

function parseResponse(text: string): RawResponse {
  const end = text.indexOf("\r\n\r\n");
  if (!text.startsWith("HTTP/1.1 ") || end === -1) return { status: 0, headers: "", body: "" };
  const headers = text.slice(0, end);
  return { status: Number(headers.slice(9, 12)), headers, body: text.slice(end + 4) };
}

/** A websocket frame with every field under the test's control. */
export function frame(options: {
  opcode: number;
  payload?: Buffer | string;
  fin?: boolean;
  rsv?: number;
  mask?: boolean;
  /** Announce this length instead of the payload's (a frame header that lies). */
  announcedLength?: bigint;
}): Buffer {
  const payload =
    typeof options.payload === "string" ? Buffer.from(options.payload) : (options.payload ?? Buffer.alloc(0));
  const mask = options.mask ?? true;
  const length = options.announcedLength ?? BigInt(payload.length);
  const first = ((options.fin ?? true) ? 0x80 : 0) | ((options.rsv ?? 0) << 4) | (options.opcode & 0x0f);
  let header: Buffer;
  if (length < 126n) header = Buffer.from([first, (mask ? 0x80 : 0) | Number(length)]);
  else if (length < 65_536n) {
    header = Buffer.alloc(4);
    header[0] = first;
    header[1] = (mask ? 0x80 : 0) | 126;
    header.writeUInt16BE(Number(length), 2);
  } else {
    header = Buffer.alloc(10);
    header[0] = first;
    header[1] = (mask ? 0x80 : 0) | 127;
    header.writeBigUInt64BE(length, 2);
  }
  if (!mask) return Buffer.concat([header, payload]);
  const key = randomBytes(4);
  const masked = Buffer.from(payload);
  for (let index = 0; index < masked.length; index++) masked[index]! ^= key[index % 4]!;
  return Buffer.concat([header, key, masked]);
}

export interface RawGateway {
  socket: Socket;
  /** Everything the server sent after the handshake. */
  received(): Buffer;
  /** Resolves when the server closes the TCP connection (or after timeoutMs, with false). */
  closed(timeoutMs?: number): Promise<boolean>;
  /** The close code in the server's close frame, if it sent one. */
  closeCode(): number | undefined;
}

/** Opens /gateway with a hand-made handshake; resolves once the server answered 101. */
export function rawGateway(url: string, localAddress?: string): Promise<RawGateway> {
  const { host, port } = address(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, localAddress });
    let buffer = Buffer.alloc(0);
    let upgraded = false;
    let isClosed = false;
    const waiters: (() => void)[] = [];
    socket.on("error", () => undefined);
    socket.on("close", () => {
      isClosed = true;
      for (const waiter of waiters) waiter();
      if (!upgraded) reject(new Error("the gateway closed before the handshake"));
    });
    socket.on("data", (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (upgraded) return;
      const end = buffer.indexOf("\r\n\r\n");
      if (end === -1) return;
      const head = buffer.subarray(0, end).toString("latin1");
      buffer = buffer.subarray(end + 4);
      if (!head.startsWith("HTTP/1.1 101")) {
        reject(new Error(`no upgrade: ${head.split("\r\n")[0]}`));
        socket.destroy();
        return;
      }
      upgraded = true;
      resolve({
        socket,
        received: () => buffer,
        closed: (timeoutMs = 5_000) =>
          isClosed
            ? Promise.resolve(true)
            : new Promise((done) => {
                const timer = setTimeout(() => done(false), timeoutMs);
                waiters.push(() => (clearTimeout(timer), done(true)));
              }),
        closeCode: () => closeCodeIn(buffer),
      });
    });
    socket.on("connect", () => {
      socket.write(
        `GET /gateway?v=10&encoding=json HTTP/1.1\r\nHost: ${host}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\n` +
          `Sec-WebSocket-Version: 13\r\n\r\n`,
      );
    });
  });
}

/** Walks the server's (unmasked) frames and returns the code of its close frame. */
function closeCodeIn(data: Buffer): number | undefined {
  let offset = 0;
  while (offset + 2 <= data.length) {
    const opcode = data[offset]! & 0x0f;
    let length = data[offset + 1]! & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      if (start + 2 > data.length) return undefined;
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      if (start + 8 > data.length) return undefined;
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (opcode === 0x8) return length >= 2 && start + 2 <= data.length ? data.readUInt16BE(start) : 1005;
    offset = start + length;
  }
  return undefined;
}

export interface GatewayFrame {
  op: number;
  t: string | null;
  s: number | null;
  d: unknown;
}

/** A ws client that records frames and the close code (no reconnects, no heartbeats unless sent). */
export function gatewayClient(gatewayUrl: string, localAddress?: string) {
  const socket = new WebSocket(`${gatewayUrl}?v=10&encoding=json`, { localAddress });
  const frames: GatewayFrame[] = [];
  let code: number | undefined;
  const closed = new Promise<number>((resolve) =>
    socket.on("close", (closeCode) => {
      code = closeCode;
      resolve(closeCode);
    }),
  );
  socket.on("error", () => undefined);
  socket.on("message", (raw: Buffer) => {
    try {
      frames.push(JSON.parse(raw.toString()) as GatewayFrame);
    } catch {
      // Not ours to judge here.
    }
  });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("close", () => reject(new Error("closed before opening")));
  });
  opened.catch(() => undefined);
  return {
    socket,
    frames,
    opened,
    closeCode: () => code,
    /** The close code, or undefined if still open after timeoutMs. */
    closedWith: (timeoutMs = 5_000) =>
      Promise.race([closed, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), timeoutMs))]),
    send: (data: string | Buffer, binary = false) => socket.send(data, { binary }),
  };
}

/** Connects, identifies with every non-privileged intent plus MessageContent, and waits for READY. */
export async function identifiedClient(gatewayUrl: string, token: string, intents = 0b1_1111_1111_1111_1111) {
  const client = gatewayClient(gatewayUrl);
  await client.opened;
  client.send(JSON.stringify({ op: 2, d: { token, intents, properties: { os: "linux" } } }));
  const started = Date.now();
  while (!client.frames.some((item) => item.t === "READY")) {
    if (client.closeCode() !== undefined) throw new Error(`closed ${client.closeCode()} before READY`);
    if (Date.now() - started > 10_000) throw new Error("no READY");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return client;
}
