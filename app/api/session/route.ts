/**
 * Who is signed in, for the public pages' navigation. The public pages are static (fast, cached),
 * so the header asks here after loading instead of the server rendering the greeting.
 */
import { getSessionSummary } from "@/lib/auth/session";

export const dynamic = "force-dynamic";

export async function GET() {
  const user = await getSessionSummary();
  return Response.json(
    { user },
    {
      headers: { "Cache-Control": "private, no-store" },
    },
  );
}
