/**
 * The bell's notifications. Everything is scoped to the user it belongs to; producers (the
 * runner, support replies, the archive job) call `notify`.
 */
import { createElement } from "react";

import NotificationEmail, { templateName as notificationTemplate } from "@/emails/notification";
import { db } from "@/lib/db";
import { env } from "@/lib/env";
import { sendEmail } from "@/lib/mail/send-email";

export const notificationKinds = [
  "bot_crashed",
  "ticket_answered",
  "ticket_status",
  "archive_expiring",
  "system",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Which Preferences switch decides whether a kind is also emailed. */
const emailPreferenceFor: Partial<Record<NotificationKind, "emailTicketUpdates" | "emailBotAlerts">> = {
  ticket_answered: "emailTicketUpdates",
  ticket_status: "emailTicketUpdates",
  bot_crashed: "emailBotAlerts",
  archive_expiring: "emailBotAlerts",
};

/**
 * Adds a notification to the user's bell and, when their Preferences allow that kind (on by
 * default), emails it. A failed email is logged (in the outbox) and never fails the caller.
 */
export async function notify(
  userId: string,
  input: { kind: NotificationKind; title: string; body?: string; href?: string },
): Promise<void> {
  await db.notification.create({
    data: { userId, kind: input.kind, title: input.title, body: input.body ?? "", href: input.href ?? null },
  });
  const preference = emailPreferenceFor[input.kind];
  if (!preference) return;
  // Through the narrow view: the runner's database role, which sends crash emails, may not read "User".
  const [user] = await db.$queryRaw<
    { email: string; name: string | null; emailBotAlerts: boolean; emailTicketUpdates: boolean }[]
  >`SELECT email, name, "emailBotAlerts", "emailTicketUpdates" FROM "NotificationRecipient" WHERE "userId" = ${userId}`;
  if (!user || !user[preference]) return;
  try {
    await sendEmail({
      to: user.email,
      subject: input.title,
      template: notificationTemplate,
      react: createElement(NotificationEmail, {
        name: user.name,
        title: input.title,
        body: input.body ?? "",
        url: new URL(input.href ?? "/dashboard", env.SITE_URL).toString(),
      }),
    });
  } catch (error) {
    console.error(`[notify] could not email a ${input.kind} notification`, error);
  }
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
