import { strToU8, zipSync } from "fflate";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { guideProjectPaths, guideProjectZip } from "@/lib/bots/import/fixtures/guide-project";
import { hostileZips } from "@/lib/bots/import/fixtures/hostile-zips";
import { importMessages, zipLimitMessages } from "@/lib/bots/import/limits";
import { nodeInflate } from "@/lib/bots/import/node-inflate";
import type { Inflater } from "@/lib/bots/import/zip";
import { db } from "@/lib/db";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

import { POST } from "./route";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));
// The server's own zlib inflater, watched: what the route asks it to inflate is the work it does.
vi.mock("@/lib/bots/import/node-inflate", async (importOriginal) => {
  const actual = await importOriginal<{ nodeInflate: Inflater }>();
  return { nodeInflate: vi.fn(actual.nodeInflate) };
});

const stamp = Date.now().toString(36);
const users: string[] = [];

async function signIn(label: string) {
  const user = await db.user.create({ data: { email: `route-${label}-${stamp}@example.com` } });
  users.push(user.id);
  signedIn.user = {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
  return user.id;
}

function post(fields: Record<string, string | Blob>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  return POST(new Request("http://localhost:3000/api/bots/import", { method: "POST", body: form, headers }));
}

beforeEach(() => {
  freshClientIp();
  signedIn.user = null;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("POST /api/bots/import", () => {
  it("refuses a signed-out visitor and creates nothing", async () => {
    const before = await db.bot.count();
    const response = await post({ name: "x", code: "console.log(1)" });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ ok: false, code: "signed_out" });
    expect(await db.bot.count()).toBe(before);
  });

  it("creates the bot from a zip upload for the signed-in user", async () => {
    const userId = await signIn("zip");
    const response = await post({ name: "Guide bot", file: new File([guideProjectZip() as BlobPart], "guide.zip") });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { ok: true; data: { id: string; name: string } };
    const bot = await db.bot.findUniqueOrThrow({ where: { id: body.data.id }, include: { files: true } });
    expect(bot).toMatchObject({ userId, name: "Guide bot", language: "javascript" });
    expect(bot.files.map((file) => file.path).sort((a, b) => a.localeCompare(b))).toEqual(guideProjectPaths);
  });

  it("checks the name and answers import errors as 422", async () => {
    await signIn("checks");
    const unnamed = await post({ name: "  ", code: "console.log(1)" });
    expect(unnamed.status).toBe(400);
    expect(await unnamed.json()).toMatchObject({ fieldErrors: { name: ["Name your bot"] } });
    const badJson = await post({ name: "Bad", file: new File(["{ nope"], "bot.json") });
    expect(badJson.status).toBe(422);
    expect(await badJson.json()).toMatchObject({ error: "Please check your file format and try again" });
    expect((await post({ name: "Empty" })).status).toBe(400);
  });

  it("refuses bodies over the zip limit before reading them", async () => {
    await signIn("size");
    const response = await POST(
      new Request("http://localhost:3000/api/bots/import", {
        method: "POST",
        body: new Uint8Array(11 * 1024 * 1024),
        headers: { "content-type": "multipart/form-data; boundary=x" },
      }),
    );
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: expect.stringContaining("10 MB") });
  });

  it("is rate limited per client address", async () => {
    await signIn("rate");
    const statuses: number[] = [];
    for (let index = 0; index < 11; index += 1) statuses.push((await post({ name: "", code: "x" })).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("refuses the 3.1 MB zip whose entries lie about their sizes after 1,000 bytes of the first, inflated off the event loop, naming the limit", async () => {
    const userId = await signIn("hostile");
    const zip = await hostileZips.lyingSizes(1000, 3);
    const before = await db.bot.count({ where: { userId } });
    const inflate = vi.mocked(nodeInflate);
    inflate.mockClear();
    const response = await post({ name: "Hostile", file: new File([zip as BlobPart], "bot.zip") });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      ok: false,
      error: zipLimitMessages.lyingSize("bot/src/data-0.txt", 1000),
    });
    // zlib, in the thread pool, was asked for the first entry only and for no more than the 1,000
    // bytes its header declares, and stopped there: not the 3,000 MB the entries hold.
    // (How long the event loop waits meanwhile is npm run bench:import's number.)
    expect(inflate.mock.calls.map(([, maxOutput]) => maxOutput)).toEqual([1000]);
    expect(await Promise.all(inflate.mock.results.map((call) => call.value))).toEqual(["too-large"]);
    expect(await db.bot.count({ where: { userId } })).toBe(before);
  });

  it("refuses zip bombs, too many entries and zips over 8 MB unpacked, each with its limit's message", async () => {
    await signIn("bombs");
    const cases: [Uint8Array, string][] = [
      [hostileZips.bomb(), zipLimitMessages.ratio("index.js")],
      [hostileZips.overlapping(), zipLimitMessages.totalTooLarge],
      [hostileZips.manyEntries(), importMessages.zipTooManyEntries],
    ];
    for (const [zip, error] of cases) {
      const response = await post({ name: "Bomb", file: new File([zip as BlobPart], "bot.zip") });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ ok: false, error });
    }
  });

  it("refuses a zip holding two paths of one file, naming both", async () => {
    await signIn("clash");
    const zip = zipSync({ "bot/lib": strToU8("x"), "bot/lib/x.js": strToU8("y"), "bot/index.js": strToU8("z") });
    const response = await post({ name: "Clash", file: new File([zip as BlobPart], "bot.zip") });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      error: expect.stringContaining('"lib" is a file, so "lib/x.js" cannot be in a folder of that name'),
    });
  });
});
