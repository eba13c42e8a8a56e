/**
 * A user's support tickets and drafts. Every function takes the owner's id and only touches that
 * user's rows, so another user's ticket number or draft id behaves exactly like a missing one.
 */
import { db } from "@/lib/db";
import type { Prisma } from "@/lib/generated/prisma/client";

import type { DraftInput, TicketCategory, TicketFormInput, TicketPriority, TicketStatus } from "./schemas";

export class TicketNotFoundError extends Error {
  constructor() {
    super("Ticket not found");
  }
}

/** The ticket is resolved; the message is for the user. */
export class TicketClosedError extends Error {
  constructor() {
    super("This ticket is already resolved.");
  }
}

/** Numbering takes a lock; a slow 2-core server needs more than Prisma's 5 s default. */
const busyServerTransaction = { maxWait: 10_000, timeout: 20_000 } as const;

const submitted = { not: "draft" } as const;

const ticketSummary = {
  id: true,
  number: true,
  subject: true,
  category: true,
  priority: true,
  status: true,
  createdAt: true,
  updatedAt: true,
  resolvedAt: true,
  _count: { select: { messages: true } },
} as const;

export type TicketSummary = {
  id: string;
  number: number;
  subject: string;
  category: TicketCategory;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
  resolvedAt: Date | null;
  messageCount: number;
};

type SummaryRow = Prisma.SupportTicketGetPayload<{ select: typeof ticketSummary }>;

function toSummary(row: SummaryRow): TicketSummary {
  return {
    id: row.id,
    number: row.number ?? 0,
    subject: row.subject,
    category: row.category as TicketCategory,
    priority: row.priority as TicketPriority,
    status: row.status as TicketStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    resolvedAt: row.resolvedAt,
    messageCount: row._count.messages,
  };
}

/** The user's submitted tickets, most recently updated first, optionally of one status. */
export async function listTickets(userId: string, { status }: { status?: TicketStatus } = {}) {
  const rows = await db.supportTicket.findMany({
    where: { userId, status: status ?? submitted },
    select: ticketSummary,
    orderBy: [{ updatedAt: "desc" }, { number: "desc" }],
  });
  return rows.map(toSummary);
}

export type TicketDraft = {
  id: string;
  subject: string;
  category: TicketCategory;
  description: string;
  updatedAt: Date;
};

