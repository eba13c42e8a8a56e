/**
 * GET /api/search?q=… — the top bar's as-you-type search over the signed-in user's own data.
 * A route handler rather than a server action so the palette can cancel stale requests.
 */
import { getCurrentUser } from "@/lib/auth/session";
import { searchDashboard } from "@/lib/search/service";
import { maxSearchQueryLength } from "@/lib/search/types";
import { findUnstorable, isTextEncodingError, unstorableMessage } from "@/lib/validation/text";

export const dynamic = "force-dynamic";

const noStore = { "Cache-Control": "private, no-store" };

export async function GET(request: Request) {
  const user = await getCurrentUser();
  if (!user) return Response.json({ error: "Sign in to search." }, { status: 401, headers: noStore });
  const query = new URL(request.url).searchParams.get("q") ?? "";
  if (query.length > maxSearchQueryLength) {
    return Response.json(
      { error: `Search for at most ${maxSearchQueryLength} characters.` },
      { status: 400, headers: noStore },
    );
  }
  const unstorable = findUnstorable(query);
  if (unstorable) {
    return Response.json({ error: unstorableMessage(unstorable, "The search") }, { status: 400, headers: noStore });
  }
  try {
    return Response.json(await searchDashboard(user.id, query), { headers: noStore });
  } catch (error) {
    if (isTextEncodingError(error)) {
      return Response.json(
        { error: "The search contains a character that cannot be searched for." },
        { status: 400, headers: noStore },
      );
    }
    console.error("[api/search] failed", { userId: user.id }, error);
    return Response.json({ error: "Search failed. Please try again." }, { status: 500, headers: noStore });
  }
}
