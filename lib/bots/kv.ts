/**
 * The built-in database: a key-value store per bot, kept in PostgreSQL (table BotKvEntry).
 *
 * Bot code receives it as `context.db` (`execute(interaction, { db })`), with the same API as the
 * JSON-file database in runtime/templates/<template>/lib/db.js that bots use locally:
 *
 *   await db.get("greeting")                 // the stored value, or null when the key is absent
 *   await db.set("greeting", { text: "hi" })  // any JSON value: text, number, boolean, null, array, object
 *   await db.delete("greeting")              // true if the key existed
 *   await db.list("economy:")                // [{ key, value }] for keys starting with the prefix, sorted by key
 *   await db.list("economy:", { limit: 100, cursor: lastKey })  // the next 100 keys after `lastKey`
 *   await db.increment("visits")             // adds 1 (or `by`) to a number; an absent key counts as 0
 *
 * Values go in and out as JSON: changing a returned object never changes the store, Dates come
 * back as ISO strings, and object keys may come back in another order (PostgreSQL's jsonb).
 * Refused with a KvValidationError: keys that are empty, longer than 256 characters or hold
 * control characters; undefined, functions, NaN, Infinity, BigInt, Maps and Sets; increment() on
 * a value that is not a number. Refused with a KvQuotaError: more than 10,000 keys, a value over
 * 100 KB of JSON, more than 20 MB in all. Both carry a message meant for the bot's author.
 *
 * Writes that can grow the store take a per-bot advisory lock, so the quotas hold under any
 * concurrency; increment() is one atomic SQL statement, so parallel increments never lose one.
 *
 * Two layers: `botDatabase(botId)` for the runner (the bot id is already trusted), and the
 * owner-scoped functions below it for the dashboard, which check ownership first.
 */
import { db } from "@/lib/db";
import { Prisma } from "@/lib/generated/prisma/client";

import { formatBytes, keyProblem, kvLimits, serializeKvValue, type KvLimits } from "./kv-schemas";
import { assertOwnedBot } from "./service";

export { kvLimits, type KvLimits };

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type KvEntry = { key: string; value: JsonValue };
export type KvListOptions = { limit?: number; cursor?: string };

/** A refused call; `message` is written for the person who wrote the bot or uses the dashboard. */
export class KvValidationError extends Error {
  constructor(
    message: string,
    /** The input at fault, for forms. */
    readonly field: "key" | "value" = "value",
  ) {
    super(message);
    this.name = "KvValidationError";
  }
}

/** The bot's database is full (keys or bytes). */
export class KvQuotaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KvQuotaError";
  }
}

export interface BotDatabase {
  /** The stored value, or null when the key is absent. */
  get(key: string): Promise<JsonValue | null>;
  /** Stores any JSON value under `key`, replacing what was there. */
  set(key: string, value: unknown): Promise<void>;
  /** Removes the key; true if it existed. */
  delete(key: string): Promise<boolean>;
  /** Entries whose key starts with `prefix`, sorted by key; with `cursor`, only keys after it. */
  list(prefix?: string, options?: KvListOptions): Promise<KvEntry[]>;
  /** Adds `by` to the number at `key` (absent counts as 0) and answers the new value. */
  increment(key: string, by?: number): Promise<number>;
}

// First half of the two-part advisory lock key, so these locks never collide with other features'.
const lockNamespace = 0x6b76; // "kv"
// Interactive transactions wait for a connection; the embedded database has a pool of one.
const transactionOptions = { maxWait: 15_000, timeout: 15_000 };

type Transaction = Prisma.TransactionClient;
type Usage = { keys: number; bytes: number };

function checkKey(key: unknown, limits: KvLimits): asserts key is string {
  const problem = keyProblem(key, limits);
  if (problem) throw new KvValidationError(problem, "key");
}

function serialize(value: unknown, limits: KvLimits) {
  const serialized = serializeKvValue(value, limits);
  if (!serialized.ok) {
    throw serialized.tooLarge ? new KvQuotaError(serialized.problem) : new KvValidationError(serialized.problem);
  }
  return serialized;
}

async function lockBotStore(tx: Transaction, botId: string) {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${lockNamespace}::int4, hashtext(${botId}))`;
}

async function readUsage(client: Transaction | typeof db, botId: string): Promise<Usage> {
  const [row] = await client.$queryRaw<Usage[]>`
    SELECT count(*)::int AS keys, coalesce(sum("size"), 0)::int AS bytes
    FROM "BotKvEntry" WHERE "botId" = ${botId}`;
  return row ?? { keys: 0, bytes: 0 };
}

/**
 * Refuses a write that made the store grow past a quota (the transaction then rolls back). A
 * write that shrinks an over-quota store (after the limits were lowered) is still allowed.
 */
function checkQuotas(before: Usage, after: Usage, limits: KvLimits) {
  if (after.keys > limits.maxKeys && after.keys > before.keys) {
    throw new KvQuotaError(
      `This bot's database is full: it holds ${before.keys.toLocaleString("en-US")} keys, the most allowed is ${limits.maxKeys.toLocaleString("en-US")}. Delete keys you no longer need.`,
    );
  }
  if (after.bytes > limits.maxTotalBytes && after.bytes > before.bytes) {
    throw new KvQuotaError(
      `This bot's database is full: it would hold ${formatBytes(after.bytes)}, the most allowed is ${formatBytes(limits.maxTotalBytes)}. Delete keys or store smaller values.`,
    );
  }
}