export async function listDrafts(userId: string): Promise<TicketDraft[]> {
  const rows = await db.supportTicket.findMany({
    where: { userId, status: "draft" },
    select: { id: true, subject: true, category: true, description: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
  });
  return rows.map((row) => ({ ...row, category: row.category as TicketCategory }));
}

/** Creates a draft, or updates the user's draft `draftId`. */
export async function saveDraft(userId: string, input: DraftInput): Promise<{ id: string }> {
  const data = { subject: input.subject, category: input.category, description: input.description };
  if (!input.draftId) {
    return db.supportTicket.create({ data: { userId, status: "draft", ...data }, select: { id: true } });
  }
  const { count } = await db.supportTicket.updateMany({
    where: { id: input.draftId, userId, status: "draft" },
    data,
  });
  if (count === 0) throw new TicketNotFoundError();
  return { id: input.draftId };
}

export async function deleteDraft(userId: string, draftId: string): Promise<void> {
  const { count } = await db.supportTicket.deleteMany({ where: { id: draftId, userId, status: "draft" } });
  if (count === 0) throw new TicketNotFoundError();
}

/**
 * Opens a ticket (from the form, or from the user's draft `draftId`) with the user's next number.
 * The user's row is locked for the transaction, so concurrent submits of one user queue up and
 * each gets its own number, while other users number independently.
 */
export async function submitTicket(
  userId: string,
  input: TicketFormInput & { draftId?: string },
): Promise<{ id: string; number: number }> {
  return db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM "User" WHERE id = ${userId} FOR UPDATE`;
    if (locked.length === 0) throw new TicketNotFoundError();
    const [row] = await tx.$queryRaw<{ next: number }[]>`
      SELECT (coalesce(max(number), 0) + 1)::int AS next FROM "SupportTicket" WHERE "userId" = ${userId}`;
    const next = row?.next ?? 1;
    const data = {
      number: next,
      subject: input.subject,
      category: input.category,
      description: input.description,
      status: "open",
      // The ticket's date is when it was sent, not when its draft was started.
      createdAt: new Date(),
    };
    if (input.draftId) {
      const { count } = await tx.supportTicket.updateMany({
        where: { id: input.draftId, userId, status: "draft" },
        data,
      });
      if (count === 0) throw new TicketNotFoundError();
      return { id: input.draftId, number: next };
    }
    const ticket = await tx.supportTicket.create({ data: { userId, ...data }, select: { id: true } });
    return { id: ticket.id, number: next };
  }, busyServerTransaction);
}

export type TicketMessage = {
  id: string;
  body: string;
  fromStaff: boolean;
  createdAt: Date;
};

export type TicketThread = TicketSummary & { description: string; messages: TicketMessage[] };

const threadSelect = {
  ...ticketSummary,
  description: true,
  messages: {
    select: { id: true, body: true, fromStaff: true, createdAt: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  },
} satisfies Prisma.SupportTicketSelect;

export function toThread(row: Prisma.SupportTicketGetPayload<{ select: typeof threadSelect }>): TicketThread {
  return { ...toSummary(row), description: row.description, messages: row.messages };
}
export { threadSelect };

/** The user's ticket `number` with its messages, or null. */
export async function getTicket(userId: string, number: number): Promise<TicketThread | null> {
  const row = await db.supportTicket.findFirst({
    where: { userId, number, status: submitted },
    select: threadSelect,
  });
  return row ? toThread(row) : null;
}

/**
 * Adds the user's reply. A reply to a resolved ticket reopens it: the user still needs help.
 */
export async function replyToTicket(
  userId: string,
  number: number,
  body: string,
): Promise<{ id: string; reopened: boolean }> {
  return db.$transaction(async (tx) => {
    const ticket = await tx.supportTicket.findFirst({
      where: { userId, number, status: submitted },
      select: { id: true, status: true },
    });
    if (!ticket) throw new TicketNotFoundError();
    await tx.supportMessage.create({ data: { ticketId: ticket.id, authorId: userId, fromStaff: false, body } });
    const reopened = ticket.status === "resolved";
    await tx.supportTicket.update({
      where: { id: ticket.id },
      data: { updatedAt: new Date(), ...(reopened ? { status: "open", resolvedAt: null } : {}) },
    });
    return { id: ticket.id, reopened };
  });
}

/** Close Ticket: the user says it is solved. */
export async function closeTicket(userId: string, number: number): Promise<{ id: string }> {
  const ticket = await db.supportTicket.findFirst({
    where: { userId, number, status: submitted },
    select: { id: true, status: true },
  });
  if (!ticket) throw new TicketNotFoundError();
  const { count } = await db.supportTicket.updateMany({
    where: { id: ticket.id, status: { in: ["open", "in-progress"] } },
    data: { status: "resolved", resolvedAt: new Date() },
  });
  if (count === 0) throw new TicketClosedError();
  return { id: ticket.id };
}

export type TicketStats = {
  /** Open and in-progress tickets. */
  open: number;
  resolvedThisMonth: number;
  total: number;
  /** Mean time from opening a ticket to the first staff answer, over answered tickets; null if none. */
  averageResponseMs: number | null;
};

/** The stat cards; "this month" is the calendar month in UTC. */
export async function ticketStats(userId: string, now = new Date()): Promise<TicketStats> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [open, resolvedThisMonth, total, response] = await Promise.all([
    db.supportTicket.count({ where: { userId, status: { in: ["open", "in-progress"] } } }),
    db.supportTicket.count({ where: { userId, status: "resolved", resolvedAt: { gte: monthStart } } }),
    db.supportTicket.count({ where: { userId, status: submitted } }),
    db.$queryRaw<{ average: number | null }[]>`
      SELECT avg(extract(epoch FROM first_answer - t."createdAt") * 1000)::float8 AS average
      FROM "SupportTicket" t
      CROSS JOIN LATERAL (
        SELECT min(m."createdAt") AS first_answer FROM "SupportMessage" m
        WHERE m."ticketId" = t.id AND m."fromStaff"
      ) a
      WHERE t."userId" = ${userId} AND t.status <> 'draft' AND a.first_answer IS NOT NULL`,
  ]);
  const average = response[0]?.average;
  return { open, resolvedThisMonth, total, averageResponseMs: average == null ? null : Math.max(0, average) };
}
