import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { markNotificationsReadAction } from "@/lib/notifications/actions";
import { notify } from "@/lib/notifications/service";
import { signedInSession } from "@/tests/setup/signed-in";

import { GET } from "./route";

const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));

const stamp = Date.now().toString(36);
const users: string[] = [];

async function account(label: string): Promise<CurrentUser> {
  const user = await db.user.create({ data: { email: `bell-route-${label}-${stamp}@example.com` } });
  users.push(user.id);
  return {
    id: user.id,
    email: user.email,
    emailVerified: true,
    hasPassword: true,
    username: null,
    fullName: null,
    image: null,
    ...signedInSession,
  };
}

type Bell = { notifications: { id: string; title: string; readAt: string | null }[]; unread: number };
const bell = async () => (await (await GET()).json()) as Bell;

beforeEach(() => {
  signedIn.user = null;
});
afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: users } } });
});

describe("the bell's route and actions", () => {
  it("refuse a signed-out visitor", async () => {
    expect((await GET()).status).toBe(401);
    expect(await markNotificationsReadAction({})).toMatchObject({ ok: false, code: "signed_out" });
  });

  it("list the user's own notifications and mark one or all read, never another user's", async () => {
    const alice = await account("alice");
    const bob = await account("bob");
    await notify(alice.id, { kind: "bot_crashed", title: "Helper crashed" });
    await notify(alice.id, { kind: "archive_expiring", title: "Old bot expires in 3 days" });
    await notify(bob.id, { kind: "ticket_answered", title: "Bob's ticket was answered" });

    signedIn.user = bob;
    const bobsId = (await bell()).notifications[0]!.id;

    signedIn.user = alice;
    const mine = await bell();
    expect(mine.unread).toBe(2);
    expect(mine.notifications.map((item) => item.title).toSorted()).toEqual([
      "Helper crashed",
      "Old bot expires in 3 days",
    ]);

    expect(await markNotificationsReadAction({ ids: [bobsId] })).toEqual({ ok: true, data: { unread: 2 } });
    expect(await markNotificationsReadAction({ ids: [mine.notifications[0]!.id] })).toEqual({
      ok: true,
      data: { unread: 1 },
    });
    expect(await markNotificationsReadAction({})).toEqual({ ok: true, data: { unread: 0 } });

    signedIn.user = bob;
    expect((await bell()).unread).toBe(1);
  });

  it("refuse malformed input", async () => {
    signedIn.user = await account("junk");
    expect(await markNotificationsReadAction({ ids: [] })).toMatchObject({ ok: false });
  });
});
