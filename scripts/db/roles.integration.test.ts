/**
 * Least-privilege roles on a real PostgreSQL server: the runner's role cannot read accounts or
 * stored emails but can do its work; the web app's role cannot run server programs or read
 * server files; no service role is a superuser. Needs TEST_DATABASE_URL (the embedded database
 * has a single session user and no roles).
 */
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";
import { env } from "@/lib/env";

import {
  checkLeastPrivilege,
  DatabaseRoleError,
  dropServiceRoles,
  randomRolePasswords,
  setUpServiceRoles,
  type RoleSetup,
} from "./roles";

const ownerUrl = env.DATABASE_URL!;
const external = Boolean(env.TEST_DATABASE_URL);
let setup: RoleSetup;
let userId: string;
let botId: string;

async function as<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** The SQLSTATE a statement fails with, or "ok". */
async function outcome(url: string, sql: string, params: unknown[] = []): Promise<string> {
  return as(url, (client) =>
    client.query(sql, params).then(
      () => "ok",
      (error: { code?: string }) => error.code ?? "error",
    ),
  );
}

const denied = "42501"; // insufficient_privilege

if (!external) {
  console.warn("scripts/db/roles.integration.test.ts needs TEST_DATABASE_URL (a PostgreSQL server); skipped.");
}

describe.runIf(external)("service database roles", () => {
  beforeAll(async () => {
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    userId = (await db.user.create({ data: { email: `roles-${stamp}@example.com`, passwordHash: "x" } })).id;
    botId = (
      await db.bot.create({
        data: { userId, name: "Roles", language: "javascript", files: { create: [{ path: "index.js", content: "" }] } },
      })
    ).id;
    setup = await setUpServiceRoles(ownerUrl, randomRolePasswords());
  });

  afterAll(async () => {
    await db.user.deleteMany({ where: { id: userId } });
    await dropServiceRoles(ownerUrl);
  });

  it("the runner's role cannot read accounts, sessions, tokens or stored emails", async () => {
    const runner = setup.urls.runner;
    for (const sql of [
      `SELECT FROM "User"`,
      `SELECT count(*) FROM "User"`,
      `SELECT * FROM "Account"`,
      `SELECT * FROM "Session"`,
      `SELECT * FROM "VerificationToken"`,
      `SELECT html FROM "OutboxEmail"`,
      `SELECT * FROM "UserPreferences"`,
      `UPDATE "Bot" SET "userId" = 'someone-else'`,
      `UPDATE "Bot" SET "tokenSealed" = NULL`,
      `CREATE TABLE mine (x int)`,
    ]) {
      expect([sql, await outcome(runner, sql)]).toEqual([sql, denied]);
    }
  });

  it("the runner's role can do the runner's work", async () => {
    const runner = setup.urls.runner;
    for (const [sql, params] of [
      [`SELECT id, "tokenSealed", "connectTo" FROM "Bot" WHERE id = $1`, [botId]],
      [`SELECT path, content FROM "BotFile" WHERE "botId" = $1`, [botId]],
      [`SELECT key, value FROM "BotEnvVar" WHERE "botId" = $1`, [botId]],
      [`SELECT plan FROM "UserPlan" WHERE "userId" = $1`, [userId]],
      [`SELECT email FROM "NotificationRecipient" WHERE "userId" = $1`, [userId]],
      [`UPDATE "Bot" SET status = 'stopped', "statusReason" = 'x' WHERE id = $1`, [botId]],
      [`INSERT INTO "BotLogLine" ("botId", stream, line, at) VALUES ($1, 'system', 'hello', now())`, [botId]],
      [
        `INSERT INTO "OutboxEmail" (id, "to", subject, template, html, text, provider) VALUES ($1, 'a@example.com', 's', 't', '', '', 'outbox') RETURNING id`,
        [`roles-${botId}`],
      ],
      [`SELECT pg_notify('cipher_bot_logs', $1)`, [botId]],
    ] as const) {
      expect([sql, await outcome(runner, sql, [...params])]).toEqual([sql, "ok"]);
    }
  });

  it("the web app's role cannot run server programs or read server files, and changes no schema", async () => {
    const web = setup.urls.web;
    for (const sql of [
      `COPY (SELECT 1) TO PROGRAM 'true'`,
      `SELECT pg_read_file('/etc/hostname')`,
      `SELECT pg_ls_dir('.')`,
      `COPY "Bot" FROM '/etc/hostname'`,
      `CREATE TABLE mine (x int)`,
      `DROP TABLE "Bot"`,
      `DELETE FROM "_prisma_migrations"`,
      `CREATE ROLE sneaky`,
    ]) {
      expect([sql, await outcome(web, sql)]).toEqual([sql, denied]);
    }
    expect(await outcome(web, `SELECT email, "passwordHash" FROM "User" WHERE id = $1`, [userId])).toBe("ok");
  });

  it("the simulator's role sees bot names and its worlds only", async () => {
    const simulator = setup.urls.simulator;
    expect(await outcome(simulator, `SELECT id, "userId", name FROM "Bot"`)).toBe("ok");
    expect(await outcome(simulator, `SELECT id FROM "User"`)).toBe("ok");
    expect(await outcome(simulator, `SELECT email FROM "User"`)).toBe(denied);
    expect(await outcome(simulator, `SELECT "tokenSealed" FROM "Bot"`)).toBe(denied);
    expect(await outcome(simulator, `SELECT * FROM "BotEnvVar"`)).toBe(denied);
  });

  it("no service role is a superuser, creates roles or databases, or reads server files; the owner is refused as one", async () => {
    for (const url of Object.values(setup.urls)) await expect(checkLeastPrivilege(url)).resolves.toBeUndefined();
    const role = await as(
      setup.urls.runner,
      async (client) => (await client.query(`SELECT current_user AS r`)).rows[0],
    );
    const attributes = await as(ownerUrl, async (client) =>
      client.query(
        `SELECT rolsuper, rolcreaterole, rolcreatedb,
           pg_has_role(rolname, 'pg_execute_server_program', 'MEMBER') AS program,
           pg_has_role(rolname, 'pg_read_server_files', 'MEMBER') AS reads,
           pg_has_role(rolname, 'pg_write_server_files', 'MEMBER') AS writes
         FROM pg_roles WHERE rolname = $1`,
        [role.r],
      ),
    );
    expect(attributes.rows[0]).toEqual({
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      program: false,
      reads: false,
      writes: false,
    });
    // The machine's test server connects as the superuser: exactly what a service must not do.
    await expect(checkLeastPrivilege(ownerUrl)).rejects.toBeInstanceOf(DatabaseRoleError);
  });

  it("setting the roles up again is harmless and brings a role changed by hand back down", async () => {
    await as(ownerUrl, (client) => client.query(`ALTER ROLE ${client.escapeIdentifier(setup.roles.web)} CREATEDB`));
    await expect(checkLeastPrivilege(setup.urls.web)).rejects.toThrow(/CREATEDB/);
    setup = await setUpServiceRoles(ownerUrl, randomRolePasswords());
    await expect(checkLeastPrivilege(setup.urls.web)).resolves.toBeUndefined();
  });
});
