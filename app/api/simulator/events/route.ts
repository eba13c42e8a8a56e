/**
 * GET /api/simulator/events — the signed-in user's simulated Discord, live: the simulator's event
 * stream for this user's world only, passed through to the Test tab.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { openWorldEvents, SimulatorError } from "@/lib/simulator/client";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to test your bots." }, { status: 401 });
  try {
    const upstream = await openWorldEvents(user.id, request.signal);
    return new Response(upstream.body, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "private, no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (error) {
    if (error instanceof SimulatorError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
