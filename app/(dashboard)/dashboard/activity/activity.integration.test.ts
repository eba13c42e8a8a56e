import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { listAuditEvents, recordAudit } from "@/lib/audit/service";
import { db } from "@/lib/db";

const stamp = Date.now().toString(36);
let alice: string;
let bob: string;

beforeAll(async () => {
  alice = (await db.user.create({ data: { email: `activity-alice-${stamp}@example.com` } })).id;
  bob = (await db.user.create({ data: { email: `activity-bob-${stamp}@example.com` } })).id;
  const start = Date.now() - 60 * 60_000;
  await db.auditEvent.createMany({
    data: Array.from({ length: 30 }, (_, index) => ({
      userId: alice,
      action: "bot.saved",
      targetType: "bot",
      targetLabel: `Bot ${index + 1}`,
      ip: "203.0.113.7",
      createdAt: new Date(start + index * 1000),
    })),
  });
  await recordAudit(bob, "auth.sign_in", undefined, { ip: "198.51.100.1" });
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: [alice, bob] } } });
});

describe("the Activity Log's data", () => {
  it("pages the user's own events, newest first", async () => {
    const first = await listAuditEvents(alice, { page: 1 });
    expect(first).toMatchObject({ total: 30, page: 1, pages: 2, pageSize: 25 });
    expect(first.events).toHaveLength(25);
    expect(first.events[0]).toMatchObject({ targetLabel: "Bot 30", ip: "203.0.113.7", action: "bot.saved" });
    const second = await listAuditEvents(alice, { page: 2 });
    expect(second.events.map((event) => event.targetLabel)).toEqual(["Bot 5", "Bot 4", "Bot 3", "Bot 2", "Bot 1"]);
  });

  it("never shows another user's events", async () => {
    const mine = await listAuditEvents(alice, { page: 1, pageSize: 100 });
    expect(mine.events.every((event) => event.action === "bot.saved")).toBe(true);
    const bobs = await listAuditEvents(bob);
    expect(bobs.events).toEqual([expect.objectContaining({ action: "auth.sign_in", ip: "198.51.100.1" })]);
  });

  it("reports a page past the end as such, so the page can send the user to the last one", async () => {
    expect(await listAuditEvents(alice, { page: 9 })).toMatchObject({ page: 9, pages: 2, events: [] });
  });
});
