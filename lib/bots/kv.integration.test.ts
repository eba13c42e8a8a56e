import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import {
  botDatabase,
  deleteBotKey,
  getBotKey,
  getBotKvUsage,
  kvLimits,
  KvQuotaError,
  KvValidationError,
  listBotKeys,
  setBotKey,
} from "./kv";
import { deleteBotKeyAction, getBotKeyAction, saveBotKeyAction } from "./kv-actions";
import { BotNotFoundError } from "./service";

// Who is signed in is stood in for: these tests are about what the actions let through.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
let alice: CurrentUser;
let bob: CurrentUser;
let botCounter = 0;

async function createUser(name: string): Promise<CurrentUser> {
  const user = await db.user.create({
    data: { email: `kv-${name}-${stamp}@example.com` },
    select: { id: true, email: true },
  });
  return {
    ...user,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
}

async function createBotFor(user: CurrentUser, extra: { archivedAt?: Date } = {}) {
  botCounter += 1;
  const bot = await db.bot.create({
    data: { userId: user.id, name: `KV bot ${botCounter}`, language: "javascript", ...extra },
    select: { id: true },
  });
  return bot.id;
}

beforeAll(async () => {
  alice = await createUser("alice");
  bob = await createUser("bob");
});

beforeEach(() => {
  freshClientIp();
  signedIn.user = null;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice.id, bob.id] } } });
});

