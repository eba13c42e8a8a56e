/**
 * Support operators: users whose email is listed in SUPPORT_ADMIN_EMAILS see every user's
 * submitted tickets, answer them and change their status; the ticket's owner is notified.
 */
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { notify } from "@/lib/notifications/service";

import { formatTicketNumber, ticketHref, ticketStatusLabels, type TicketPriority, type TicketStatus } from "./schemas";
import { threadSelect, TicketNotFoundError, toThread, type TicketThread } from "./service";

/**
 * The operators' addresses, lower-cased. Read here until lib/env.ts declares the variable
 * (comma-separated list of emails).
 */
export function supportAdminEmails(): string[] {
  return env.SUPPORT_ADMIN_EMAILS.split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean);
}

export function isSupportAdmin(user: { email: string } | null | undefined): boolean {
  if (!user) return false;
  return supportAdminEmails().includes(user.email.trim().toLowerCase());
}

/** Where an operator without two-factor is sent: Account Settings → Security. */
export const operatorTwoFactorPath = "/dashboard/settings#security";
export const operatorTwoFactorMessage =
  "Support tools need two-factor authentication. Turn it on in Account Settings → Security.";

/**
 * Who may use the support tools: operators (SUPPORT_ADMIN_EMAILS) with two-factor sign-in on. An
 * operator without it is sent to set it up first; anyone else gets "not found".
 */
export function operatorAccess(
  user: { email: string; twoFactorEnabled: boolean } | null | undefined,
): "denied" | "needs-two-factor" | "granted" {
  if (!user || !isSupportAdmin(user)) return "denied";
  return user.twoFactorEnabled ? "granted" : "needs-two-factor";
}

export type AdminTicketSummary = {
  id: string;
  number: number;
  subject: string;
  category: string;
  priority: TicketPriority;
  status: TicketStatus;
  createdAt: Date;
  updatedAt: Date;
  userEmail: string;
  messageCount: number;
};

/** Every user's submitted tickets (never drafts), most recently updated first. */
export async function listAllTickets({ status }: { status?: TicketStatus } = {}): Promise<AdminTicketSummary[]> {
  const rows = await db.supportTicket.findMany({
    where: { status: status ?? { not: "draft" } },
    select: {
      id: true,
      number: true,
      subject: true,
      category: true,
      priority: true,
      status: true,
      createdAt: true,
      updatedAt: true,
      user: { select: { email: true } },
      _count: { select: { messages: true } },
    },
    orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
    take: 500,
  });
  return rows.map((row) => ({
    id: row.id,
    number: row.number ?? 0,
    subject: row.subject,
    category: row.category,
    priority: row.priority as TicketPriority,
    status: row.status as TicketStatus,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    userEmail: row.user.email,
    messageCount: row._count.messages,
  }));
}

export async function adminTicketCounts(): Promise<Record<TicketStatus, number>> {
  const groups = await db.supportTicket.groupBy({
    by: ["status"],
    where: { status: { not: "draft" } },
    _count: { _all: true },
  });
  const counts: Record<TicketStatus, number> = { open: 0, "in-progress": 0, resolved: 0 };
  for (const group of groups) {
    if (group.status in counts) counts[group.status as TicketStatus] = group._count._all;
  }
  return counts;
}

export type AdminTicketThread = TicketThread & { userId: string; userEmail: string };

export async function getTicketForAdmin(ticketId: string): Promise<AdminTicketThread | null> {
  const row = await db.supportTicket.findFirst({
    where: { id: ticketId, status: { not: "draft" } },
    select: { ...threadSelect, userId: true, user: { select: { email: true } } },
  });
  return row ? { ...toThread(row), userId: row.userId, userEmail: row.user.email } : null;
}

/**
 * An operator's answer: a staff message, the status moved to `status` (in-progress unless given),
 * and a 'ticket_answered' notification for the ticket's owner.
 */
export async function answerTicket(
  staffUserId: string,
  ticketId: string,
  body: string,
  status?: TicketStatus,
): Promise<{ number: number; status: TicketStatus }> {
  const nextStatus = status ?? "in-progress";
  const ticket = await db.$transaction(async (tx) => {
    const found = await tx.supportTicket.findFirst({
      where: { id: ticketId, status: { not: "draft" } },
      select: { id: true, userId: true, number: true, subject: true },
    });
    if (!found) throw new TicketNotFoundError();
    await tx.supportMessage.create({ data: { ticketId, authorId: staffUserId, fromStaff: true, body } });
    await tx.supportTicket.update({
      where: { id: ticketId },
      data: {
        status: nextStatus,
        updatedAt: new Date(),
        resolvedAt: nextStatus === "resolved" ? new Date() : null,
      },
    });
    return found;
  });
  const number = ticket.number ?? 0;
  await notify(ticket.userId, {
    kind: "ticket_answered",
    title: `Support answered ${formatTicketNumber(number)}`,
    body: ticket.subject,
    href: ticketHref(number),
  });
  return { number, status: nextStatus };
}

/** Changes a ticket's status and priority; the owner is told when the status changed. */
export async function setTicketStatus(
  ticketId: string,
  status: TicketStatus,
  priority?: TicketPriority,
): Promise<{ number: number; changed: boolean }> {
  const ticket = await db.supportTicket.findFirst({
    where: { id: ticketId, status: { not: "draft" } },
    select: { userId: true, number: true, subject: true, status: true, resolvedAt: true },
  });
  if (!ticket) throw new TicketNotFoundError();
  const changed = ticket.status !== status;
  await db.supportTicket.update({
    where: { id: ticketId },
    data: {
      status,
      ...(priority ? { priority } : {}),
      resolvedAt: status === "resolved" ? (changed ? new Date() : ticket.resolvedAt) : null,
    },
  });
  const number = ticket.number ?? 0;
  if (changed) {
    await notify(ticket.userId, {
      kind: "ticket_status",
      title: `${formatTicketNumber(number)} is now ${ticketStatusLabels[status]}`,
      body: ticket.subject,
      href: ticketHref(number),
    });
  }
  return { number, changed };
}
