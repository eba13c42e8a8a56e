/** GET /api/simulator/world — the signed-in user's simulated Discord as it is now (Test tab refresh). */
import { getCurrentUser } from "@/lib/auth/session";
import { getWorld, SimulatorError } from "@/lib/simulator/client";

export const dynamic = "force-dynamic";

export async function GET() {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to test your bots." }, { status: 401 });
  try {
    return Response.json(await getWorld(user.id), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    if (error instanceof SimulatorError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
