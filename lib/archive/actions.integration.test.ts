import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import { GET as downloadOne } from "@/app/api/archive/[id]/download/route";
import { GET as downloadMany } from "@/app/api/archive/download/route";
import type { CurrentUser } from "@/lib/auth/session";
import { archiveBot, createBot, listBots, setBotToken } from "@/lib/bots/service";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import {
  cleanArchiveAction,
  deleteArchiveItemAction,
  restoreArchiveItemAction,
  restoreArchiveItemsAction,
} from "./actions";
import { listArchive } from "./service";

// Who is signed in is stood in for; everything else (database, rate limits) is real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
const token = "MTA5ODc2NTQzMjEwOTg3NjU0Mw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123456789AB";
const dayMs = 24 * 60 * 60 * 1000;
const users = {} as Record<"alice" | "bob", CurrentUser>;

function as(name: "alice" | "bob" | null) {
  signedIn.user = name ? users[name] : null;
}

async function archived(owner: "alice" | "bob", name: string, daysAgo?: number) {
  const userId = users[owner].id;
  const bot = await createBot(userId, { name, language: "javascript", files: [{ path: "index.js", content: "1" }] });
  await archiveBot(userId, bot.id);
  if (daysAgo !== undefined) {
    await db.bot.update({ where: { id: bot.id }, data: { archivedAt: new Date(Date.now() - daysAgo * dayMs) } });
  }
  return bot.id;
}

const one = (id: string) =>
  downloadOne(new Request(`http://localhost:3000/api/archive/${id}/download`), { params: Promise.resolve({ id }) });
const many = (query: string) => downloadMany(new Request(`http://localhost:3000/api/archive/download?${query}`));

beforeAll(async () => {
  for (const name of ["alice", "bob"] as const) {
    const user = await db.user.create({ data: { email: `${name}-archive-act-${stamp}@example.com` } });
    users[name] = {
      id: user.id,
      email: user.email,
      emailVerified: true,
      hasPassword: true,
      username: null,
      fullName: name,
      image: null,
      ...signedInSession,
    };
  }
});

beforeEach(() => {
  freshClientIp();
  as(null);
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: Object.values(users).map((user) => user.id) } } });
});

describe("archive actions", () => {
  it("refuse a signed-out visitor", async () => {
    const id = await archived("alice", "Signed Out");
    for (const result of [
      await restoreArchiveItemAction({ id }),
      await deleteArchiveItemAction({ id }),
      await restoreArchiveItemsAction({ ids: [id] }),
      await cleanArchiveAction(),
    ]) {
      expect(result).toMatchObject({ ok: false, code: "signed_out" });
    }
    expect(await db.bot.count({ where: { id, archivedAt: { not: null } } })).toBe(1);
  });

  it("Restore puts the bot back in My Bots", async () => {
    const id = await archived("alice", "Restore Me");
    as("alice");
    await expect(restoreArchiveItemAction({ id })).resolves.toEqual({ ok: true, data: { name: "Restore Me" } });
    expect((await listBots(users.alice.id)).map((bot) => bot.id)).toContain(id);
  });

  it("Delete forever removes the item", async () => {
    const id = await archived("alice", "Delete Me");
    as("alice");
    await expect(deleteArchiveItemAction({ id })).resolves.toEqual({ ok: true, data: { name: "Delete Me" } });
    expect(await db.bot.findUnique({ where: { id } })).toBeNull();
  });

  it("Bulk Restore restores the selected items", async () => {
    const ids = [await archived("alice", "Bulk A"), await archived("alice", "Bulk B")];
    as("alice");
    const result = await restoreArchiveItemsAction({ ids });
    expect(result).toEqual({ ok: true, data: { restored: 2, missing: 0, limitMessage: null } });
    expect(await db.bot.count({ where: { id: { in: ids }, archivedAt: null } })).toBe(2);
  });

  it("Bulk Restore refuses an empty selection", async () => {
    as("alice");
    const result = await restoreArchiveItemsAction({ ids: [] });
    expect(result.ok).toBe(false);
  });

  it("Clean Archive deletes only items older than 30 days", async () => {
    const old = await archived("alice", "Old One", 45);
    const recent = await archived("alice", "Recent One", 2);
    as("alice");
    const result = await cleanArchiveAction();
    expect(result).toEqual({ ok: true, data: { purged: 1 } });
    expect(await db.bot.findUnique({ where: { id: old } })).toBeNull();
    expect(await db.bot.findUnique({ where: { id: recent } })).not.toBeNull();
  });

  it("never let user B restore, delete or bulk restore user A's items", async () => {
    const id = await archived("alice", "Alice Only");
    const oldAlice = await archived("alice", "Alice Old", 40);
    as("bob");
    expect(await listArchive(users.bob.id)).toEqual([]);
    await expect(restoreArchiveItemAction({ id })).resolves.toMatchObject({ ok: false, code: "not_found" });
    await expect(deleteArchiveItemAction({ id })).resolves.toMatchObject({ ok: false, code: "not_found" });
    await expect(restoreArchiveItemsAction({ ids: [id] })).resolves.toMatchObject({ ok: false, code: "not_found" });
    await expect(cleanArchiveAction()).resolves.toEqual({ ok: true, data: { purged: 0 } });
    expect(await db.bot.count({ where: { id: { in: [id, oldAlice] }, archivedAt: { not: null } } })).toBe(2);
    await db.bot.delete({ where: { id: oldAlice } });
  });
});

describe("GET /api/archive/[id]/download", () => {
  it("answers a JSON attachment without the token", async () => {
    const bot = await createBot(users.alice.id, { name: "Download Me", language: "javascript", files: [] });
    await setBotToken(users.alice.id, bot.id, token);
    await archiveBot(users.alice.id, bot.id);
    as("alice");
    const response = await one(bot.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="download-me-[\w]+\.json"$/);
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ bot: { id: bot.id, name: "Download Me", hadToken: true } });
    expect(text).not.toContain(token);
    expect(text).not.toContain("tokenSealed");
  });

  it("answers 401 signed out and 404 for another user's item", async () => {
    const id = await archived("alice", "Private");
    expect((await one(id)).status).toBe(401);
    as("bob");
    expect((await one(id)).status).toBe(404);
    expect((await one("does-not-exist")).status).toBe(404);
  });
});

describe("GET /api/archive/download (bulk)", () => {
  it("zips the user's selected items", async () => {
    const ids = [await archived("alice", "Zip A"), await archived("alice", "Zip B")];
    as("alice");
    const response = await many(`ids=${ids.join(",")}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="cipher-archive-.+\.zip"$/);
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const names = Object.values(files).map(
      (file) => (JSON.parse(strFromU8(file)) as { bot: { name: string } }).bot.name,
    );
    expect(names.sort()).toEqual(["Zip A", "Zip B"]);
  });

  it("leaves out other users' items and answers 404 when none is the user's", async () => {
    const alices = await archived("alice", "Alice Zip");
    const bobs = await archived("bob", "Bob Zip");
    as("bob");
    expect((await many(`ids=${alices}`)).status).toBe(404);
    const mixed = await many(`ids=${alices}&ids=${bobs}`);
    expect(mixed.status).toBe(200);
    const files = unzipSync(new Uint8Array(await mixed.arrayBuffer()));
    const names = Object.values(files).map(
      (file) => (JSON.parse(strFromU8(file)) as { bot: { name: string } }).bot.name,
    );
    expect(names).toEqual(["Bob Zip"]);
  });

  it("answers 401 signed out and 400 without ids", async () => {
    expect((await many("ids=x")).status).toBe(401);
    as("alice");
    expect((await many("")).status).toBe(400);
  });
});
