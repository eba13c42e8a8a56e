/** GET /api/analytics?period=7d — the signed-in user's analytics (the page refreshes from it live). */
import { parsePeriod } from "@/lib/analytics/periods";
import { getAnalytics } from "@/lib/analytics/queries";
import { getCurrentUser } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see analytics." }, { status: 401 });
  const period = parsePeriod(new URL(request.url).searchParams.get("period"));
  try {
    return Response.json(await getAnalytics(user.id, period), { headers: { "Cache-Control": "private, no-store" } });
  } catch (error) {
    console.error("[api/analytics] failed", { userId: user.id, period }, error);
    return Response.json({ error: "Analytics could not be loaded." }, { status: 500 });
  }
}
