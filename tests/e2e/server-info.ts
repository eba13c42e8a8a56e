import { join } from "node:path";

import { env } from "../../lib/env";

/** Port of the production server the e2e suite starts (scripts/e2e-server.ts). */
export const e2ePort = env.E2E_PORT;
export const e2eBaseUrl = env.E2E_BASE_URL?.replace(/\/$/, "") ?? `http://127.0.0.1:${e2ePort}`;
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
