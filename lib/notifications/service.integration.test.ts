import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "@/lib/db";

import { listNotifications, markNotificationsRead, notify, unreadNotificationCount } from "./service";

const stamp = Date.now().toString(36);
let alice: string;
let bob: string;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `bell-alice-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `bell-bob-${stamp}@example.com` } })).id;
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("notifications", () => {
  it("lists only the user's own notifications, newest first, with the unread count", async () => {
    await notify(alice, {
      kind: "bot_crashed",
      title: "Guardian crashed",
      body: "Exit code 1",
      href: "/dashboard/bots/x",
    });
    await notify(alice, { kind: "ticket_answered", title: "Support answered TKT-001" });
    await notify(bob, { kind: "archive_expiring", title: "Bob's archive item expires soon" });

    const list = await listNotifications(alice);
    expect(list.map((item) => item.title)).toEqual(["Support answered TKT-001", "Guardian crashed"]);
    expect(JSON.stringify(list)).not.toContain("Bob");
    expect(await unreadNotificationCount(alice)).toBe(2);
    expect(await unreadNotificationCount(bob)).toBe(1);
  });

  it("marks one as read; another user's ids change nothing", async () => {
    const [bobs] = await listNotifications(bob);
    expect(await markNotificationsRead(alice, [bobs!.id])).toBe(0);
    expect((await listNotifications(bob))[0]!.readAt).toBeNull();

    const [newest] = await listNotifications(alice);
    expect(await markNotificationsRead(alice, [newest!.id])).toBe(1);
    expect(await unreadNotificationCount(alice)).toBe(1);
  });

  it("marks all of the user's notifications read and leaves others' unread", async () => {
    expect(await markNotificationsRead(alice)).toBe(1);
    expect(await unreadNotificationCount(alice)).toBe(0);
    expect(await unreadNotificationCount(bob)).toBe(1);
  });
});

describe("notification emails", () => {
  it("emails the kinds the user's Preferences allow (on by default), and not the others", async () => {
    const { latestEmailTo } = await import("@/lib/mail/outbox");
    const carol = await db.user.create({ data: { email: `bell-carol-${stamp}@example.com`, name: "Carol" } });
    try {
      await notify(carol.id, {
        kind: "ticket_answered",
        title: "Support answered TKT-004",
        body: "Bot offline",
        href: "/dashboard/support/tickets/TKT-004",
      });
      const mail = await latestEmailTo(carol.email, "notification");
      expect(mail?.subject).toBe("Support answered TKT-004");
      expect(mail?.html).toContain("/dashboard/support/tickets/TKT-004");

      await db.userPreferences.create({ data: { userId: carol.id, emailTicketUpdates: false } });
      await notify(carol.id, { kind: "ticket_status", title: "TKT-004 is now Resolved" });
      expect((await latestEmailTo(carol.email, "notification"))?.subject).toBe("Support answered TKT-004");
      expect((await listNotifications(carol.id)).map((item) => item.title)).toContain("TKT-004 is now Resolved");
    } finally {
      await db.user.delete({ where: { id: carol.id } });
    }
  });
});
