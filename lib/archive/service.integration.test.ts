import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { setEnvVar } from "@/lib/bots/env-vars";
import { setBotKey } from "@/lib/bots/kv";
import { archiveBot, BotLimitError, BotNotFoundError, createBot, listBots, setBotToken } from "@/lib/bots/service";
import { db } from "@/lib/db";

import { archivedBotIds, exportArchivedBot, exportArchivedBots, exportJson, zipExportStream } from "./export";
import {
  archiveItemHref,
  cleanArchive,
  getArchiveSummary,
  listArchive,
  purgeArchivedBot,
  purgeExpiredArchives,
  restoreArchivedBot,
  restoreArchivedBots,
} from "./service";

const stamp = Date.now().toString(36);
const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const secretValue = "sk_live_archive_secret_value_123";
const dayMs = 24 * 60 * 60 * 1000;
const userIds: string[] = [];

async function makeUser(label: string, plan = "trial") {
  const user = await db.user.create({ data: { email: `archive-${label}-${stamp}@example.com`, plan } });
  userIds.push(user.id);
  return user.id;
}

async function archivedBot(userId: string, name: string, options: { archivedDaysAgo?: number } = {}) {
  const bot = await createBot(userId, {
    name,
    language: "javascript",
    files: [{ path: "index.js", content: `console.log(${JSON.stringify(name)});\n` }],
  });
  await archiveBot(userId, bot.id);
  if (options.archivedDaysAgo !== undefined) {
    await db.bot.update({
      where: { id: bot.id },
      data: { archivedAt: new Date(Date.now() - options.archivedDaysAgo * dayMs) },
    });
  }
  return bot.id;
}

let alice: string;
let bob: string;

beforeAll(async () => {
  alice = await makeUser("alice");
  bob = await makeUser("bob");
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: userIds } } });
});

describe("listArchive", () => {
  it("lists a deleted bot with its real size: files, versions, database values and variables", async () => {
    const user = await makeUser("size");
    const bot = await createBot(user, {
      name: "Sized Bot",
      language: "javascript",
      files: [{ path: "index.js", content: "x".repeat(1000) }],
    });
    const before = (await listArchive(user)).length;
    await archiveBot(user, bot.id, "Deleted by you");
    const [item] = await listArchive(user);
    expect(before).toBe(0);
    expect(item).toMatchObject({
      id: bot.id,
      type: "bot",
      name: "Sized Bot",
      reason: "Deleted by you",
      restorable: true,
    });
    // 1000 bytes of source plus the same again in version 1's JSON, plus names and framing.
    expect(item!.sizeBytes).toBeGreaterThan(2000);
    expect(item!.sizeBytes).toBeLessThan(2200);
    expect(item!.expiresAt.getTime() - item!.archivedAt.getTime()).toBe(30 * dayMs);

    // Database entries and variables count too.
    await db.bot.update({ where: { id: bot.id }, data: { archivedAt: null } });
    await setBotKey(user, bot.id, "big", "y".repeat(500));
    await setEnvVar(user, bot.id, { key: "PLAIN", value: "z".repeat(300), secret: false });
    await archiveBot(user, bot.id);
    const [grown] = await listArchive(user);
    expect(grown!.sizeBytes - item!.sizeBytes).toBeGreaterThan(800);
  });

  it("searches by name, case-insensitively, and filters by type", async () => {
    const user = await makeUser("search");
    await archivedBot(user, "Music Maestro");
    await archivedBot(user, "Moderation Helper");
    expect((await listArchive(user, { search: "music" })).map((item) => item.name)).toEqual(["Music Maestro"]);
    expect((await listArchive(user, { search: "%" })).length).toBe(0);
    expect((await listArchive(user, { type: "bot" })).length).toBe(2);
    // Configs and backups are not archived yet: the filters exist and are empty.
    expect(await listArchive(user, { type: "config" })).toEqual([]);
    expect(await listArchive(user, { type: "backup" })).toEqual([]);
  });

  it("never shows another user's items, and never shows bots that are not archived", async () => {
    const aliceBot = await archivedBot(alice, "Alice Secret Bot");
    await createBot(alice, { name: "Alice Live Bot", language: "javascript", files: [] });
    expect((await listArchive(bob)).map((item) => item.id)).not.toContain(aliceBot);
    expect((await listArchive(alice)).map((item) => item.name)).toEqual(["Alice Secret Bot"]);
  });

  it("summarises the whole archive: items, bots, computed total size, restorable, expiring soon", async () => {
    const user = await makeUser("summary");
    await archivedBot(user, "New");
    await archivedBot(user, "Old", { archivedDaysAgo: 28 });
    const items = await listArchive(user);
    const summary = await getArchiveSummary(user);
    expect(summary).toMatchObject({ items: 2, bots: 2, restorable: 2, expiringSoon: 1 });
    expect(summary.totalBytes).toBe(items.reduce((total, item) => total + item.sizeBytes, 0));
    expect(summary.oldestArchivedAt!.getTime()).toBe(items.find((item) => item.name === "Old")!.archivedAt.getTime());
  });
});

