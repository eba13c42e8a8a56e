/**
 * GET /api/bots/:id/logs/stream?after=<line id> — the bot's new log lines as Server-Sent Events
 * (event "lines", data: LogLine[]), for the Logs tab's live tail.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { logLinesAfter } from "@/lib/bots/logs";
import { assertOwnedBot, BotNotFoundError } from "@/lib/bots/service";
import { sseResponse } from "@/lib/http/sse";

export const dynamic = "force-dynamic";

const pollMs = 1_000;

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to see logs." }, { status: 401 });
  try {
    await assertOwnedBot(user.id, id);
  } catch (error) {
    if (error instanceof BotNotFoundError) return Response.json({ error: "Bot not found." }, { status: 404 });
    throw error;
  }
  const after = new URL(request.url).searchParams.get("after");
  let last = after && /^\d{1,19}$/.test(after) ? after : null;

  return sseResponse(request, user.id, (send) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const tick = async () => {
      try {
        const lines = await logLinesAfter(id, last);
        if (lines.length) {
          last = lines.at(-1)!.id;
          send(lines, "lines");
        }
      } catch (error) {
        console.error("[api/bots/logs/stream] failed", { botId: id }, error);
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
