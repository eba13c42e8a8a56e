/**
 * GET /api/bots/status — the signed-in user's bots as the runner reports them (status, desired
 * state, reason). Polled by every badge and count on the dashboard: plain JSON, not a stream,
 * so a user with many tabs open never runs out of the browser's connections to the site.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { getBotStatusesCached } from "@/lib/bots/status-feed";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

export async function GET() {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to follow your bots." }, { status: 401, headers: noStore });
  try {
    return Response.json({ bots: await getBotStatusesCached(user.id) }, { headers: noStore });
  } catch (error) {
    console.error("[api/bots/status] failed", { userId: user.id }, error);
    return Response.json({ error: "Statuses could not be loaded." }, { status: 500, headers: noStore });
  }
}
