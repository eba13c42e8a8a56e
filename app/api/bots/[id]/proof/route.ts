/**
 * GET /api/bots/:id/proof[?id=proofId] — the bot's newest proof (or the one named) with each
 * check's result and transcript, for the Builder's "Check it" panel while it runs. 404 when the
 * bot is not the user's or has no proof yet.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { getProofView } from "@/lib/blueprint/proof/service";

export const dynamic = "force-dynamic";

const idPattern = /^[a-z0-9]{1,64}$/i;

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see checks." }, { status: 401 });
  const proofId = new URL(request.url).searchParams.get("id") ?? undefined;
  if (!idPattern.test(id) || (proofId !== undefined && !idPattern.test(proofId)))
    return Response.json({ error: "Not found." }, { status: 404 });
  const proof = await getProofView(user.id, id, proofId);
  if (!proof) return Response.json({ error: "No check has run for this bot yet." }, { status: 404 });
  return Response.json(proof, { headers: { "Cache-Control": "private, no-store" } });
}
