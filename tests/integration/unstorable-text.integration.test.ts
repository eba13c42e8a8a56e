/**
 * Issue 24: text PostgreSQL cannot store (NUL, unpaired surrogates) gets a field error naming the
 * character, or a 4xx — never a 500, a 503 or "An unexpected error occurred" — and nothing is
 * stored changed. Everything here is real (database, actions, route handlers) except who is
 * signed in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { POST as oneClickUnsubscribe } from "@/app/api/newsletter/unsubscribe/route";
import { GET as search } from "@/app/api/search/route";
import { updateProfileAction } from "@/lib/account/actions";
import { validatedAction } from "@/lib/actions";
import { signUpAction } from "@/lib/auth/actions";
import type { CurrentUser } from "@/lib/auth/session";
import {
  createBlankBotAction,
  restoreVersionAction,
  saveBotFilesAction,
  updateBotDetailsAction,
} from "@/lib/bots/actions";
import { sendContactMessageAction } from "@/lib/contact/actions";
import { db } from "@/lib/db";
import { confirmSubscriptionAction, unsubscribeAction } from "@/lib/newsletter/actions";
import { replyToTicketAction, saveDraftAction, submitTicketAction } from "@/lib/support/actions";
import { textEncodingRefusal } from "@/lib/validation/text";
import { signedInSession } from "@/tests/setup/signed-in";
import { freshClientIp } from "@/tests/setup/test-request";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", async (original) => ({
  ...(await original<object>()),
  getCurrentUser: async () => signedIn.user,
}));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn(), updateTag: vi.fn() }));

const stamp = Date.now().toString(36);
const nul = "\u0000";
const lone = "\ud83d";
let user: CurrentUser;

/** A refusal that names the field and the character, not the generic failure. */
function expectFieldRefusal(
  result: { ok: boolean; error?: string; fieldErrors?: Record<string, string[] | undefined> },
  field: string,
) {
  expect(result.ok).toBe(false);
  expect(result.error).not.toMatch(/unexpected/i);
  const messages = result.fieldErrors?.[field] ?? [];
  expect(messages.join(" ")).toMatch(/NUL character|broken character/);
}

beforeAll(async () => {
  const row = await db.user.create({ data: { email: `unstorable-${stamp}@example.com`, emailVerified: new Date() } });
  user = {
    id: row.id,
    email: row.email,
    emailVerified: true,
    hasPassword: true,
    username: `unstorable_${stamp}`,
    fullName: "Ada",
    image: null,
    ...signedInSession,
  };
});

beforeEach(() => {
  signedIn.user = user;
  freshClientIp();
});

afterAll(async () => {
  await db.user.deleteMany({ where: { OR: [{ id: user.id }, { email: { startsWith: `unstorable-${stamp}` } }] } });
});

