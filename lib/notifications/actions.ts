"use server";

import { z } from "zod";

import { validatedAction, type ActionResult } from "@/lib/actions";
import { getCurrentUser } from "@/lib/auth/session";

import { markNotificationsRead, unreadNotificationCount } from "./service";

const signedOut = { ok: false, error: "Your session has ended. Please sign in again.", code: "signed_out" } as const;

/** One id, or none for "Mark all as read". The bell never holds more than 100. */
const markReadSchema = z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(100).optional() });

/**
 * Marks the signed-in user's notifications read (the listed ones, or all) and answers the
 * new unread count. Ids of other users' notifications change nothing.
 */
export async function markNotificationsReadAction(
  input: z.input<typeof markReadSchema>,
): Promise<ActionResult<{ unread: number }>> {
  const user = await getCurrentUser();
  if (!user) return signedOut;
  return validatedAction("notifications.markRead", markReadSchema, async ({ ids }) => {
    await markNotificationsRead(user.id, ids);
    return { unread: await unreadNotificationCount(user.id) };
  })(input);
}
