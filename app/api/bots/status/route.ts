/**
 * GET /api/bots/status — Server-Sent Events with the signed-in user's bots as the runner reports
 * them: the full list first, then again whenever any bot's status or desired state changes.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { subscribeBotStatuses } from "@/lib/bots/status-feed";
import { sseResponse } from "@/lib/http/sse";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) {
    return Response.json(
      { error: "Sign in to follow your bots." },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return sseResponse(request, (send) => subscribeBotStatuses(user.id, (bots) => send({ bots }, "status")));
}
