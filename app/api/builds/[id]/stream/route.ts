/**
 * GET /api/builds/:id/stream — an AI build as it happens, as Server-Sent Events: event "build"
 * (the same view as GET /api/builds/:id) each time a step, the plan or a check changes, within
 * ~300 ms. The stream ends once the build is finished or waits for the user (a plan to confirm, a change to review).
 */
import { getBuildView } from "@/lib/ai-builder/build/service";
import { finishedBuildStatuses } from "@/lib/ai-builder/build/types";
import { getCurrentUser } from "@/lib/auth/session";
import { sseResponse } from "@/lib/http/sse";

export const dynamic = "force-dynamic";

const idPattern = /^[a-z0-9]{1,64}$/i;
const pollMs = 300;

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see builds." }, { status: 401 });
  if (!idPattern.test(id)) return Response.json({ error: "Not found." }, { status: 404 });
  const first = await getBuildView(user.id, id);
  if (!first) return Response.json({ error: "Not found." }, { status: 404 });

  return sseResponse(request, user.id, (send) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let last = "";
    const tick = async () => {
      try {
        const view = await getBuildView(user.id, id);
        if (!view) {
          send({ error: "Not found." }, "gone");
          return;
        }
        const json = JSON.stringify(view);
        if (json !== last) {
          last = json;
          send(view, "build");
        }
        if (finishedBuildStatuses.includes(view.status) || view.status === "review" || view.status === "planned") {
          send(null, "end");
          return;
        }
      } catch (error) {
        console.error("[api/builds/stream] failed", { buildId: id }, error);
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
