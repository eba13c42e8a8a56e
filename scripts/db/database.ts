import { resolve } from "node:path";

import { env } from "../../lib/env";
import { startEmbeddedPostgres } from "./embedded";
import { projectRoot } from "./engine";

/** Where the embedded database keeps its files, and the port it serves on. */
export const embeddedDataDir = resolve(projectRoot, env.EMBEDDED_DB_DIR);
export const embeddedPort = env.EMBEDDED_DB_PORT;

export interface Database {
  url: string;
  /** For messages: the server's host and database, never its password. */
  label: string;
  embedded: boolean;
}

/** DATABASE_URL when set, else the embedded database under .data/ (started for the call). */
export async function withDatabase<T>(run: (db: Database) => Promise<T>): Promise<T> {
  const external = env.DATABASE_URL;
  if (external) return run({ url: external, label: describeUrl(external), embedded: false });
  const server = await startEmbeddedPostgres({ dataDir: embeddedDataDir, port: embeddedPort });
  try {
    return await run({ url: server.url, label: `the embedded database (${env.EMBEDDED_DB_DIR})`, embedded: true });
  } finally {
    await server.stop();
  }
}

export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return "the configured database";
  }
}
