import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

import type { CurrentUser } from "@/lib/auth/session";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { freshClientIp } from "@/tests/setup/test-request";

import {
  closeTicketAction,
  deleteDraftAction,
  recordFaqViewAction,
  replyToTicketAction,
  saveDraftAction,
  submitTicketAction,
} from "./actions";
import { isSupportAdmin, listAllTickets, operatorAccess, operatorTwoFactorMessage, supportAdminEmails } from "./admin";
import { answerTicketAction, setTicketStatusAction } from "./admin-actions";
import { faqEntries } from "./faq";
import { faqViewCounts } from "./faq-views";
import { getTicket, listDrafts, listTickets, ticketStats } from "./service";

// Who is signed in is stood in for; everything else (database, rate limits, audit) is real.
const signedIn = vi.hoisted(() => ({ user: null as CurrentUser | null }));
vi.mock("@/lib/auth/session", () => ({ getCurrentUser: async () => signedIn.user }));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn() }));

const stamp = Date.now().toString(36);
type Name = "alice" | "bob" | "operator";
const users: Record<Name, CurrentUser> = {} as never;
const originalAdmins = env.SUPPORT_ADMIN_EMAILS;

function as(name: Name | null) {
  signedIn.user = name ? users[name] : null;
}

beforeAll(async () => {
  for (const name of ["alice", "bob", "operator"] as const) {
    const user = await db.user.create({
      data: { email: `${name}-sup-${stamp}@example.com`, emailVerified: new Date() },
    });
    users[name] = {
      id: user.id,
      email: user.email,
      emailVerified: true,
      hasPassword: true,
      username: `${name}_${stamp}`,
      fullName: name,
      image: null,
      // Support tools need two-factor sign-in (lib/support/admin.ts, operatorAccess).
      twoFactorEnabled: name === "operator",
      session: { id: `${name}-session`, signedInAt: new Date(), signedInWith: "credentials" },
    };
  }
});

afterAll(async () => {
  await db.user.deleteMany({ where: { id: { in: Object.values(users).map((user) => user.id) } } });
});

beforeEach(async () => {
  freshClientIp();
  // Upper case and spaces: the list is compared case-insensitively.
  env.SUPPORT_ADMIN_EMAILS = ` someone@example.com , ${users.operator.email.toUpperCase()} `;
  await db.supportTicket.deleteMany({ where: { userId: { in: Object.values(users).map((user) => user.id) } } });
  await db.notification.deleteMany({ where: { userId: { in: Object.values(users).map((user) => user.id) } } });
});

afterEach(() => {
  env.SUPPORT_ADMIN_EMAILS = originalAdmins;
});

const ticket = { subject: "Bot will not start", category: "technical" as const, description: "It exits at once." };

async function open(name: Name, subject = ticket.subject) {
  as(name);
  const result = await submitTicketAction({ ...ticket, subject });
  if (!result.ok) throw new Error(result.error);
  return result.data;
}