describe("restoreArchivedBot", () => {
  it("brings the bot back to My Bots with its files and records the restore", async () => {
    const user = await makeUser("restore");
    const id = await archivedBot(user, "Comeback");
    expect((await listBots(user)).length).toBe(0);
    await expect(restoreArchivedBot(user, id)).resolves.toEqual({ id, name: "Comeback" });
    expect((await listBots(user)).map((bot) => bot.id)).toEqual([id]);
    expect(await listArchive(user)).toEqual([]);
    expect(await db.botFile.count({ where: { botId: id } })).toBe(1);
    expect(await db.auditEvent.count({ where: { userId: user, action: "bot.restored", targetId: id } })).toBe(1);
  });

  it("refuses another user's item as if it did not exist, and leaves it archived", async () => {
    const id = await archivedBot(alice, "Not Bob's");
    await expect(restoreArchivedBot(bob, id)).rejects.toBeInstanceOf(BotNotFoundError);
    expect((await db.bot.findUniqueOrThrow({ where: { id } })).archivedAt).not.toBeNull();
  });

  it("refuses a bot that is not archived", async () => {
    const bot = await createBot(alice, { name: "Live", language: "javascript", files: [] });
    await expect(restoreArchivedBot(alice, bot.id)).rejects.toBeInstanceOf(BotNotFoundError);
  });

  it("enforces the plan's bot limit, like creating a bot", async () => {
    const user = await makeUser("limit", "starter");
    const id = await archivedBot(user, "Eleventh");
    for (let index = 0; index < 10; index++) {
      await createBot(user, { name: `Bot ${index}`, language: "javascript", files: [] });
    }
    await expect(restoreArchivedBot(user, id)).rejects.toBeInstanceOf(BotLimitError);
    expect((await listArchive(user)).map((item) => item.id)).toEqual([id]);
  });

  it("bulk restores until the limit and reports what stayed", async () => {
    const user = await makeUser("bulk", "starter");
    for (let index = 0; index < 9; index++) {
      await createBot(user, { name: `Bot ${index}`, language: "javascript", files: [] });
    }
    const first = await archivedBot(user, "First");
    const second = await archivedBot(user, "Second");
    const foreign = await archivedBot(alice, "Alice's");
    const result = await restoreArchivedBots(user, [foreign, first, second]);
    expect(result.restored.map((bot) => bot.id)).toEqual([first]);
    expect(result.missing).toEqual([foreign]);
    expect(result.limitError).toBeInstanceOf(BotLimitError);
    expect((await listArchive(user)).map((item) => item.id)).toEqual([second]);
    expect((await db.bot.findUniqueOrThrow({ where: { id: foreign } })).archivedAt).not.toBeNull();
  });
});

describe("purgeArchivedBot", () => {
  it("deletes the bot and everything it holds for good", async () => {
    const user = await makeUser("purge");
    const bot = await createBot(user, {
      name: "Gone",
      language: "javascript",
      files: [{ path: "a.js", content: "1" }],
    });
    await setBotKey(user, bot.id, "k", 1);
    await setEnvVar(user, bot.id, { key: "A", value: "b", secret: false });
    await archiveBot(user, bot.id);
    await purgeArchivedBot(user, bot.id);
    expect(await db.bot.findUnique({ where: { id: bot.id } })).toBeNull();
    const left = await Promise.all([
      db.botFile.count({ where: { botId: bot.id } }),
      db.botVersion.count({ where: { botId: bot.id } }),
      db.botKvEntry.count({ where: { botId: bot.id } }),
      db.botEnvVar.count({ where: { botId: bot.id } }),
    ]);
    expect(left).toEqual([0, 0, 0, 0]);
    expect(await db.auditEvent.count({ where: { userId: user, action: "bot.purged", targetId: bot.id } })).toBe(1);
  });

  it("cannot delete another user's item or a bot that is not archived", async () => {
    const id = await archivedBot(alice, "Alice Keeps");
    await expect(purgeArchivedBot(bob, id)).rejects.toBeInstanceOf(BotNotFoundError);
    const live = await createBot(alice, { name: "Alive", language: "javascript", files: [] });
    await expect(purgeArchivedBot(alice, live.id)).rejects.toBeInstanceOf(BotNotFoundError);
    expect(await db.bot.count({ where: { id: { in: [id, live.id] } } })).toBe(2);
  });
});