describe("text the database cannot store", () => {
  it("sign-up: a NUL or a broken emoji in the name is a field error, and no account is made", async () => {
    signedIn.user = null;
    for (const fullName of [`Ada${nul}`, `Ada ${lone}`]) {
      const email = `unstorable-${stamp}-${fullName.length}@example.com`;
      const result = await signUpAction({
        fullName,
        username: `u${stamp}${fullName.length}`,
        email,
        password: "a long pass phrase 77",
      });
      expectFieldRefusal(result, "fullName");
      expect(await db.user.count({ where: { email } })).toBe(0);
    }
  });

  it("contact: a NUL in the message is a field error", async () => {
    signedIn.user = null;
    const result = await sendContactMessageAction({
      firstName: "Ada",
      lastName: "L",
      email: `unstorable-${stamp}-contact@example.com`,
      message: `Hello${nul}there`,
    });
    expectFieldRefusal(result, "message");
  });

  it("bots: NUL in a name, a broken emoji in a description, NUL in a file are refused with the file named", async () => {
    expectFieldRefusal(
      await createBlankBotAction({ name: `bot${nul}`, description: "", language: "javascript" }),
      "name",
    );
    expectFieldRefusal(
      await createBlankBotAction({ name: "bot", description: `desc ${lone}`, language: "javascript" }),
      "description",
    );
    const created = await createBlankBotAction({ name: "Unstorable", description: "", language: "javascript" });
    expect(created.ok).toBe(true);
    const botId = (created as { data: { id: string } }).data.id;
    expectFieldRefusal(
      await updateBotDetailsAction({ botId, name: `x${nul}`, description: "", language: "javascript" }),
      "name",
    );
    const saved = await saveBotFilesAction({
      botId,
      files: [{ path: "index.js", content: `console.log(1);\nconsole.log("${nul}");\n` }],
    });
    expect(saved.ok).toBe(false);
    expect(JSON.stringify(saved)).toMatch(/index\.js contains a NUL character \(U\+0000\) at line 2, column 14/);
    const bot = await db.bot.findUnique({
      where: { id: botId },
      select: { name: true, files: { select: { content: true } } },
    });
    expect(bot?.name).toBe("Unstorable");
    expect(bot?.files.some((file) => file.content.includes(nul))).toBe(false);
  });

  it("profile: a NUL in the full name is a field error and the name is unchanged", async () => {
    await db.profile.upsert({
      where: { userId: user.id },
      create: { userId: user.id, username: `unstorable_${stamp}`, fullName: "Ada" },
      update: {},
    });
    expectFieldRefusal(
      await updateProfileAction({ username: `unstorable_${stamp}`, fullName: `Ada${nul}` }),
      "fullName",
    );
    expect((await db.profile.findUnique({ where: { userId: user.id } }))?.fullName).toBe("Ada");
  });

  it("support: NUL or a broken emoji in a ticket, a draft or a reply is a field error", async () => {
    expectFieldRefusal(
      await submitTicketAction({ subject: `Help${nul}`, category: "technical", description: "It broke" }),
      "subject",
    );
    expectFieldRefusal(
      await saveDraftAction({ subject: `Draft ${lone}`, category: "technical", description: "" }),
      "subject",
    );
    expectFieldRefusal(await replyToTicketAction({ number: 1, body: `reply${nul}` }), "body");
  });

  it("newsletter links: a NUL in a token is an invalid link (404 / refusal), never a 503", async () => {
    const body = new URLSearchParams({ "List-Unsubscribe": "One-Click" });
    const response = await oneClickUnsubscribe(
      new Request(`http://localhost:3000/api/newsletter/unsubscribe?token=abc%00def`, { method: "POST", body }),
    );
    expect(response.status).toBe(404);
    for (const result of [
      await unsubscribeAction({ token: `abc${nul}` }),
      await confirmSubscriptionAction({ token: `abc${nul}` }),
    ]) {
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toMatch(/unexpected/i);
    }
  });

  it("search: ?q=%00 and an unpaired surrogate are a 400 that says why", async () => {
    for (const q of ["%00", "%ED%A0%80", "a%00b"]) {
      const response = await search(new Request(`http://localhost:3000/api/search?q=${q}`));
      expect(response.status).toBeLessThan(500);
    }
    const response = await search(new Request("http://localhost:3000/api/search?q=%00"));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/NUL character/);
  });

  it("a database encoding refusal that still gets through becomes a 400-style refusal, not a failure", async () => {
    const action = validatedAction("test.encoding", z.object({ text: z.string() }), async () => {
      // What Prisma raises when PostgreSQL refuses the bytes (error 22021).
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    });
    expect(await action({ text: "x" })).toEqual({ ok: false, error: textEncodingRefusal, code: "invalid" });
  });
});

describe("numbers the database cannot hold", () => {
  it("a version number of 2^31, -1 or 1.5 is a field error, never an overflow failure", async () => {
    const created = await createBlankBotAction({ name: "Numbers", description: "", language: "javascript" });
    const botId = (created as { data: { id: string } }).data.id;
    for (const number of [2 ** 31, 2 ** 53, -1, 1.5]) {
      const restored = await restoreVersionAction({ botId, number });
      expect(restored).toMatchObject({ ok: false, fieldErrors: { number: ["Choose a version from the history"] } });
      const saved = await saveBotFilesAction({
        botId,
        files: [{ path: "index.js", content: "1" }],
        baseVersion: number,
      });
      expect(saved.ok).toBe(false);
      expect(JSON.stringify(saved)).not.toMatch(/unexpected/i);
    }
  });
});
