import { inject } from "vitest";

// Runs before each test file imports lib/env, so lib/db connects to the run's database.
process.env.DATABASE_URL = inject("databaseUrl");
process.env.DATABASE_POOL_SIZE = String(inject("databasePoolSize"));
