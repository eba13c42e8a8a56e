/**
 * GET /api/simulator/events — the signed-in user's simulated Discord, live: the simulator's event
 * stream for this user's world only, passed through to the Test tab.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { takeStreamSlot, tooManyStreams } from "@/lib/http/sse";
import { openWorldEvents, SimulatorError } from "@/lib/simulator/client";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to test your bots." }, { status: 401 });
  const release = takeStreamSlot(user.id);
  if (!release) return tooManyStreams();
  request.signal.addEventListener("abort", release, { once: true });
  try {
    const upstream = await openWorldEvents(user.id, request.signal);
    // The slot is given back when the client leaves (abort) or the simulator ends the stream.
    const body = upstream.body?.pipeThrough(new TransformStream({ flush: release }));
    if (!body) release();
    return new Response(body ?? null, {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "private, no-store, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  } catch (error) {
    release();
    if (error instanceof SimulatorError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
