/**
 * GET /api/hosting/stream — the Hosting page, live: the signed-in user's hosting overview as
 * Server-Sent Events (event "hosting"), sent again whenever anything on it changes.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { getHostingOverview } from "@/lib/hosting/queries";
import { sseResponse } from "@/lib/http/sse";
import { operatorAccess } from "@/lib/support/admin";

export const dynamic = "force-dynamic";

/** Runners report every 5 s; statuses change within a second of an action. */
const pollMs = 2_000;

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see hosting." }, { status: 401 });
  const operator = operatorAccess(user) === "granted";
  return sseResponse(request, user.id, (send) => {
    let last = "";
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      try {
        const overview = await getHostingOverview(user.id, { operator });
        // generatedAt changes every time; compare everything else.
        const text = JSON.stringify({ ...overview, generatedAt: "" });
        if (text !== last) {
          last = text;
          send(overview, "hosting");
        }
      } catch (error) {
        console.error("[api/hosting/stream] failed", { userId: user.id }, error);
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
