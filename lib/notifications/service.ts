/**
 * The bell's notifications. Everything is scoped to the user it belongs to; producers (the
 * runner, support replies, the archive job) call `notify`.
 */
import { db } from "@/lib/db";

export const notificationKinds = [
  "bot_crashed",
  "ticket_answered",
  "ticket_status",
  "archive_expiring",
  "system",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

export async function notify(
  userId: string,
  input: { kind: NotificationKind; title: string; body?: string; href?: string },
): Promise<void> {
  await db.notification.create({
    data: { userId, kind: input.kind, title: input.title, body: input.body ?? "", href: input.href ?? null },
  });
}

export function listNotifications(userId: string, { take = 20 }: { take?: number } = {}) {
  return db.notification.findMany({
    where: { userId },
    orderBy: { createdAt: "desc" },
    take: Math.min(Math.max(take, 1), 100),
    select: { id: true, kind: true, title: true, body: true, href: true, readAt: true, createdAt: true },
  });
}

export function unreadNotificationCount(userId: string): Promise<number> {
  return db.notification.count({ where: { userId, readAt: null } });
}

/** Marks the user's own notifications read; ids of other users' notifications change nothing. */
export async function markNotificationsRead(userId: string, ids?: string[]): Promise<number> {
  const { count } = await db.notification.updateMany({
    where: { userId, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
    data: { readAt: new Date() },
  });
  return count;
}
