/** GET /api/bots/:id/logs/download — the bot's stored log (last 10,000 lines) as a text file. */
import { getCurrentUser } from "@/lib/auth/session";
import { logText } from "@/lib/bots/logs";
import { BotNotFoundError } from "@/lib/bots/service";

export const dynamic = "force-dynamic";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to download logs." }, { status: 401 });
  try {
    const text = await logText(user.id, id);
    return new Response(text, {
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Content-Disposition": `attachment; filename="bot-${id}-logs.txt"`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    if (error instanceof BotNotFoundError) return Response.json({ error: "Bot not found." }, { status: 404 });
    throw error;
  }
}
