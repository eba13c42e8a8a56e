/**
 * Which database role each service connects as (scripts/db/roles.ts; README, "Database roles").
 * `npm start` and the e2e server decide it once, after the migrations, and hand each process only
 * its own connection string as DATABASE_URL: the owner's never reaches the web app, the runner or
 * the simulator.
 */
import { join } from "node:path";

import pg from "pg";

import { env } from "../../lib/env";
import { resolveLocalSecret } from "../../lib/local-secret";
import { projectRoot } from "../db/engine";
import {
  applyServiceGrants,
  checkLeastPrivilege,
  ownerCanCreateRoles,
  randomRolePasswords,
  serviceNames,
  setUpServiceRoles,
  type ServiceName,
} from "../db/roles";

export const serviceDatabaseVariables = {
  web: "WEB_DATABASE_URL",
  runner: "RUNNER_DATABASE_URL",
  simulator: "SIMULATOR_DATABASE_URL",
} as const satisfies Record<ServiceName, string>;

/** One service's environment: DATABASE_URL is its own role's, and no other service's URL is passed on. */
export function withServiceDatabase(service: ServiceName, source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = { ...source };
  const own = source[serviceDatabaseVariables[service]];
  if (own) out.DATABASE_URL = own;
  for (const variable of Object.values(serviceDatabaseVariables)) delete out[variable];
  return out;
}

export interface ServiceDatabases {
  urls: Record<ServiceName, string>;
  /** Lines for the start log. */
  notes: string[];
}

function same(url: string): Record<ServiceName, string> {
  return { web: url, runner: url, simulator: url };
}

/** Passwords of the roles `npm start` creates itself, kept in .data/ like the other local secrets. */
function localRolePasswords(dir = join(projectRoot, ".data")): Record<ServiceName, string> {
  const fresh = randomRolePasswords();
  return Object.fromEntries(
    serviceNames.map((name) => [
      name,
      resolveLocalSecret(undefined, join(dir, `database-role-${name}`), () => fresh[name]).secret,
    ]),
  ) as Record<ServiceName, string>;
}

/**
 * Decides each service's connection after the migrations ran as the owner (`ownerUrl`):
 * - the embedded database has one session user: everyone uses it (with its random password);
 * - WEB_/RUNNER_/SIMULATOR_DATABASE_URL set: those roles, re-granted for the current tables;
 * - else, when the owner may create roles, `<database>_web/_runner/_simulator` are created or
 *   updated (passwords in .data/) and granted;
 * - else (or DATABASE_ROLES=off) the services connect as the owner, with a warning.
 * A role with more power than a service may have stops the start (fail closed).
 */
export async function resolveServiceDatabases(
  ownerUrl: string,
  options: { embedded: boolean; passwords?: () => Record<ServiceName, string> },
): Promise<ServiceDatabases> {
  if (options.embedded) {
    return {
      urls: same(ownerUrl),
      notes: ["● Database roles: one user on the embedded database (set DATABASE_URL for per-service roles)"],
    };
  }
  const configured = serviceNames.map((name) => env[serviceDatabaseVariables[name]]);
  if (configured.some(Boolean)) {
    if (!configured.every(Boolean)) {
      throw new Error(
        "Set all of WEB_DATABASE_URL, RUNNER_DATABASE_URL and SIMULATOR_DATABASE_URL, or none (npm run db:roles prints them).",
      );
    }
    const urls = Object.fromEntries(serviceNames.map((name, index) => [name, configured[index]!])) as Record<
      ServiceName,
      string
    >;
    const roles = Object.fromEntries(
      serviceNames.map((name) => [name, decodeURIComponent(new URL(urls[name]).username)]),
    ) as Record<ServiceName, string>;
    const owner = new pg.Client({ connectionString: ownerUrl });
    await owner.connect();
    try {
      await applyServiceGrants(owner, roles);
    } finally {
      await owner.end();
    }
    await Promise.all(Object.values(urls).map(checkLeastPrivilege));
    return { urls, notes: [`● Database roles: ${Object.values(roles).join(", ")} (from *_DATABASE_URL)`] };
  }
  if (env.DATABASE_ROLES === "off") {
    return {
      urls: same(ownerUrl),
      notes: ["⚠ Database roles: off (DATABASE_ROLES=off): every service connects as the owner"],
    };
  }
  const owner = new pg.Client({ connectionString: ownerUrl });
  await owner.connect();
  const canCreate = await ownerCanCreateRoles(owner).finally(() => owner.end());
  if (!canCreate) {
    return {
      urls: same(ownerUrl),
      notes: [
        "⚠ Database roles: the owner may not create roles, so every service connects as the owner. " +
          "Have an administrator run `npm run db:roles -- --sql`, then set WEB_/RUNNER_/SIMULATOR_DATABASE_URL.",
      ],
    };
  }
  const { roles, urls } = await setUpServiceRoles(ownerUrl, (options.passwords ?? localRolePasswords)());
  await Promise.all(Object.values(urls).map(checkLeastPrivilege));
  return { urls, notes: [`● Database roles: ${Object.values(roles).join(", ")} (passwords in .data/)`] };
}
