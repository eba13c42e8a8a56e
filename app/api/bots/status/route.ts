/**
 * GET /api/bots/status — Server-Sent Events with the signed-in user's bots as the runner reports
 * them: the full list first, then again whenever any bot's status or desired state changes.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { listBotStatuses } from "@/lib/bots/hosting";
import { sseResponse } from "@/lib/http/sse";

export const dynamic = "force-dynamic";

/** The runner writes status within a second of a change; checking as often keeps the badge honest. */
const pollMs = 1_000;

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) {
    return Response.json(
      { error: "Sign in to follow your bots." },
      { status: 401, headers: { "Cache-Control": "no-store" } },
    );
  }
  return sseResponse(request, (send) => {
    let last = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      try {
        const bots = await listBotStatuses(user.id);
        const text = JSON.stringify(bots);
        if (text !== last) {
          last = text;
          send({ bots }, "status");
        }
      } catch (error) {
        console.error("[api/bots/status] failed", { userId: user.id }, error);
      }
      if (!stopped) timer = setTimeout(tick, pollMs);
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  });
}
