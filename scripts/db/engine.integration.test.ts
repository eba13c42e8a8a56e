import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";

import { DataDirLockedError, startEmbeddedPostgres } from "./embedded";
import { applyMigrations, diffSchemaFromMigrations, pendingMigrations, readMigrations } from "./engine";

const url = inject("databaseUrl");

describe("offline migrations (wasm schema engine)", () => {
  it("has applied every committed migration to the run's database", async () => {
    expect(readMigrations().migrationDirectories.length).toBeGreaterThan(0);
    expect(await pendingMigrations(url)).toEqual([]);
  });

  it("is idempotent: applying again applies nothing", async () => {
    expect(await applyMigrations(url)).toEqual([]);
  });

  it("finds no difference between schema.prisma and the committed migrations", async () => {
    // Catches a schema change committed without its migration.
    const shadow = await startEmbeddedPostgres({ dataDir: "memory://", port: 0 });
    try {
      const sql = await diffSchemaFromMigrations(shadow.url);
      expect(sql).toMatch(/^(-- This is an empty migration\.)?$/);
    } finally {
      await shadow.stop();
    }
  });
});

describe("embedded PostgreSQL", () => {
  const dir = mkdtempSync(join(tmpdir(), "cipher-embedded-"));
  const dataDir = join(dir, "pglite");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("keeps data across a restart and refuses a second process on the same directory", async () => {
    const first = await startEmbeddedPostgres({ dataDir, port: 0 });
    try {
      await expect(startEmbeddedPostgres({ dataDir, port: 0 })).rejects.toBeInstanceOf(DataDirLockedError);
      await applyMigrations(first.url);
      const client = new pg.Client({ connectionString: first.url });
      await client.connect();
      await client.query(
        `INSERT INTO "NewsletterSubscription" (id, email, "updatedAt") VALUES ('n1', 'kept@example.com', now())`,
      );
      await client.end();
    } finally {
      await first.stop();
    }

    const second = await startEmbeddedPostgres({ dataDir, port: 0 });
    try {
      const client = new pg.Client({ connectionString: second.url });
      await client.connect();
      const { rows } = await client.query(`SELECT email FROM "NewsletterSubscription"`);
      await client.end();
      expect(rows).toEqual([{ email: "kept@example.com" }]);
    } finally {
      await second.stop();
    }
  });
});
