/**
 * GET /api/notifications — the bell's list and unread count for the signed-in user. Polled
 * while the tab is visible, so it is a plain JSON read that is never cached.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { listNotifications, unreadNotificationCount } from "@/lib/notifications/service";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

export async function GET() {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see notifications." }, { status: 401, headers: noStore });
  try {
    const [notifications, unread] = await Promise.all([
      listNotifications(user.id, { take: 20 }),
      unreadNotificationCount(user.id),
    ]);
    return Response.json({ notifications, unread }, { headers: noStore });
  } catch (error) {
    console.error("[api/notifications] failed", { userId: user.id }, error);
    return Response.json({ error: "Notifications could not be loaded." }, { status: 500, headers: noStore });
  }
}
