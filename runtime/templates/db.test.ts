import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { loadModule, memoryDb, type DbModule } from "./test-support";

describe("lib/db.js, the local built-in database", () => {
  it("returns null for a key that was never set", async () => {
    expect(await memoryDb().get("missing")).toBeNull();
  });

  it("stores and returns JSON values", async () => {
    const db = memoryDb();
    await db.set("a", { list: [1, 2], nested: { ok: true } });
    expect(await db.get("a")).toEqual({ list: [1, 2], nested: { ok: true } });
  });

  it("hands out copies, so changing a returned object changes nothing until it is set", async () => {
    const db = memoryDb();
    await db.set("a", { n: 1 });
    const value = (await db.get("a")) as { n: number };
    value.n = 2;
    expect(await db.get("a")).toEqual({ n: 1 });
  });

  it("refuses undefined values and empty keys", async () => {
    const db = memoryDb();
    await expect(db.set("a", undefined)).rejects.toThrow(TypeError);
    await expect(db.get("")).rejects.toThrow(TypeError);
  });

  it("deletes keys and says whether they existed", async () => {
    const db = memoryDb();
    await db.set("a", 1);
    expect(await db.delete("a")).toBe(true);
    expect(await db.delete("a")).toBe(false);
    expect(await db.get("a")).toBeNull();
  });

  it("lists the keys with a prefix, sorted by key", async () => {
    const db = memoryDb();
    await db.set("x:2", "b");
    await db.set("y:1", "other");
    await db.set("x:1", "a");
    expect(await db.list("x:")).toEqual([
      { key: "x:1", value: "a" },
      { key: "x:2", value: "b" },
    ]);
    expect(await db.list("")).toHaveLength(3);
  });

  it("increments numbers, counting an absent key as 0", async () => {
    const db = memoryDb();
    expect(await db.increment("n")).toBe(1);
    expect(await db.increment("n", 5)).toBe(6);
    expect(await db.increment("n", -10)).toBe(-4);
    expect(await db.get("n")).toBe(-4);
  });

  it("refuses to increment a value that is not a number", async () => {
    const db = memoryDb();
    await db.set("s", "text");
    await expect(db.increment("s", 1)).rejects.toThrow(/not a number/);
    await expect(db.increment("n", Number.NaN)).rejects.toThrow(TypeError);
  });

  describe("with a file", () => {
    let dir = "";
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it("keeps the data across restarts in a JSON file", async () => {
      dir = mkdtempSync(path.join(tmpdir(), "cipher-db-"));
      const file = path.join(dir, "data", "db.json");
      const { createJsonDb } = loadModule<DbModule>("economy-bot", "lib/db.js");

      const first = createJsonDb(file);
      await first.set("greeting", "hello");
      await first.increment("count", 3);
      await first.delete("nothing");

      expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ greeting: "hello", count: 3 });
      const second = createJsonDb(file);
      expect(await second.get("greeting")).toBe("hello");
      expect(await second.increment("count")).toBe(4);
    });
  });
});