describe("exportArchivedBot", () => {
  it("holds details, files, versions, plain variables and database entries, never the token or secrets", async () => {
    const user = await makeUser("export");
    const bot = await createBot(user, {
      name: "Exported",
      language: "javascript",
      files: [{ path: "index.js", content: "console.log('hi');" }],
    });
    await setBotToken(user, bot.id, token);
    await setEnvVar(user, bot.id, { key: "API_SECRET", value: secretValue, secret: true });
    await setEnvVar(user, bot.id, { key: "PREFIX", value: "!", secret: false });
    await setBotKey(user, bot.id, "economy:1", { coins: 5 });
    await archiveBot(user, bot.id);

    const exported = await exportArchivedBot(user, bot.id);
    expect(exported.bot).toMatchObject({ id: bot.id, name: "Exported", language: "javascript", hadToken: true });
    expect(exported.files).toEqual([{ path: "index.js", content: "console.log('hi');" }]);
    expect(exported.versions.map((version) => version.number)).toEqual([1]);
    expect(exported.envVars).toEqual([
      { key: "API_SECRET", secret: true },
      { key: "PREFIX", secret: false, value: "!" },
    ]);
    expect(exported.kv).toMatchObject([{ key: "economy:1", value: { coins: 5 } }]);

    const sealed = (await db.bot.findUniqueOrThrow({ where: { id: bot.id } })).tokenSealed!;
    const sealedSecret = (await db.botEnvVar.findFirstOrThrow({ where: { botId: bot.id, key: "API_SECRET" } })).value;
    const text = exportJson(exported);
    for (const forbidden of [token, sealed, secretValue, sealedSecret, token.slice(-4)]) {
      expect(text).not.toContain(forbidden);
    }
  });

  it("exports only the user's own archived bots", async () => {
    const id = await archivedBot(alice, "Alice Export");
    await expect(exportArchivedBot(bob, id)).rejects.toBeInstanceOf(BotNotFoundError);
    expect(await exportArchivedBots(bob, [id])).toEqual([]);
  });

  it("zips one JSON file per item for Bulk Download", async () => {
    const user = await makeUser("zip");
    const ids = [await archivedBot(user, "Zip One"), await archivedBot(user, "Zip Two")];
    const stream = zipExportStream(user, await archivedBotIds(user, ids));
    const files = unzipSync(new Uint8Array(await new Response(stream).arrayBuffer()));
    const names = Object.keys(files).sort();
    expect(names).toHaveLength(2);
    expect(names.every((name) => name.endsWith(".json"))).toBe(true);
    const parsed = names.map((name) => JSON.parse(strFromU8(files[name]!)) as { bot: { name: string } });
    expect(parsed.map((entry) => entry.bot.name).sort()).toEqual(["Zip One", "Zip Two"]);
  });
});

describe("cleanArchive", () => {
  it("deletes only the user's items older than 30 days", async () => {
    const user = await makeUser("clean");
    const old = await archivedBot(user, "Old", { archivedDaysAgo: 31 });
    const recent = await archivedBot(user, "Recent", { archivedDaysAgo: 29 });
    const othersOld = await archivedBot(alice, "Alice Old", { archivedDaysAgo: 40 });
    await expect(cleanArchive(user)).resolves.toEqual({ purged: 1 });
    expect(await db.bot.findUnique({ where: { id: old } })).toBeNull();
    expect(await db.bot.findUnique({ where: { id: recent } })).not.toBeNull();
    expect(await db.bot.findUnique({ where: { id: othersOld } })).not.toBeNull();
    await db.bot.delete({ where: { id: othersOld } });
  });
});

describe("purgeExpiredArchives", () => {
  it("purges items older than 30 days, keeps newer ones and live bots, and warns once about items expiring within 3 days", async () => {
    const user = await makeUser("job");
    const expired = await archivedBot(user, "Expired", { archivedDaysAgo: 30.5 });
    const expiring = await archivedBot(user, "Expiring", { archivedDaysAgo: 28 });
    const fresh = await archivedBot(user, "Fresh", { archivedDaysAgo: 10 });
    const live = await createBot(user, { name: "Live", language: "javascript", files: [] });
    await db.bot.update({ where: { id: live.id }, data: { createdAt: new Date(Date.now() - 90 * dayMs) } });

    const first = await purgeExpiredArchives(new Date());
    expect(first.purged).toBeGreaterThanOrEqual(1);
    expect(await db.bot.findUnique({ where: { id: expired } })).toBeNull();
    expect(await db.bot.count({ where: { id: { in: [expiring, fresh, live.id] } } })).toBe(3);

    const notices = await db.notification.findMany({ where: { userId: user, kind: "archive_expiring" } });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ href: archiveItemHref(expiring) });
    expect(notices[0]!.title).toContain("Expiring");

    // The next run (an hour later) does not warn again.
    await purgeExpiredArchives(new Date(Date.now() + 60 * 60 * 1000));
    expect(await db.notification.count({ where: { userId: user, kind: "archive_expiring" } })).toBe(1);
  });
});
