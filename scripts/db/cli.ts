/**
 * Database commands that work offline (see README, "Database and migrations").
 *
 *   npm run db:migrate                 apply committed migrations to DATABASE_URL (or the embedded database)
 *   npm run db:migration:new -- NAME   write prisma/migrations/<stamp>_NAME from changes to schema.prisma
 *   npm run db:status                  list migrations the database has not applied
 *   npm run db:serve                   serve the embedded database on its port until Ctrl-C
 *   npm run db:roles [-- --sql]        create the services' least-privilege roles (or print the SQL)
 */
import { relative } from "node:path";

import { tokenKeyRing } from "../../lib/bots/token-keys";
import { env } from "../../lib/env";
import { resolveBotTokenKey } from "../lib/local-secrets";
import { serviceDatabaseVariables } from "../lib/service-databases";
import { describeMigrations, migrateDatabase } from "./data-migrations";
import { describeUrl, withDatabase } from "./database";
import { startEmbeddedPostgres } from "./embedded";
import { diffSchemaFromMigrations, pendingMigrations, projectRoot, writeMigration } from "./engine";
import { databaseOf, randomRolePasswords, rolesSql, serviceNames, serviceRoleNames, setUpServiceRoles } from "./roles";

const [command, ...args] = process.argv.slice(2);

/** The same key `npm start` uses: BOT_TOKEN_KEY, else the one in .data/bot-token-key. */
const botTokenKeys = () => tokenKeyRing(resolveBotTokenKey().secret, env.BOT_TOKEN_OLD_KEYS);

async function main() {
  switch (command) {
    case "deploy":
      await withDatabase(async ({ url, label }) => {
        console.log(`Migrating ${label}`);
        for (const line of describeMigrations(await migrateDatabase(url, botTokenKeys))) console.log(line);
      });
      return;
    case "status":
      await withDatabase(async ({ url, label }) => {
        const pending = await pendingMigrations(url);
        console.log(pending.length ? `${label} is missing: ${pending.join(", ")}` : `${label} is up to date.`);
      });
      return;
    case "new": {
      const name = args.join("_");
      if (!name) throw new Error("Name the migration: npm run db:migration:new -- add_bots");
      // The diff replays the committed migrations on a throwaway in-memory PostgreSQL.
      const shadow = await startEmbeddedPostgres({ dataDir: "memory://", port: 0 });
      try {
        const sql = await diffSchemaFromMigrations(shadow.url);
        const folder = writeMigration(name, sql);
        console.log(
          folder
            ? `Wrote ${relative(projectRoot, folder)}/migration.sql. Review it, then run npm run db:migrate.`
            : "schema.prisma and the migrations already agree: nothing to write.",
        );
      } finally {
        await shadow.stop();
      }
      return;
    }
    case "roles": {
      // Creates (or updates, with new passwords) the web, runner and simulator roles and prints
      // their URLs; with --sql, prints the statements for an administrator instead.
      const ownerUrl = env.DATABASE_URL;
      if (!ownerUrl) {
        throw new Error(
          "The embedded database has one user and no roles. Set DATABASE_URL to the owner of an external PostgreSQL database.",
        );
      }
      const roles = serviceRoleNames(databaseOf(ownerUrl));
      if (args.includes("--sql")) {
        console.log(rolesSql(roles, new URL(ownerUrl).username || "postgres"));
        return;
      }
      await migrateDatabase(ownerUrl, botTokenKeys);
      const { urls } = await setUpServiceRoles(ownerUrl, randomRolePasswords());
      console.log(`Roles ${Object.values(roles).join(", ")} are ready on ${describeUrl(ownerUrl)}. Set:\n`);
      for (const name of serviceNames) console.log(`${serviceDatabaseVariables[name]}=${urls[name]}`);
      console.log("\nRunning again sets new passwords; `npm start` re-applies the grants after each migration.");
      return;
    }
    case "serve":
      await withDatabase(async ({ url, label }) => {
        await migrateDatabase(url, botTokenKeys);
        console.log(`${label} is ready at ${url}. Press Ctrl-C to stop.`);
        await new Promise<void>((resolve) => {
          process.once("SIGINT", resolve);
          process.once("SIGTERM", resolve);
        });
      });
      return;
    default:
      throw new Error(`Unknown command "${command ?? ""}". Use deploy, status, new NAME, roles [--sql] or serve.`);
  }
}

main().then(
  // The wasm engine can leave a pooled connection behind; nothing is pending once main resolves.
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
