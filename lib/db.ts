/**
 * The one Prisma client, shared by the web app, scripts and the bot runner.
 * Created on first use so that modules importing it can load (e.g. during `next build`)
 * without a database configured.
 */
import { PrismaPg } from "@prisma/adapter-pg";

import { env } from "@/lib/env";
import { PrismaClient } from "@/lib/generated/prisma/client";

function createClient(): PrismaClient {
  if (!env.DATABASE_URL) {
    throw new Error("DATABASE_URL is not set. Start the app with `npm start` (embedded database) or set DATABASE_URL.");
  }
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL, max: env.DATABASE_POOL_SIZE });
  return new PrismaClient({ adapter });
}

const globalForDb = globalThis as unknown as { cipherDb?: PrismaClient };

function client(): PrismaClient {
  // Kept on globalThis so hot reloads in development reuse one pool.
  globalForDb.cipherDb ??= createClient();
  return globalForDb.cipherDb;
}

export const db: PrismaClient = new Proxy({} as PrismaClient, {
  get(_target, property) {
    const instance = client();
    const value: unknown = Reflect.get(instance, property, instance);
    return typeof value === "function" ? value.bind(instance) : value;
  },
});