/** PostgreSQL refuses a float8 sum that overflows; that is the bot's input, not a server fault. */
function isNumericOverflow(error: unknown): boolean {
  return error instanceof Error && /out of range|overflow/i.test(error.message);
}

function overflowError(key: string) {
  return new KvValidationError(`Incrementing "${key}" would go past the largest number JavaScript can hold.`);
}

type WriteOptions = { createOnly?: boolean };

/** set(): lock the bot's store, upsert, and roll back if a quota is now exceeded. */
async function writeEntry(botId: string, key: string, value: unknown, limits: KvLimits, options: WriteOptions = {}) {
  checkKey(key, limits);
  const { json, bytes } = serialize(value, limits);
  const now = new Date();
  await db.$transaction(async (tx) => {
    await lockBotStore(tx, botId);
    const before = await readUsage(tx, botId);
    const written = await tx.$executeRaw`
      INSERT INTO "BotKvEntry" ("botId", "key", "value", "size", "createdAt", "updatedAt")
      VALUES (${botId}, ${key}, ${json}::jsonb, ${bytes}, ${now}, ${now})
      ON CONFLICT ("botId", "key") DO ${
        options.createOnly
          ? Prisma.sql`NOTHING`
          : Prisma.sql`UPDATE SET "value" = EXCLUDED."value", "size" = EXCLUDED."size", "updatedAt" = EXCLUDED."updatedAt"`
      }`;
    if (written === 0) throw new KvValidationError(`A key named "${key}" already exists.`, "key");
    checkQuotas(before, await readUsage(tx, botId), limits);
  }, transactionOptions);
  return { key, size: bytes };
}

async function incrementEntry(botId: string, key: string, by: number, limits: KvLimits): Promise<number> {
  checkKey(key, limits);
  if (typeof by !== "number" || !Number.isFinite(by)) throw new KvValidationError("increment() needs a finite number.");
  const now = new Date();
  // float8 is JavaScript's number, so sums match what the template's JSON-file database gives.
  const sum = Prisma.sql`(CASE WHEN jsonb_typeof("BotKvEntry"."value") = 'number' THEN "BotKvEntry"."value"::float8 END + ${by}::float8)`;
  try {
    // The common case, a counter that exists: one atomic UPDATE with no lock. It only applies
    // when the number's JSON does not get longer, so it can never push the store past a quota.
    const updated = await db.$queryRaw<{ value: number }[]>`
      UPDATE "BotKvEntry"
      SET "value" = to_jsonb(${sum}), "size" = octet_length(to_jsonb(${sum})::text), "updatedAt" = ${now}
      WHERE "botId" = ${botId} AND "key" = ${key} AND jsonb_typeof("value") = 'number'
        AND octet_length(to_jsonb(${sum})::text) <= "size"
      RETURNING ("value"::float8) AS value`;
    if (updated[0]) return updated[0].value;

    // A new key, a longer number, or not a number: an atomic upsert under the store's lock.
    return await db.$transaction(async (tx) => {
      await lockBotStore(tx, botId);
      const before = await readUsage(tx, botId);
      const upserted = await tx.$queryRaw<{ value: number }[]>`
        INSERT INTO "BotKvEntry" ("botId", "key", "value", "size", "createdAt", "updatedAt")
        VALUES (${botId}, ${key}, to_jsonb(${by}::float8), octet_length(to_jsonb(${by}::float8)::text), ${now}, ${now})
        ON CONFLICT ("botId", "key") DO UPDATE
        SET "value" = to_jsonb(${sum}), "size" = octet_length(to_jsonb(${sum})::text), "updatedAt" = ${now}
        WHERE jsonb_typeof("BotKvEntry"."value") = 'number'
        RETURNING ("value"::float8) AS value`;
      if (!upserted[0]) throw new KvValidationError(`The value at "${key}" is not a number.`);
      checkQuotas(before, await readUsage(tx, botId), limits);
      return upserted[0].value;
    }, transactionOptions);
  } catch (error) {
    if (isNumericOverflow(error)) throw overflowError(key);
    throw error;
  }
}

async function readEntry(botId: string, key: string) {
  return db.botKvEntry.findUnique({
    where: { botId_key: { botId, key } },
    select: { key: true, value: true, size: true, createdAt: true, updatedAt: true },
  });
}

