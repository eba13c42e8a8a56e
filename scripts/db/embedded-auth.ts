/**
 * Password authentication in front of the embedded database. pglite-socket accepts any user and
 * password (PGlite is one session with no roles), so a process on this machine could otherwise
 * connect to it. Here each connection must answer PostgreSQL's MD5 password challenge for the
 * database's user, with the random password kept in .data/, before its startup message reaches
 * PGlite (which then answers AuthenticationOk as usual).
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Socket } from "node:net";

const sslRequest = 80877103;
const gssEncRequest = 80877104;
const cancelRequest = 80877102;
const protocol3 = 196608;
const handshakeTimeoutMs = 10_000;

function md5(value: Buffer | string): string {
  return createHash("md5").update(value).digest("hex");
}

/** What a client answers to the MD5 challenge: "md5" + md5(md5(password + user) + salt). */
export function md5Answer(user: string, password: string, salt: Buffer): string {
  return `md5${md5(Buffer.concat([Buffer.from(md5(password + user)), salt]))}`;
}

function fatal(socket: Socket, code: string, message: string) {
  const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`, "utf8");
  const header = Buffer.alloc(5);
  header.write("E", 0);
  header.writeInt32BE(fields.length + 4, 1);
  socket.end(Buffer.concat([header, fields]));
}

function startupParameters(message: Buffer): Map<string, string> {
  const parts = message.subarray(8).toString("utf8").split("\0");
  const parameters = new Map<string, string>();
  for (let index = 0; index + 1 < parts.length; index += 2) {
    if (parts[index]) parameters.set(parts[index]!, parts[index + 1]!);
  }
  return parameters;
}

/**
 * Runs the handshake on a new connection. Resolves with true once the client proved the password
 * (its startup message is put back on the socket, which is left paused), false when it was refused
 * (the socket is closed).
 */
export function authenticateConnection(
  socket: Socket,
  credentials: { user: string; password: string },
): Promise<boolean> {
  return new Promise((resolve) => {
    let buffer = Buffer.alloc(0);
    let startup: Buffer | null = null;
    const salt = randomBytes(4);
    const timer = setTimeout(() => finish(false), handshakeTimeoutMs);
    let done = false;
    const finish = (ok: boolean, rest?: Buffer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.off("data", onData);
      socket.off("error", onError);
      socket.pause();
      if (ok) socket.unshift(Buffer.concat([startup!, rest ?? Buffer.alloc(0)]));
      // A refusal already sent its error with end(); anything else is cut off.
      else if (!socket.writableEnded) socket.destroy();
      resolve(ok);
    };
    const onError = () => finish(false);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (!startup) {
        if (buffer.length < 8) return;
        const length = buffer.readInt32BE(0);
        const code = buffer.readInt32BE(4);
        if (length < 8 || length > 10_000) return finish(false);
        if (buffer.length < length) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (code === sslRequest || code === gssEncRequest) {
          socket.write("N");
          continue;
        }
        if (code === cancelRequest || code !== protocol3) return finish(false);
        const user = startupParameters(message).get("user");
        if (user !== credentials.user) {
          fatal(socket, "28000", `role "${user ?? ""}" does not exist`);
          return finish(false);
        }
        startup = Buffer.from(message);
        const challenge = Buffer.alloc(13);
        challenge.write("R", 0);
        challenge.writeInt32BE(12, 1);
        challenge.writeInt32BE(5, 5);
        salt.copy(challenge, 9);
        socket.write(challenge);
      }
      if (buffer.length < 5) return;
      const length = buffer.readInt32BE(1);
      if (buffer[0] !== 0x70 /* 'p' */ || length < 5 || length > 1_000) return finish(false);
      if (buffer.length < length + 1) return;
      const answer = buffer
        .subarray(5, length + 1)
        .toString("utf8")
        .replace(/\0$/, "");
      const expected = md5Answer(credentials.user, credentials.password, salt);
      const matches = answer.length === expected.length && timingSafeEqual(Buffer.from(answer), Buffer.from(expected));
      if (!matches) {
        fatal(socket, "28P01", `password authentication failed for user "${credentials.user}"`);
        return finish(false);
      }
      finish(true, buffer.subarray(length + 1));
    };
    socket.on("data", onData);
    socket.on("error", onError);
  });
}
