/**
 * GET /api/builds/:id — an AI build as its page shows it (steps, plan, the proof's checks, a
 * change's diff); the page follows a running build through ./stream. 404 when it is not the user's.
 */
import { getBuildView } from "@/lib/ai-builder/build/service";
import { getCurrentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

const idPattern = /^[a-z0-9]{1,64}$/i;

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see builds." }, { status: 401 });
  if (!idPattern.test(id)) return Response.json({ error: "Not found." }, { status: 404 });
  const build = await getBuildView(user.id, id);
  if (!build) return Response.json({ error: "Not found." }, { status: 404 });
  return Response.json(build, { headers: { "Cache-Control": "private, no-store" } });
}
