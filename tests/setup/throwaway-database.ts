/**
 * A database that exists for one test run: a new database on TEST_DATABASE_URL's server when
 * set (CI uses the machine's PostgreSQL), else an in-memory embedded PostgreSQL. Migrated
 * before use, dropped afterwards.
 */
import { randomBytes } from "node:crypto";

import pg from "pg";

import { tokenKeys } from "../../lib/bots/token-keys";
import { env } from "../../lib/env";
import { migrateDatabase } from "../../scripts/db/data-migrations";
import { startEmbeddedPostgres } from "../../scripts/db/embedded";

export interface ThrowawayDatabase {
  url: string;
  /** Pool size the app should use against it (the embedded server needs 1). */
  poolSize: number;
  /** The embedded server: one session user, no roles. */
  embedded: boolean;
  drop(): Promise<void>;
}

export async function createThrowawayDatabase(label: string): Promise<ThrowawayDatabase> {
  const serverUrl = env.TEST_DATABASE_URL;
  let database: ThrowawayDatabase;
  if (serverUrl) {
    const name = `cipher_${label}_${Date.now()}_${randomBytes(3).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    database = {
      url: url.toString(),
      poolSize: 5,
      embedded: false,
      async drop() {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        } finally {
          await client.end();
        }
      },
    };
  } else {
    const server = await startEmbeddedPostgres({ dataDir: "memory://", port: 0 });
    database = { url: server.url, poolSize: 1, embedded: true, drop: () => server.stop() };
  }
  try {
    await migrateDatabase(database.url, tokenKeys);
  } catch (error) {
    await database.drop();
    throw error;
  }
  return database;
}