async function listEntries(botId: string, prefix: string, options: KvListOptions, limits: KvLimits) {
  if (typeof prefix !== "string") throw new KvValidationError("The prefix must be a string.", "key");
  const { limit, cursor } = options;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1)) {
    throw new KvValidationError("list() needs a limit that is a whole number of at least 1.");
  }
  if (cursor !== undefined && typeof cursor !== "string") {
    throw new KvValidationError("list() needs a cursor that is a key (a string).", "key");
  }
  // Byte order, like the template's `a < b` sort for everything but characters outside the BMP.
  const rows = await db.$queryRaw<{ key: string; value: string }[]>`
    SELECT "key", "value"::text AS value FROM "BotKvEntry"
    WHERE "botId" = ${botId} AND starts_with("key", ${prefix})
      ${cursor === undefined ? Prisma.empty : Prisma.sql`AND "key" COLLATE "C" > ${cursor}`}
    ORDER BY "key" COLLATE "C"
    LIMIT ${Math.min(limit ?? limits.maxKeys, limits.maxKeys)}`;
  return rows.map((row) => ({ key: row.key, value: JSON.parse(row.value) as JsonValue }));
}

/**
 * The database a bot's code sees. `botId` must already be trusted (the runner's own bot); the
 * dashboard uses the owner-scoped functions instead. `limits` is for tests.
 */
export function botDatabase(botId: string, options: { limits?: Partial<KvLimits> } = {}): BotDatabase {
  const limits: KvLimits = { ...kvLimits, ...options.limits };
  return {
    async get(key) {
      checkKey(key, limits);
      const entry = await readEntry(botId, key);
      return entry ? (entry.value as JsonValue) : null;
    },
    async set(key, value) {
      await writeEntry(botId, key, value, limits);
    },
    async delete(key) {
      checkKey(key, limits);
      const { count } = await db.botKvEntry.deleteMany({ where: { botId, key } });
      return count > 0;
    },
    list(prefix = "", listOptions = {}) {
      return listEntries(botId, prefix, listOptions, limits);
    },
    increment(key, by = 1) {
      return incrementEntry(botId, key, by, limits);
    },
  };
}

// ---- The dashboard: every function checks that the user owns the (unarchived) bot first. ----

export type KvUsage = { keys: number; bytes: number; limits: KvLimits };
export type KvRow = { key: string; preview: string; size: number; updatedAt: Date };
export type KvPage = { rows: KvRow[]; total: number; page: number; pageSize: number; pageCount: number };

export const kvPageSize = 25;
const previewLength = 160;

export async function getBotKvUsage(userId: string, botId: string): Promise<KvUsage> {
  await assertOwnedBot(userId, botId);
  return { ...(await readUsage(db, botId)), limits: kvLimits };
}

type PageQuery = { prefix?: string; page?: number; pageSize?: number };

async function readKeysPage(
  botId: string,
  { prefix = "", page = 1, pageSize = kvPageSize }: PageQuery,
): Promise<KvPage> {
  const [counted] = await db.$queryRaw<{ total: number }[]>`
    SELECT count(*)::int AS total FROM "BotKvEntry" WHERE "botId" = ${botId} AND starts_with("key", ${prefix})`;
  const total = counted?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db.$queryRaw<KvRow[]>`
    SELECT "key", left("value"::text, ${previewLength}::int) AS preview, "size", "updatedAt"
    FROM "BotKvEntry" WHERE "botId" = ${botId} AND starts_with("key", ${prefix})
    ORDER BY "key" COLLATE "C"
    LIMIT ${pageSize} OFFSET ${(current - 1) * pageSize}`;
  return { rows, total, page: current, pageSize, pageCount };
}

/** One page of the keys starting with `prefix`, sorted by key; a page past the end shows the last. */
export async function listBotKeys(userId: string, botId: string, query: PageQuery = {}): Promise<KvPage> {
  await assertOwnedBot(userId, botId);
  return readKeysPage(botId, query);
}

/** The Database page: the bot's header fields, its usage and one page of its keys. */
export async function loadBotDatabase(userId: string, botId: string, query: PageQuery = {}) {
  await assertOwnedBot(userId, botId);
  const bot = await db.bot.findUniqueOrThrow({
    where: { id: botId },
    select: {
      id: true,
      name: true,
      description: true,
      status: true,
      desiredState: true,
      language: true,
      templateId: true,
    },
  });
  const usage: KvUsage = { ...(await readUsage(db, botId)), limits: kvLimits };
  return { bot, usage, keys: await readKeysPage(botId, query) };
}

/** The entry with its full value, or null when the key is absent. */
export async function getBotKey(userId: string, botId: string, key: string) {
  await assertOwnedBot(userId, botId);
  checkKey(key, kvLimits);
  const entry = await readEntry(botId, key);
  return entry ? { ...entry, value: entry.value as JsonValue } : null;
}

/** Creates or replaces a key; with `createOnly`, an existing key is refused instead. */
export async function setBotKey(
  userId: string,
  botId: string,
  key: string,
  value: unknown,
  options: WriteOptions = {},
): Promise<{ key: string; size: number }> {
  await assertOwnedBot(userId, botId);
  return writeEntry(botId, key, value, kvLimits, options);
}

export async function deleteBotKey(userId: string, botId: string, key: string): Promise<boolean> {
  await assertOwnedBot(userId, botId);
  return botDatabase(botId).delete(key);
}