describe("the bot database API (what bot code sees)", () => {
  it("stores and returns every kind of JSON value, and null for an absent key", async () => {
    const store = botDatabase(await createBotFor(alice));
    const values = {
      text: "héllo 👋",
      number: 42.5,
      negative: -7,
      yes: true,
      nothing: null,
      list: [1, "two", { three: 3 }, null],
      object: { coins: 10, nested: { deep: ["a"] } },
      empty: {},
    };
    for (const [key, value] of Object.entries(values)) await store.set(key, value);
    for (const [key, value] of Object.entries(values)) expect(await store.get(key)).toEqual(value);
    expect(await store.get("missing")).toBeNull();
  });

  it("copies values in and out, like the template's JSON-file database", async () => {
    const store = botDatabase(await createBotFor(alice));
    const original = { items: ["sword"] };
    await store.set("inventory", original);
    original.items.push("shield");
    const read = (await store.get("inventory")) as { items: string[] };
    expect(read).toEqual({ items: ["sword"] });
    read.items.push("bow");
    expect(await store.get("inventory")).toEqual({ items: ["sword"] });
  });

  it("set replaces the value and records its size in bytes of JSON", async () => {
    const botId = await createBotFor(alice);
    const store = botDatabase(botId);
    await store.set("greeting", "hi");
    await store.set("greeting", { text: "héllo" });
    expect(await store.get("greeting")).toEqual({ text: "héllo" });
    const row = await db.botKvEntry.findUniqueOrThrow({ where: { botId_key: { botId, key: "greeting" } } });
    expect(row.size).toBe(Buffer.byteLength(JSON.stringify({ text: "héllo" })));
  });

  it("stores Dates as ISO text and leaves out undefined properties, as JSON does", async () => {
    const store = botDatabase(await createBotFor(alice));
    const when = new Date("2026-01-02T03:04:05.678Z");
    await store.set("event", { when, note: undefined });
    expect(await store.get("event")).toEqual({ when: "2026-01-02T03:04:05.678Z" });
  });

  it("delete answers whether the key existed", async () => {
    const store = botDatabase(await createBotFor(alice));
    await store.set("gone", 1);
    await expect(store.delete("gone")).resolves.toBe(true);
    await expect(store.delete("gone")).resolves.toBe(false);
    expect(await store.get("gone")).toBeNull();
  });

  it("list(prefix) returns the matching entries sorted by key; wildcard characters are literal", async () => {
    const store = botDatabase(await createBotFor(alice));
    for (const key of ["user:b", "user:a", "user:B", "user:10", "user:9", "guild:1", "user%x", "user_x"]) {
      await store.set(key, key.length);
    }
    expect(await store.list("user:")).toEqual([
      { key: "user:10", value: 7 },
      { key: "user:9", value: 6 },
      { key: "user:B", value: 6 },
      { key: "user:a", value: 6 },
      { key: "user:b", value: 6 },
    ]);
    // Same order as the template's `a < b` sort.
    const all = (await store.list()).map((entry) => entry.key);
    expect(all).toEqual([...all].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(all).toHaveLength(8);
    expect((await store.list("user%")).map((entry) => entry.key)).toEqual(["user%x"]);
    expect((await store.list("user_")).map((entry) => entry.key)).toEqual(["user_x"]);
    expect(await store.list("nothing-here")).toEqual([]);
  });

  it("list pages through keys with limit and cursor", async () => {
    const store = botDatabase(await createBotFor(alice));
    for (let index = 0; index < 7; index++) await store.set(`item:${index}`, index);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await store.list("item:", { limit: 3, cursor });
      if (page.length === 0) break;
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page.map((entry) => entry.key));
      cursor = page.at(-1)!.key;
    }
    expect(seen).toEqual(["item:0", "item:1", "item:2", "item:3", "item:4", "item:5", "item:6"]);
    await expect(store.list("item:", { limit: 0 })).rejects.toThrow(KvValidationError);
  });

  it("increment starts an absent key at 0, adds `by`, and sums like JavaScript numbers", async () => {
    const botId = await createBotFor(alice);
    const store = botDatabase(botId);
    await expect(store.increment("visits")).resolves.toBe(1);
    await expect(store.increment("visits")).resolves.toBe(2);
    await expect(store.increment("visits", 8)).resolves.toBe(10);
    await expect(store.increment("visits", -15)).resolves.toBe(-5);
    expect(await store.get("visits")).toBe(-5);
    await expect(store.increment("coins", 100)).resolves.toBe(100);
    await store.set("ratio", 0.1);
    await expect(store.increment("ratio", 0.2)).resolves.toBe(0.1 + 0.2);
    const row = await db.botKvEntry.findUniqueOrThrow({ where: { botId_key: { botId, key: "visits" } } });
    expect(row.size).toBe(2);
  });

  it("increment refuses a value that is not a number, a `by` that is not finite, and overflow", async () => {
    const store = botDatabase(await createBotFor(alice));
    await store.set("name", "Ada");
    await store.set("numberText", "5");
    await expect(store.increment("name")).rejects.toThrow('The value at "name" is not a number.');
    await expect(store.increment("numberText")).rejects.toThrow(KvValidationError);
    expect(await store.get("name")).toBe("Ada");
    await expect(store.increment("n", Number.NaN)).rejects.toThrow("increment() needs a finite number.");
    await expect(store.increment("n", Infinity)).rejects.toThrow(KvValidationError);
    await expect(store.increment("n", "1" as unknown as number)).rejects.toThrow(KvValidationError);
    await store.set("huge", Number.MAX_VALUE);
    await expect(store.increment("huge", Number.MAX_VALUE)).rejects.toThrow(/largest number/);
    expect(await store.get("huge")).toBe(Number.MAX_VALUE);
  });

  it("refuses bad keys with a message for the bot's author", async () => {
    const store = botDatabase(await createBotFor(alice));
    await expect(store.set("", 1)).rejects.toThrow("Database keys must be non-empty strings.");
    await expect(store.get(42 as unknown as string)).rejects.toThrow(KvValidationError);
    await expect(store.set("k".repeat(257), 1)).rejects.toThrow(/at most 256 characters/);
    await store.set("k".repeat(256), 1);
    await expect(store.set("line\nbreak", 1)).rejects.toThrow(/control characters/);
    await expect(store.set("tab\there", 1)).rejects.toThrow(/control characters/);
    await expect(store.increment("\u0000")).rejects.toThrow(/control characters/);
    await expect(store.set("half \ud800", 1)).rejects.toThrow(/valid Unicode/);
    expect(await store.list()).toHaveLength(1);
  });

  it("refuses values that are not JSON instead of silently changing them", async () => {
    const store = botDatabase(await createBotFor(alice));
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const refused: [unknown, RegExp][] = [
      [undefined, /Cannot store undefined; use delete\(key\) instead/],
      [() => 1, /Functions cannot be stored/],
      [{ run: () => 1 }, /Functions cannot be stored \(in "run"\)/],
      [Number.NaN, /NaN and Infinity/],
      [{ score: Infinity }, /NaN and Infinity cannot be stored \(in "score"\)/],
      [[1, -Infinity], /NaN and Infinity/],
      [[1, undefined], /Arrays cannot hold undefined/],
      [10n, /BigInt/],
      [Symbol("x"), /Symbols/],
      [new Map([["a", 1]]), /Maps and Sets/],
      [{ tags: new Set(["a"]) }, /Maps and Sets/],
      [circular, /circular/],
      ["nul \u0000 inside", /NUL/],
      [{ "nul\u0000key": 1 }, /NUL/],
    ];
    for (const [value, message] of refused) {
      await expect(store.set("bad", value), String(message)).rejects.toThrow(message);
      await expect(store.set("bad", value)).rejects.toBeInstanceOf(KvValidationError);
    }
    expect(await store.get("bad")).toBeNull();
  });
});

