/**
 * The embedded default database: PGlite (PostgreSQL compiled to wasm) served over the
 * PostgreSQL wire protocol by pglite-socket, so the app, the runner and psql all connect to it
 * like any PostgreSQL server. Facts behind the settings: shared/notes/offline-database-facts.md.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import type { Socket } from "node:net";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

import { resolveLocalSecret } from "../../lib/local-secret";
import { authenticateConnection } from "./embedded-auth";

export interface EmbeddedPostgres {
  /** Connection string for clients; the app's pool must use max 1 connection against it. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirLockedError extends Error {}

/** The one user of the embedded database (PGlite has a single session user, no roles). */
const embeddedUser = "postgres";

/** Makes `server` check every connection's password before PGlite sees it (embedded-auth.ts). */
interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  resolve(bytes: number): void;
  reject(error: unknown): void;
  onData(data: Uint8Array): void;
}

interface QueryQueue {
  queue: QueuedMessage[];
  processing: boolean;
  lastHandlerId: number | null;
  db: PGlite;
  processQueue(): Promise<void>;
  clearQueueForHandler(handlerId: number): void;
}

/** Parse, Bind, Describe, Execute, Close, Flush: an extended-protocol statement goes on until Sync. */
const statementMessages = new Set([0x50, 0x42, 0x44, 0x45, 0x43, 0x48]);

/**
 * pglite-socket (0.2) serves every connection from one PGlite session and queues each protocol
 * message on its own, so outside a transaction another connection's Parse can land between a
 * client's Parse and Bind ("bind message supplies 7 parameters, but prepared statement requires
 * 2"), seen with the app, pg-boss and the runner querying at once. Here a connection keeps the
 * session from its first statement message until its Sync, as it already does inside a transaction.
 */
function keepStatementsTogether(server: PGLiteSocketServer): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  let owner: number | null = null;
  const clear = queue.clearQueueForHandler.bind(queue);
  queue.clearQueueForHandler = (handlerId) => {
    clear(handlerId);
    if (owner === handlerId) {
      owner = null;
      void queue.processQueue();
    }
  };
  queue.processQueue = async function processQueue(this: QueryQueue) {
    if (this.processing || this.queue.length === 0) return;
    this.processing = true;
    try {
      while (this.queue.length > 0) {
        const holder = owner ?? (this.db.isInTransaction() ? this.lastHandlerId : null);
        const index = holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === holder);
        // The holder's next message has not arrived yet: its enqueue runs the queue again.
        if (index === -1) break;
        const item = this.queue.splice(index, 1)[0]!;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          owner = null;
          item.reject(error);
          continue;
        }
        this.lastHandlerId = item.handlerId;
        owner = statementMessages.has(item.message[0]!) ? item.handlerId : null;
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  };
}

function requirePassword(server: PGLiteSocketServer, credentials: { user: string; password: string }) {
  // handleConnection is private in the typings; it is looked up on the instance for each connection.
  const target = server as unknown as { handleConnection(socket: Socket): Promise<void> };
  const accept = target.handleConnection.bind(server);
  target.handleConnection = async (socket: Socket) => {
    if (!(await authenticateConnection(socket, credentials))) return;
    await accept(socket);
    socket.resume();
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes `<dataDir>.lock` for this process. Two processes on one PGlite directory corrupt it,
 * so a live owner is an error; a lock left by a dead process (kill -9) is taken over.
 */
const lockedHere = new Set<string>();

function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`;
  if (lockedHere.has(lockPath)) {
    throw new DataDirLockedError(`The embedded database in ${dataDir} is already open in this process.`);
  }
  const release = () => {
    lockedHere.delete(lockPath);
    rmSync(lockPath, { force: true });
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockPath, String(process.pid), { flag: "wx" });
      lockedHere.add(lockPath);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(lockPath, "utf8"), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `The embedded database in ${dataDir} is in use by process ${owner}. ` +
            `Stop that process first, or set DATABASE_URL to use another PostgreSQL server.`,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock ${dataDir}`);
}

/**
 * Starts PGlite on `dataDir` (created on first use; pass `memory://` for a throwaway database)
 * and serves it on 127.0.0.1:`port` (0 picks a free port) to clients that know its password.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  /** Default: random for `memory://`, else generated once into `<dataDir>.password` (mode 0600). */
  password?: string;
}): Promise<EmbeddedPostgres> {
  const inMemory = options.dataDir.startsWith("memory://");
  // A random password, not a constant: other processes and users of this machine can reach the port.
  const password =
    options.password ??
    (inMemory
      ? randomBytes(24).toString("base64url")
      : resolveLocalSecret(undefined, `${options.dataDir}.password`, () => randomBytes(24).toString("base64url"))
          .secret);
  let unlock = () => {};
  if (!inMemory) {
    mkdirSync(join(options.dataDir, ".."), { recursive: true });
    unlock = lockDataDir(options.dataDir);
  }
  try {
    const db = await PGlite.create(inMemory ? undefined : options.dataDir);
    // maxConnections must be high: with 1, a failed query makes pg-pool reconnect before the
    // slot is released and every later connection is refused.
    const server = new PGLiteSocketServer({ db, host: "127.0.0.1", port: options.port, maxConnections: 100 });
    requirePassword(server, { user: embeddedUser, password });
    keepStatementsTogether(server);
    await server.start();
    const address = (
      server as unknown as { server?: { address(): { port: number } | string | null } }
    ).server?.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    let stopped = false;
    return {
      url: `postgresql://${embeddedUser}:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres?sslmode=disable`,
      port,
      async stop() {
        if (stopped) return;
        stopped = true;
        await server.stop();
        await db.close();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
