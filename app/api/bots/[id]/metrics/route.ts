/** GET /api/bots/:id/metrics?range=1h|24h|7d — the bot's resource samples for the Metrics tab. */
import { getCurrentUser } from "@/lib/auth/session";
import { BotNotFoundError } from "@/lib/bots/service";
import { getBotMetrics, parseMetricRange } from "@/lib/hosting/queries";

export const dynamic = "force-dynamic";

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see metrics." }, { status: 401 });
  try {
    const range = parseMetricRange(new URL(request.url).searchParams.get("range"));
    return Response.json(await getBotMetrics(user.id, id, range), {
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    if (error instanceof BotNotFoundError) return Response.json({ error: "Bot not found." }, { status: 404 });
    throw error;
  }
}
