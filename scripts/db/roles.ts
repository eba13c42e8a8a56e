/**
 * Least-privilege PostgreSQL roles for Cipher's services (README, "Database roles").
 *
 * The owner (DATABASE_URL) owns the tables and runs the migrations. The web app, the bot runner
 * and the Discord simulator each connect as their own role:
 * - web: reads and writes every table of the app (not the migrations table), owns the `pgboss`
 *   job-queue schema; no DDL elsewhere.
 * - runner: only what runtime/runner needs (bots, their files, variables, logs, metrics, leases,
 *   analytics, notifications it writes); never "User", "Account", "Session",
 *   "VerificationToken" or the bodies of stored emails. Plans and crash-email recipients come
 *   through two narrow views (prisma/migrations/*_service_role_views).
 * - simulator: bot names and its worlds.
 * None is a superuser, creates roles or databases, or belongs to pg_read_server_files,
 * pg_write_server_files or pg_execute_server_program; `checkLeastPrivilege` refuses a role that does.
 *
 * Grants are re-applied after every migration (new tables start with no access), in one
 * transaction so a running service never sees them missing.
 */
import { randomBytes } from "node:crypto";

import pg from "pg";
import PgBoss from "pg-boss";

export const serviceNames = ["web", "runner", "simulator"] as const;
export type ServiceName = (typeof serviceNames)[number];
export type ServiceRoles = Record<ServiceName, string>;

/** Role names for a database: `<database>_web`, `<database>_runner`, `<database>_simulator`. */
export function serviceRoleNames(database: string): ServiceRoles {
  const base = database
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, "_")
    .slice(0, 50);
  return { web: `${base}_web`, runner: `${base}_runner`, simulator: `${base}_simulator` };
}

/** The runner's tables and what it may do with each (columns where it needs only some). */
const runnerGrants: Record<string, string> = {
  Bot: `SELECT, UPDATE ("status", "statusReason", "statusChangedAt", "exitCode", "startedAt", "desiredState", "updatedAt", "lastActiveAt", "commandsDeployedFor")`,
  BotFile: "SELECT",
  BotEnvVar: "SELECT",
  BotKvEntry: "SELECT, INSERT, UPDATE, DELETE",
  BotStatusEvent: "SELECT, INSERT",
  BotLogLine: "SELECT, INSERT, DELETE",
  BotLease: "SELECT, INSERT, UPDATE, DELETE",
  RunnerHost: "SELECT, INSERT, UPDATE",
  BotMetric: "SELECT, INSERT, DELETE",
  RunnerMetric: "SELECT, INSERT, DELETE",
  BotAnalyticsEvent: "SELECT, INSERT, DELETE",
  BotAnalyticsHourly: "SELECT, INSERT, UPDATE",
  BotAnalyticsDaily: "SELECT, INSERT, UPDATE",
  BotAnalyticsActor: "SELECT, INSERT, UPDATE",
  // Crash notifications: the bell row, and the email (written, never read back).
  Notification: "SELECT, INSERT",
  OutboxEmail: `INSERT, SELECT ("id"), UPDATE ("providerId", "error")`,
  UserPlan: "SELECT",
  NotificationRecipient: "SELECT",
};

const simulatorGrants: Record<string, string> = {
  Bot: `SELECT ("id", "userId", "name", "archivedAt", "kind", "testServer")`,
  // The control API checks that a user exists; nothing else of the row.
  User: `SELECT ("id")`,
  SimulatorWorld: "SELECT, INSERT, UPDATE, DELETE",
};

const ident = (name: string) => pg.Client.prototype.escapeIdentifier(name);