describe("quotas", () => {
  it("has the documented defaults", () => {
    expect(kvLimits).toEqual({
      maxKeys: 10_000,
      maxValueBytes: 100 * 1024,
      maxTotalBytes: 20 * 1024 * 1024,
      maxKeyLength: 256,
    });
  });

  it("a value over 100 KB of JSON is refused; exactly 100 KB is stored", async () => {
    const store = botDatabase(await createBotFor(alice));
    const fits = "x".repeat(100 * 1024 - 2); // the quotes make it 100 KB
    await store.set("fits", fits);
    await expect(store.set("big", fits + "x")).rejects.toThrow(KvQuotaError);
    await expect(store.set("big", fits + "x")).rejects.toThrow(/Values are limited to 100 KB of JSON/);
    // Multi-byte characters count as their UTF-8 bytes.
    await expect(store.set("emoji", "😀".repeat(30 * 1024))).rejects.toThrow(KvQuotaError);
    expect((await store.list()).map((entry) => entry.key)).toEqual(["fits"]);
  });

  it("the key limit refuses new keys (by set or increment) but still lets existing keys change", async () => {
    const store = botDatabase(await createBotFor(alice), { limits: { maxKeys: 3 } });
    await store.set("a", 1);
    await store.set("b", 2);
    await store.increment("c");
    await expect(store.set("d", 4)).rejects.toThrow(KvQuotaError);
    await expect(store.set("d", 4)).rejects.toThrow(/the most allowed is 3/);
    await expect(store.increment("e")).rejects.toThrow(KvQuotaError);
    await store.set("a", "changed");
    await expect(store.increment("c", 5)).resolves.toBe(6);
    await store.delete("b");
    await store.set("d", 4);
    expect((await store.list()).map((entry) => entry.key)).toEqual(["a", "c", "d"]);
  });

  it("the total size limit refuses writes that would grow the store past it", async () => {
    const botId = await createBotFor(alice);
    const store = botDatabase(botId, { limits: { maxTotalBytes: 100 } });
    await store.set("a", "x".repeat(48)); // 50 bytes
    await store.set("b", "y".repeat(38)); // 40 bytes
    await expect(store.set("c", "z".repeat(9))).rejects.toThrow(/would hold 101 B, the most allowed is 100 B/);
    await store.set("c", "z".repeat(8)); // exactly 100 bytes
    await expect(store.set("a", "x".repeat(49))).rejects.toThrow(KvQuotaError);
    await store.set("a", "short"); // shrinking is always fine
    await store.set("counter", 9); // 1 byte
    // 9 → 10 makes the JSON one byte longer: checked too.
    await store.set("pad", "p".repeat(100 - 7 - 40 - 10 - 1 - 2));
    await expect(store.increment("counter")).rejects.toThrow(KvQuotaError);
    expect(await store.get("counter")).toBe(9);
    const total = await db.botKvEntry.aggregate({ where: { botId }, _sum: { size: true } });
    expect(total._sum.size).toBe(100);
  });

  it("the value limit can be lowered for a store (tests, future plans)", async () => {
    const store = botDatabase(await createBotFor(alice), { limits: { maxValueBytes: 10 } });
    await store.set("ok", "12345678");
    await expect(store.set("no", "123456789")).rejects.toThrow(/limited to 10 B/);
  });
});