describe("support tickets", () => {
  it("refuse signed-out callers", async () => {
    as(null);
    for (const result of [
      await submitTicketAction(ticket),
      await saveDraftAction(ticket),
      await replyToTicketAction({ number: 1, body: "hi" }),
      await closeTicketAction({ number: 1 }),
      await recordFaqViewAction({ slug: faqEntries[0]!.slug }),
    ]) {
      expect(result).toMatchObject({ ok: false, code: "signed_out" });
    }
  });

  it("number tickets TKT-001, TKT-002 per user, independently of other users", async () => {
    expect(await open("alice")).toMatchObject({
      number: 1,
      label: "TKT-001",
      href: "/dashboard/support/tickets/TKT-001",
    });
    expect(await open("alice", "Second")).toMatchObject({ number: 2, label: "TKT-002" });
    expect(await open("bob")).toMatchObject({ number: 1, label: "TKT-001" });
    const alices = await listTickets(users.alice.id);
    expect(alices.map((t) => [t.number, t.status, t.priority])).toEqual([
      [2, "open", "medium"],
      [1, "open", "medium"],
    ]);
    const audit = await db.auditEvent.findMany({ where: { userId: users.alice.id, action: "ticket.opened" } });
    expect(audit.map((event) => event.targetLabel)).toEqual(
      expect.arrayContaining(["TKT-001 Bot will not start", "TKT-002 Second"]),
    );
  });

  it("give concurrent submits of one user distinct numbers", async () => {
    as("alice");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, index) => submitTicketAction({ ...ticket, subject: `Concurrent ${index}` })),
    );
    const numbers = results.map((result) => (result.ok ? result.data.number : result.error));
    expect([...numbers].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("validate the form: required fields and the length caps", async () => {
    as("alice");
    const empty = await submitTicketAction({ subject: " ", category: "technical", description: "" });
    expect(empty).toMatchObject({ ok: false, fieldErrors: { subject: ["Add a subject"] } });
    const long = await submitTicketAction({ ...ticket, subject: "x".repeat(121), description: "y".repeat(5001) });
    expect(long.ok).toBe(false);
    if (!long.ok) expect(Object.keys(long.fieldErrors ?? {}).sort()).toEqual(["description", "subject"]);
    const badCategory = await submitTicketAction({ ...ticket, category: "sales" as never });
    expect(badCategory).toMatchObject({ ok: false, fieldErrors: { category: ["Choose a category"] } });
    expect(await listTickets(users.alice.id)).toEqual([]);
  });

  it("keep drafts to resume, update them, and submit one as the next ticket", async () => {
    as("alice");
    const saved = await saveDraftAction({ subject: "Half written", category: "billing", description: "" });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const updated = await saveDraftAction({
      draftId: saved.data.id,
      subject: "Half written",
      category: "billing",
      description: "Now with details",
    });
    expect(updated).toEqual({ ok: true, data: { id: saved.data.id } });
    expect(await listDrafts(users.alice.id)).toMatchObject([
      { id: saved.data.id, subject: "Half written", category: "billing", description: "Now with details" },
    ]);
    // Drafts are not tickets: no number, not listed, not counted.
    expect(await listTickets(users.alice.id)).toEqual([]);
    expect((await ticketStats(users.alice.id)).open).toBe(0);

    expect(await saveDraftAction({ subject: "", category: "billing", description: " " })).toMatchObject({ ok: false });

    const submitted = await submitTicketAction({
      draftId: saved.data.id,
      subject: "Charged twice",
      category: "billing",
      description: "Two charges in May",
    });
    expect(submitted).toMatchObject({ ok: true, data: { number: 1 } });
    expect(await listDrafts(users.alice.id)).toEqual([]);
    expect(await getTicket(users.alice.id, 1)).toMatchObject({ id: saved.data.id, subject: "Charged twice" });

    const other = await saveDraftAction({ subject: "Throwaway", category: "account", description: "" });
    if (!other.ok) throw new Error(other.error);
    expect(await deleteDraftAction({ draftId: other.data.id })).toEqual({ ok: true, data: undefined });
    expect(await listDrafts(users.alice.id)).toEqual([]);
  });

  it("let the owner reply and close; a reply reopens a resolved ticket", async () => {
    await open("alice");
    expect(await replyToTicketAction({ number: 1, body: "  More details  " })).toEqual({
      ok: true,
      data: { reopened: false },
    });
    expect(await replyToTicketAction({ number: 1, body: "" })).toMatchObject({ ok: false });
    expect(await closeTicketAction({ number: 1 })).toEqual({ ok: true, data: undefined });
    const closed = await getTicket(users.alice.id, 1);
    expect(closed).toMatchObject({ status: "resolved", messages: [{ body: "More details", fromStaff: false }] });
    expect(closed?.resolvedAt).toBeInstanceOf(Date);
    expect(await closeTicketAction({ number: 1 })).toMatchObject({ ok: false, code: "resolved" });

    expect(await replyToTicketAction({ number: 1, body: "It broke again" })).toEqual({
      ok: true,
      data: { reopened: true },
    });
    expect(await getTicket(users.alice.id, 1)).toMatchObject({ status: "open", resolvedAt: null });
    const actions = await db.auditEvent.findMany({
      where: { userId: users.alice.id, action: { in: ["ticket.replied", "ticket.closed"] } },
    });
    expect(actions.length).toBeGreaterThanOrEqual(3);
  });

  it("count open (open + in-progress) and resolved-this-month tickets, and the response time", async () => {
    await open("alice", "One");
    await open("alice", "Two");
    await open("alice", "Three");
    await open("bob", "Bob's");
    const [one, two] = await Promise.all([getTicket(users.alice.id, 1), getTicket(users.alice.id, 2)]);
    await db.supportTicket.update({ where: { id: one!.id }, data: { status: "in-progress" } });
    as("alice");
    await closeTicketAction({ number: 3 });
    // Resolved last month: not this month's.
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 15);
    await db.supportTicket.create({
      data: {
        userId: users.alice.id,
        number: 9,
        subject: "Old",
        category: "account",
        description: "x",
        status: "resolved",
        resolvedAt: lastMonth,
      },
    });
    await db.supportMessage.create({
      data: {
        ticketId: two!.id,
        fromStaff: true,
        body: "On it",
        createdAt: new Date(two!.createdAt.getTime() + 2 * 60 * 60 * 1000),
      },
    });
    const stats = await ticketStats(users.alice.id);
    expect(stats).toMatchObject({ open: 2, resolvedThisMonth: 1, total: 4 });
    expect(stats.averageResponseMs).toBeCloseTo(2 * 60 * 60 * 1000, -3);
    expect(await ticketStats(users.bob.id)).toMatchObject({ open: 1, resolvedThisMonth: 0, averageResponseMs: null });
  });

  it("never let user B see, reply to or close user A's tickets or drafts", async () => {
    await open("alice", "Alice's secret");
    as("alice");
    const draft = await saveDraftAction({ subject: "Alice's draft", category: "account", description: "" });
    if (!draft.ok) throw new Error(draft.error);

    as("bob");
    expect(await listTickets(users.bob.id)).toEqual([]);
    expect(await listDrafts(users.bob.id)).toEqual([]);
    expect(await getTicket(users.bob.id, 1)).toBeNull();
    expect(await replyToTicketAction({ number: 1, body: "mine now" })).toMatchObject({ ok: false, code: "not_found" });
    expect(await closeTicketAction({ number: 1 })).toMatchObject({ ok: false, code: "not_found" });
    expect(
      await saveDraftAction({ draftId: draft.data.id, subject: "hijack", category: "account", description: "" }),
    ).toMatchObject({ ok: false, code: "not_found" });
    expect(await deleteDraftAction({ draftId: draft.data.id })).toMatchObject({ ok: false, code: "not_found" });
    expect(await submitTicketAction({ ...ticket, draftId: draft.data.id })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    // Bob's admin attempts change nothing either.
    const alices = await getTicket(users.alice.id, 1);
    expect(await answerTicketAction({ ticketId: alices!.id, body: "fake staff" })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    expect(await setTicketStatusAction({ ticketId: alices!.id, status: "resolved", priority: "low" })).toMatchObject({
      ok: false,
      code: "not_found",
    });

    expect(await getTicket(users.alice.id, 1)).toMatchObject({ status: "open", priority: "medium", messages: [] });
    expect(await listDrafts(users.alice.id)).toMatchObject([{ subject: "Alice's draft" }]);
    expect(await db.notification.count({ where: { userId: users.alice.id } })).toBe(0);
  });
});

describe("support operators", () => {
  it("are the users listed in SUPPORT_ADMIN_EMAILS, compared case-insensitively", () => {
    expect(supportAdminEmails()).toEqual(["someone@example.com", users.operator.email.toLowerCase()]);
    expect(isSupportAdmin(users.operator)).toBe(true);
    expect(isSupportAdmin(users.alice)).toBe(false);
    env.SUPPORT_ADMIN_EMAILS = "";
    expect(isSupportAdmin(users.operator)).toBe(false);
  });

  it("see every user's tickets (never drafts), answer, and the owner is notified", async () => {
    await open("alice", "Alice needs help");
    await open("bob", "Bob needs help");
    as("bob");
    await saveDraftAction({ subject: "Bob's draft", category: "account", description: "" });
    const all = await listAllTickets();
    const mine = all.filter((t) => [users.alice.email, users.bob.email].includes(t.userEmail));
    expect(mine.map((t) => t.subject).sort()).toEqual(["Alice needs help", "Bob needs help"]);

    const alices = (await getTicket(users.alice.id, 1))!;
    as("operator");
    expect(await answerTicketAction({ ticketId: alices.id, body: "Restart it with the new token." })).toEqual({
      ok: true,
      data: { number: 1, status: "in-progress" },
    });
    const thread = await getTicket(users.alice.id, 1);
    expect(thread).toMatchObject({
      status: "in-progress",
      messages: [{ body: "Restart it with the new token.", fromStaff: true }],
    });
    const notes = await db.notification.findMany({ where: { userId: users.alice.id } });
    expect(notes).toMatchObject([
      {
        kind: "ticket_answered",
        title: "Support answered TKT-001",
        body: "Alice needs help",
        href: "/dashboard/support/tickets/TKT-001",
      },
    ]);
    expect(await db.notification.count({ where: { userId: users.bob.id } })).toBe(0);

    // An answer can set the status too.
    expect(await answerTicketAction({ ticketId: alices.id, body: "Fixed.", status: "resolved" })).toMatchObject({
      ok: true,
      data: { status: "resolved" },
    });
    expect((await getTicket(users.alice.id, 1))?.resolvedAt).toBeInstanceOf(Date);
  });

  it("change status and priority; the owner gets a 'ticket_status' notification", async () => {
    await open("alice");
    const alices = (await getTicket(users.alice.id, 1))!;
    as("operator");
    expect(await setTicketStatusAction({ ticketId: alices.id, status: "resolved", priority: "high" })).toEqual({
      ok: true,
      data: { number: 1, changed: true },
    });
    expect(await getTicket(users.alice.id, 1)).toMatchObject({ status: "resolved", priority: "high" });
    expect((await ticketStats(users.alice.id)).resolvedThisMonth).toBe(1);
    // Only the priority changes: no notification.
    expect(await setTicketStatusAction({ ticketId: alices.id, status: "resolved", priority: "low" })).toMatchObject({
      ok: true,
      data: { changed: false },
    });
    expect(await db.notification.findMany({ where: { userId: users.alice.id } })).toMatchObject([
      { kind: "ticket_status", title: "TKT-001 is now Resolved", href: "/dashboard/support/tickets/TKT-001" },
    ]);
    expect(await setTicketStatusAction({ ticketId: "missing", status: "open", priority: "low" })).toMatchObject({
      ok: false,
      code: "not_found",
    });
  });

  it("refuse operators' actions to everyone not listed", async () => {
    await open("alice");
    const alices = (await getTicket(users.alice.id, 1))!;
    as("alice");
    expect(await answerTicketAction({ ticketId: alices.id, body: "I am staff" })).toMatchObject({
      ok: false,
      code: "not_found",
    });
    as(null);
    expect(await answerTicketAction({ ticketId: alices.id, body: "x" })).toMatchObject({ code: "signed_out" });
    expect(await getTicket(users.alice.id, 1)).toMatchObject({ messages: [] });
  });

  it("refuse an operator without two-factor sign-in until it is on", async () => {
    await open("alice");
    const alices = (await getTicket(users.alice.id, 1))!;
    signedIn.user = { ...users.operator, twoFactorEnabled: false };
    expect(operatorAccess(signedIn.user)).toBe("needs-two-factor");
    expect(await answerTicketAction({ ticketId: alices.id, body: "No second factor" })).toMatchObject({
      ok: false,
      code: "two_factor_required",
      error: operatorTwoFactorMessage,
    });
    expect(await setTicketStatusAction({ ticketId: alices.id, status: "resolved", priority: "low" })).toMatchObject({
      code: "two_factor_required",
    });
    expect(await getTicket(users.alice.id, 1)).toMatchObject({ status: "open", messages: [] });
    expect(operatorAccess(users.operator)).toBe("granted");
    expect(operatorAccess(users.alice)).toBe("denied");
  });
});

describe("FAQ views", () => {
  it("increase by one each time an entry is opened, atomically", async () => {
    const slug = faqEntries[1]!.slug;
    const before = (await faqViewCounts())[slug] ?? 0;
    as("alice");
    const results = await Promise.all(Array.from({ length: 5 }, () => recordFaqViewAction({ slug })));
    expect(results.every((result) => result.ok)).toBe(true);
    expect((await faqViewCounts())[slug]).toBe(before + 5);
    expect(await recordFaqViewAction({ slug: "no-such-question" })).toMatchObject({ ok: false, code: "not_found" });
  });
});