/** The statements that give each role exactly its privileges in the current database. */
export function grantStatements(roles: ServiceRoles, owner: string): string[] {
  const all = serviceNames.map((name) => ident(roles[name])).join(", ");
  const web = ident(roles.web);
  const table = (name: string) => `public.${ident(name)}`;
  return [
    // Start from nothing, so a privilege dropped here is dropped in the database too.
    `REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${all}`,
    `REVOKE ALL ON ALL SEQUENCES IN SCHEMA public FROM ${all}`,
    `GRANT USAGE ON SCHEMA public TO ${all}`,
    `GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${web}`,
    `REVOKE ALL ON public."_prisma_migrations" FROM ${web}`,
    `GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${web}, ${ident(roles.runner)}`,
    ...Object.entries(runnerGrants).map(
      ([name, privileges]) => `GRANT ${privileges} ON ${table(name)} TO ${ident(roles.runner)}`,
    ),
    ...Object.entries(simulatorGrants).map(
      ([name, privileges]) => `GRANT ${privileges} ON ${table(name)} TO ${ident(roles.simulator)}`,
    ),
    // The job queue (pg-boss) creates a table per queue at run time: the web role owns its schema
    // and everything in it (installed by the owner, see installJobQueue, then handed over).
    `GRANT ${web} TO ${ident(owner)}`,
    `CREATE SCHEMA IF NOT EXISTS pgboss AUTHORIZATION ${web}`,
    handOver("pgboss", roles.web),
  ];
}

/** Makes `role` the owner of `schema` and of its tables, views, functions and enum types. */
function handOver(schema: string, role: string): string {
  const to = pg.Client.prototype.escapeLiteral(role);
  const nsp = pg.Client.prototype.escapeLiteral(schema);
  return `DO $$
    DECLARE item record;
    BEGIN
      IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = ${nsp} AND nspowner <> ${to}::regrole) THEN
        EXECUTE format('ALTER SCHEMA %I OWNER TO %I', ${nsp}, ${to});
      END IF;
      FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname = ${nsp} AND c.relkind IN ('r', 'p', 'v') AND c.relowner <> ${to}::regrole
      LOOP
        EXECUTE format('ALTER TABLE %I.%I OWNER TO %I', ${nsp}, item.relname, ${to});
      END LOOP;
      FOR item IN SELECT p.oid::regprocedure AS fn FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = ${nsp} AND p.proowner <> ${to}::regrole
      LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', item.fn, ${to});
      END LOOP;
      FOR item IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE n.nspname = ${nsp} AND t.typtype = 'e' AND t.typowner <> ${to}::regrole
      LOOP
        EXECUTE format('ALTER TYPE %I.%I OWNER TO %I', ${nsp}, item.typname, ${to});
      END LOOP;
    END $$`;
}

/**
 * Installs pg-boss's tables as the owner when they are missing (creating its schema needs a
 * privilege on the database the web role does not get); applyServiceGrants then hands them over.
 */
async function installJobQueue(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ installed: string | null }>(
    `SELECT to_regclass('pgboss.version') AS installed`,
  );
  if (rows[0]?.installed) return;
  await client.query(PgBoss.getConstructionPlans("pgboss"));
}

/** Roles a service role must not be: superuser, role/database creator, or server file/program access. */
const forbiddenMemberships = ["pg_read_server_files", "pg_write_server_files", "pg_execute_server_program"];

export class DatabaseRoleError extends Error {}

/**
 * The whole setup as SQL, for an administrator when the owner may not create roles: create the
 * roles (choose the passwords), then the grants, run in the app's database.
 */
export function rolesSql(roles: ServiceRoles, owner: string): string {
  const attributes = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT";
  return [
    "-- Run as a superuser (or a role with CREATEROLE) in the app's database, after `npm run db:migrate`.",
    ...serviceNames.map((name) => `CREATE ROLE ${ident(roles[name])} WITH ${attributes} PASSWORD 'choose-a-password';`),
    "-- Then `npm start` (as the owner) installs the job queue, hands it to the web role and re-applies the grants.",
    ...grantStatements(roles, owner).map((statement) => `${statement};`),
  ].join("\n");
}

