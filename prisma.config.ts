import { defineConfig } from "prisma/config";

// Used by the Prisma CLI only (`prisma generate`, `prisma studio`). The app connects through
// lib/db.ts and migrations are applied by scripts/db, which work without network access.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: {
    url: process.env.DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/cipher",
  },
});
