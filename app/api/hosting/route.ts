/** GET /api/hosting — the signed-in user's hosting overview now (Refresh Status). */
import { getCurrentUser } from "@/lib/auth/session";
import { getHostingOverview } from "@/lib/hosting/queries";
import { operatorAccess } from "@/lib/support/admin";

export const dynamic = "force-dynamic";

export async function GET() {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see hosting." }, { status: 401 });
  return Response.json(await getHostingOverview(user.id, { operator: operatorAccess(user) === "granted" }), {
    headers: { "Cache-Control": "private, no-store" },
  });
}
