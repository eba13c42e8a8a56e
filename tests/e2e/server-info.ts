import { join } from "node:path";

import { env } from "../../lib/env";

/** Port of the production server the e2e suite starts (scripts/e2e-server.ts). */
export const e2ePort = env.E2E_PORT;
/** Port of the simulator the e2e server starts beside it. */
export const e2eSimulatorPort = e2ePort + 1;
export const e2eBaseUrl = env.E2E_BASE_URL?.replace(/\/$/, "") ?? `http://127.0.0.1:${e2ePort}`;
/** The support operator the suite's own server lists in SUPPORT_ADMIN_EMAILS. */
export const e2eSupportAdminEmail = "support-admin@example.test";
/** Whether the server under test treats e2eSupportAdminEmail as an operator. */
export const e2eSupportAdminConfigured =
  !env.E2E_BASE_URL ||
  env.SUPPORT_ADMIN_EMAILS.split(",").some((email) => email.trim().toLowerCase() === e2eSupportAdminEmail);

/** Where the e2e server writes its throwaway database's URL for tests that check what was stored. */
export const e2eDatabaseUrlFile = join(
  import.meta.dirname,
  "..",
  "..",
  "node_modules",
  ".cache",
  "cipher",
  "e2e-database-url",
);
/**
 * Where the e2e server writes its simulator's control-API key (derived from the AUTH_SECRET it
 * makes up), readable only by its owner, for tests that talk to the simulator as the web app does.
 */
export const e2eSimulatorControlKeyFile = join(
  import.meta.dirname,
  "..",
  "..",
  "node_modules",
  ".cache",
  "cipher",
  "e2e-simulator-control-key",
);
