/**
 * The embedded default database: PGlite (PostgreSQL compiled to wasm) served over the
 * PostgreSQL wire protocol by pglite-socket, so the app, the runner and psql all connect to it
 * like any PostgreSQL server. Facts behind the settings: shared/notes/offline-database-facts.md.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";

export interface EmbeddedPostgres {
  /** Connection string for clients; the app's pool must use max 1 connection against it. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export class DataDirLockedError extends Error {}

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
 * and serves it on 127.0.0.1:`port` (0 picks a free port).
 */
export async function startEmbeddedPostgres(options: { dataDir: string; port: number }): Promise<EmbeddedPostgres> {
  const inMemory = options.dataDir.startsWith("memory://");
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
    await server.start();
    const address = (
      server as unknown as { server?: { address(): { port: number } | string | null } }
    ).server?.address();
    const port = typeof address === "object" && address ? address.port : options.port;
    let stopped = false;
    return {
      url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres?sslmode=disable`,
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