describe("concurrency", () => {
  it("50 parallel increments of a new key add up to 50", async () => {
    const store = botDatabase(await createBotFor(alice));
    const results = await Promise.all(Array.from({ length: 50 }, () => store.increment("hits")));
    expect(await store.get("hits")).toBe(50);
    expect(results.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
  });

  it("parallel increments across a digit boundary (the locked path) lose none", async () => {
    const store = botDatabase(await createBotFor(alice));
    await store.set("score", 90);
    await Promise.all(Array.from({ length: 30 }, () => store.increment("score")));
    expect(await store.get("score")).toBe(120);
  });

  it("parallel sets of new keys never exceed the key limit", async () => {
    const store = botDatabase(await createBotFor(alice), { limits: { maxKeys: 10 } });
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, (_, index) => store.set(`k${index}`, index)));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(10);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") expect(outcome.reason).toBeInstanceOf(KvQuotaError);
    }
    expect(await store.list()).toHaveLength(10);
  });

  it("parallel sets never exceed the total size limit", async () => {
    const botId = await createBotFor(alice);
    const store = botDatabase(botId, { limits: { maxTotalBytes: 1000 } });
    const value = "v".repeat(98); // 100 bytes each
    await Promise.allSettled(Array.from({ length: 20 }, (_, index) => store.set(`k${index}`, value)));
    const total = await db.botKvEntry.aggregate({ where: { botId }, _sum: { size: true }, _count: true });
    expect(total._count).toBe(10);
    expect(total._sum.size).toBe(1000);
  });
});

