/**
 * Data migrations: steps that need Cipher's own code (its crypto), which Prisma's SQL migrations
 * cannot call. They run after the SQL migrations on every start (`npm start`, `npm run
 * db:migrate`, the test databases), as the database owner, and each is idempotent: a value it
 * already handled carries a version marker and is skipped.
 */
import pg from "pg";

import { legacyVersion, openLegacyToken, sealedFor, sealToken } from "../../lib/bots/token-crypto";
import type { TokenKeyRing } from "../../lib/bots/token-keys";
import { applyMigrations } from "./engine";

export interface DataMigrationReport {
  /** What changed, one line each, for the start log. */
  done: string[];
  /** Values left as they were (e.g. sealed with a key no longer configured), for a warning. */
  skipped: string[];
}

/**
 * Re-seals "v1" values (bot tokens, secret variables sealed before they were bound to their row)
 * as "v2" bound to their bot (and variable name), with the current key. `keys` is called only
 * when there is something to re-seal, so a database without secrets needs no key.
 */
export async function resealLegacySecrets(
  client: pg.ClientBase,
  keys: () => TokenKeyRing,
): Promise<DataMigrationReport> {
  const legacy = `${legacyVersion}.%`;
  const tokens = await client.query<{ id: string; sealed: string }>(
    `SELECT id, "tokenSealed" AS sealed FROM "Bot" WHERE "tokenSealed" LIKE $1`,
    [legacy],
  );
  const variables = await client.query<{ botId: string; key: string; sealed: string }>(
    `SELECT "botId", key, value AS sealed FROM "BotEnvVar" WHERE secret AND value LIKE $1`,
    [legacy],
  );
  const report: DataMigrationReport = { done: [], skipped: [] };
  if (!tokens.rowCount && !variables.rowCount) return report;
  const ring = keys();
  const reseal = (sealed: string, context: string): string | null => {
    try {
      return sealToken(openLegacyToken(sealed, ring.all), ring.current, context);
    } catch {
      return null;
    }
  };
  let resealed = 0;
  for (const row of tokens.rows) {
    const next = reseal(row.sealed, sealedFor.botToken(row.id));
    if (!next) {
      report.skipped.push(`bot ${row.id}: its token does not open with the configured keys`);
      continue;
    }
    // Compare-and-set: a token changed meanwhile (already v2) is left alone.
    const { rowCount } = await client.query(
      `UPDATE "Bot" SET "tokenSealed" = $1 WHERE id = $2 AND "tokenSealed" = $3`,
      [next, row.id, row.sealed],
    );
    resealed += rowCount ?? 0;
  }
  for (const row of variables.rows) {
    const next = reseal(row.sealed, sealedFor.botEnv(row.botId, row.key));
    if (!next) {
      report.skipped.push(`bot ${row.botId}: secret ${row.key} does not open with the configured keys`);
      continue;
    }
    const { rowCount } = await client.query(
      `UPDATE "BotEnvVar" SET value = $1 WHERE "botId" = $2 AND key = $3 AND value = $4`,
      [next, row.botId, row.key, row.sealed],
    );
    resealed += rowCount ?? 0;
  }
  if (resealed) report.done.push(`re-sealed ${resealed} secret(s) bound to their bot`);
  return report;
}

/** Runs every data migration against `url`; see DataMigrationReport. */
export async function runDataMigrations(url: string, keys: () => TokenKeyRing): Promise<DataMigrationReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await resealLegacySecrets(client, keys);
  } finally {
    await client.end();
  }
}

/** The SQL migrations, then the data migrations: what every start and `npm run db:migrate` run. */
export async function migrateDatabase(
  url: string,
  keys: () => TokenKeyRing,
): Promise<{ applied: string[]; data: DataMigrationReport }> {
  const applied = await applyMigrations(url);
  const data = await runDataMigrations(url, keys);
  return { applied, data };
}

/** Prints what migrateDatabase did, in the start log's style. */
export function describeMigrations({ applied, data }: { applied: string[]; data: DataMigrationReport }): string[] {
  return [
    applied.length ? `● Applied migrations: ${applied.join(", ")}` : "● Migrations: up to date",
    ...data.done.map((line) => `● Data migration: ${line}`),
    ...data.skipped.map((line) => `⚠ Data migration skipped ${line}`),
  ];
}