/** Refuses (DatabaseRoleError) when the role `url` logs in as has more power than a service may. */
export async function checkLeastPrivilege(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ role: string; problems: string[] }>(
      `SELECT r.rolname AS role, array_remove(ARRAY[
         CASE WHEN r.rolsuper THEN 'superuser' END,
         CASE WHEN r.rolcreaterole THEN 'CREATEROLE' END,
         CASE WHEN r.rolcreatedb THEN 'CREATEDB' END,
         CASE WHEN r.rolreplication THEN 'REPLICATION' END,
         CASE WHEN r.rolbypassrls THEN 'BYPASSRLS' END
       ] || ARRAY(SELECT m FROM unnest($1::text[]) AS m WHERE pg_has_role(r.oid, m, 'MEMBER')), NULL) AS problems
       FROM pg_roles r WHERE r.rolname = current_user`,
      [forbiddenMemberships],
    );
    const row = rows[0];
    if (row && row.problems.length) {
      throw new DatabaseRoleError(
        `The database role ${row.role} is too powerful for a service (${row.problems.join(", ")}). ` +
          "Give it only what `npm run db:roles` grants.",
      );
    }
  } finally {
    await client.end();
  }
}

export interface RoleSetup {
  roles: ServiceRoles;
  /** Connection strings for each service, as DATABASE_URL but with its own role. */
  urls: Record<ServiceName, string>;
}

/** The database `url` points at (its path). */
export function databaseOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "postgres";
}

export function urlForRole(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = encodeURIComponent(role);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** Whether the owner may create the service roles itself (superuser or CREATEROLE). */
export async function ownerCanCreateRoles(client: pg.ClientBase): Promise<boolean> {
  const { rows } = await client.query<{ can: boolean }>(
    `SELECT rolsuper OR rolcreaterole AS can FROM pg_roles WHERE rolname = current_user`,
  );
  return rows[0]?.can ?? false;
}

/**
 * Creates (or updates) the three roles with `passwords`, as the owner, and applies the grants.
 * Each role is created with no attributes and its attributes are reset every time, so a role
 * changed by hand is brought back to least privilege.
 */
export async function setUpServiceRoles(ownerUrl: string, passwords: Record<ServiceName, string>): Promise<RoleSetup> {
  const roles = serviceRoleNames(databaseOf(ownerUrl));
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    const attributes = "LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS INHERIT";
    for (const name of serviceNames) {
      const role = ident(roles[name]);
      const password = client.escapeLiteral(passwords[name]);
      const exists = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [roles[name]]);
      await client.query(
        exists.rowCount
          ? `ALTER ROLE ${role} WITH ${attributes} PASSWORD ${password}`
          : `CREATE ROLE ${role} WITH ${attributes} PASSWORD ${password}`,
      );
      for (const membership of forbiddenMemberships) {
        const member = await client.query(`SELECT pg_has_role($1, $2, 'MEMBER') AS yes`, [roles[name], membership]);
        if (member.rows[0]?.yes) await client.query(`REVOKE ${ident(membership)} FROM ${role}`);
      }
    }
    await applyServiceGrants(client, roles);
  } finally {
    await client.end();
  }
  const urls = Object.fromEntries(
    serviceNames.map((name) => [name, urlForRole(ownerUrl, roles[name], passwords[name])]),
  ) as Record<ServiceName, string>;
  return { roles, urls };
}

/** Applies the grants (after migrations too), as the owner, in one transaction. */
export async function applyServiceGrants(client: pg.ClientBase, roles: ServiceRoles): Promise<void> {
  const { rows } = await client.query<{ owner: string }>(`SELECT current_user AS owner`);
  await installJobQueue(client);
  await client.query("BEGIN");
  try {
    for (const statement of grantStatements(roles, rows[0]!.owner)) await client.query(statement);
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK");
    throw error;
  }
}

/** Drops the three roles of the database at `ownerUrl` and everything they own (tests). */
export async function dropServiceRoles(ownerUrl: string): Promise<void> {
  const roles = serviceRoleNames(databaseOf(ownerUrl));
  const client = new pg.Client({ connectionString: ownerUrl });
  await client.connect();
  try {
    for (const name of serviceNames) {
      const exists = await client.query(`SELECT 1 FROM pg_roles WHERE rolname = $1`, [roles[name]]);
      if (!exists.rowCount) continue;
      await client.query(`DROP OWNED BY ${ident(roles[name])}`);
      await client.query(`DROP ROLE ${ident(roles[name])}`);
    }
  } finally {
    await client.end();
  }
}

export function randomRolePasswords(): Record<ServiceName, string> {
  return Object.fromEntries(serviceNames.map((name) => [name, randomBytes(24).toString("base64url")])) as Record<
    ServiceName,
    string
  >;
}