describe("the dashboard's owner-scoped functions", () => {
  it("list and search keys a page at a time, with previews, sizes and usage", async () => {
    const botId = await createBotFor(alice);
    const store = botDatabase(botId);
    for (let index = 0; index < 30; index++) await store.set(`user:${String(index).padStart(2, "0")}`, { index });
    await store.set("config", { prefix: "!" });

    const first = await listBotKeys(alice.id, botId, { pageSize: 25 });
    expect(first).toMatchObject({ total: 31, page: 1, pageCount: 2, pageSize: 25 });
    expect(first.rows[0]).toMatchObject({ key: "config", preview: '{"prefix": "!"}', size: 14 });
    expect(first.rows[0]!.updatedAt).toBeInstanceOf(Date);
    const second = await listBotKeys(alice.id, botId, { page: 2, pageSize: 25 });
    expect(second.rows.map((row) => row.key)).toEqual(
      Array.from({ length: 6 }, (_, index) => `user:${String(index + 24).padStart(2, "0")}`),
    );
    const past = await listBotKeys(alice.id, botId, { page: 99, pageSize: 25 });
    expect(past.page).toBe(2);

    const search = await listBotKeys(alice.id, botId, { prefix: "user:1" });
    expect(search.total).toBe(10);
    expect(search.rows.every((row) => row.key.startsWith("user:1"))).toBe(true);
    const none = await listBotKeys(alice.id, botId, { prefix: "zzz" });
    expect(none).toMatchObject({ rows: [], total: 0, page: 1, pageCount: 1 });

    const usage = await getBotKvUsage(alice.id, botId);
    expect(usage.keys).toBe(31);
    expect(usage.bytes).toBe(14 + 10 * 11 + 20 * 12);
    expect(usage.limits).toEqual(kvLimits);
  });

  it("previews long values shortly", async () => {
    const botId = await createBotFor(alice);
    await botDatabase(botId).set("long", "x".repeat(5000));
    const { rows } = await listBotKeys(alice.id, botId);
    expect(rows[0]!.preview.length).toBeLessThanOrEqual(160);
    expect(rows[0]!.size).toBe(5002);
  });

  it("get, set (create or edit) and delete a key", async () => {
    const botId = await createBotFor(alice);
    await expect(setBotKey(alice.id, botId, "prefix", "!", { createOnly: true })).resolves.toEqual({
      key: "prefix",
      size: 3,
    });
    await expect(setBotKey(alice.id, botId, "prefix", "?", { createOnly: true })).rejects.toThrow(
      'A key named "prefix" already exists.',
    );
    await setBotKey(alice.id, botId, "prefix", "?");
    await expect(getBotKey(alice.id, botId, "prefix")).resolves.toMatchObject({ key: "prefix", value: "?", size: 3 });
    await expect(getBotKey(alice.id, botId, "absent")).resolves.toBeNull();
    await expect(deleteBotKey(alice.id, botId, "prefix")).resolves.toBe(true);
    await expect(deleteBotKey(alice.id, botId, "prefix")).resolves.toBe(false);
  });

  it("another user cannot list, read, write, delete or measure a bot's keys", async () => {
    const botId = await createBotFor(alice);
    await botDatabase(botId).set("secret", "alice's");
    await expect(listBotKeys(bob.id, botId)).rejects.toThrow(BotNotFoundError);
    await expect(getBotKey(bob.id, botId, "secret")).rejects.toThrow(BotNotFoundError);
    await expect(setBotKey(bob.id, botId, "secret", "bob's")).rejects.toThrow(BotNotFoundError);
    await expect(setBotKey(bob.id, botId, "new", 1)).rejects.toThrow(BotNotFoundError);
    await expect(deleteBotKey(bob.id, botId, "secret")).rejects.toThrow(BotNotFoundError);
    await expect(getBotKvUsage(bob.id, botId)).rejects.toThrow(BotNotFoundError);
    expect(await botDatabase(botId).list()).toEqual([{ key: "secret", value: "alice's" }]);
  });

  it("an archived bot's keys are not reachable from the dashboard", async () => {
    const botId = await createBotFor(alice, { archivedAt: new Date() });
    await botDatabase(botId).set("kept", 1);
    await expect(listBotKeys(alice.id, botId)).rejects.toThrow(BotNotFoundError);
    await expect(getBotKey(alice.id, botId, "kept")).rejects.toThrow(BotNotFoundError);
    await expect(setBotKey(alice.id, botId, "kept", 2)).rejects.toThrow(BotNotFoundError);
    await expect(deleteBotKey(alice.id, botId, "kept")).rejects.toThrow(BotNotFoundError);
    await expect(getBotKvUsage(alice.id, botId)).rejects.toThrow(BotNotFoundError);
    expect(await botDatabase(botId).get("kept")).toBe(1);
  });

  it("deleting a bot deletes its keys", async () => {
    const botId = await createBotFor(alice);
    await botDatabase(botId).set("k", 1);
    await db.bot.delete({ where: { id: botId } });
    expect(await db.botKvEntry.count({ where: { botId } })).toBe(0);
  });
});

describe("the dashboard's actions", () => {
  it("add a key, edit it, read it back pretty-printed and delete it", async () => {
    signedIn.user = alice;
    const botId = await createBotFor(alice);
    await expect(
      saveBotKeyAction({ botId, key: "settings", json: '{"prefix":"!","volume":5}', mode: "create" }),
    ).resolves.toEqual({ ok: true, data: { key: "settings", size: 25 } });
    const read = await getBotKeyAction({ botId, key: "settings" });
    expect(read).toMatchObject({ ok: true, data: { key: "settings", json: '{\n  "prefix": "!",\n  "volume": 5\n}' } });
    await expect(saveBotKeyAction({ botId, key: "settings", json: "[1, 2]", mode: "edit" })).resolves.toMatchObject({
      ok: true,
    });
    expect(await botDatabase(botId).get("settings")).toEqual([1, 2]);
    await expect(deleteBotKeyAction({ botId, key: "settings" })).resolves.toEqual({ ok: true, data: undefined });
    await expect(getBotKeyAction({ botId, key: "settings" })).resolves.toMatchObject({
      ok: false,
      code: "missing_key",
    });
  });

  it("answer invalid JSON, a bad key, an existing key and an oversized value with field errors", async () => {
    signedIn.user = alice;
    const botId = await createBotFor(alice);
    const invalid = await saveBotKeyAction({ botId, key: "k", json: "{coins: 1}", mode: "create" });
    expect(invalid).toMatchObject({ ok: false, fieldErrors: { json: [expect.stringMatching(/^Not valid JSON/)] } });
    const bare = await saveBotKeyAction({ botId, key: "k", json: "hello", mode: "create" });
    expect(bare).toMatchObject({ ok: false, fieldErrors: { json: [expect.stringContaining('"hello"')] } });
    const badKey = await saveBotKeyAction({ botId, key: "a\nb", json: "1", mode: "create" });
    expect(badKey).toMatchObject({ ok: false, fieldErrors: { key: [expect.stringMatching(/control characters/)] } });
    const big = await saveBotKeyAction({
      botId,
      key: "k",
      json: JSON.stringify("x".repeat(100 * 1024)),
      mode: "create",
    });
    expect(big).toMatchObject({ ok: false, fieldErrors: { json: [expect.stringMatching(/limited to 100 KB/)] } });

    await saveBotKeyAction({ botId, key: "k", json: "1", mode: "create" });
    const existing = await saveBotKeyAction({ botId, key: "k", json: "2", mode: "create" });
    expect(existing).toMatchObject({ ok: false, fieldErrors: { key: ['A key named "k" already exists.'] } });
    expect(await botDatabase(botId).get("k")).toBe(1);
  });

  it("refuse another user's bot and an archived bot as not found, changing nothing", async () => {
    const botId = await createBotFor(alice);
    await botDatabase(botId).set("secret", "alice's");
    const archived = await createBotFor(bob, { archivedAt: new Date() });
    signedIn.user = bob;
    const notFound = { ok: false, code: "not_found" };
    for (const id of [botId, archived]) {
      await expect(saveBotKeyAction({ botId: id, key: "secret", json: '"bob"', mode: "edit" })).resolves.toMatchObject(
        notFound,
      );
      await expect(saveBotKeyAction({ botId: id, key: "new", json: "1", mode: "create" })).resolves.toMatchObject(
        notFound,
      );
      await expect(getBotKeyAction({ botId: id, key: "secret" })).resolves.toMatchObject(notFound);
      await expect(deleteBotKeyAction({ botId: id, key: "secret" })).resolves.toMatchObject(notFound);
    }
    expect(await botDatabase(botId).list()).toEqual([{ key: "secret", value: "alice's" }]);
  });

  it("refuse everything once the session has ended", async () => {
    const botId = await createBotFor(alice);
    const ended = { ok: false, code: "signed_out" };
    await expect(saveBotKeyAction({ botId, key: "k", json: "1", mode: "create" })).resolves.toMatchObject(ended);
    await expect(getBotKeyAction({ botId, key: "k" })).resolves.toMatchObject(ended);
    await expect(deleteBotKeyAction({ botId, key: "k" })).resolves.toMatchObject(ended);
    expect(await botDatabase(botId).list()).toEqual([]);
  });

  it("are rate limited per client address", async () => {
    signedIn.user = alice;
    const botId = await createBotFor(alice);
    const results = [];
    for (let index = 0; index < 61; index++) results.push(await deleteBotKeyAction({ botId, key: "k" }));
    expect(results.slice(0, 60).every((result) => result.ok)).toBe(true);
    expect(results[60]).toMatchObject({ ok: false, code: "rate_limited" });
  });
});
